/**
 * The typed client of the performance metrics (measurement batches) service, from its definition, through PlatformHttp. See checkedClient.ts for
 * what every method checks and how it fails.
 *
 * @module
 */
import * as Context from "effect/Context"
import * as Layer from "effect/Layer"
import { MetricsApi } from "../api/metrics.ts"
import { type CheckedClientOf, makeCheckedClient } from "./checkedClient.ts"

/** The metrics client: `client.<group>.<endpoint>(request)`. */
export class MetricsClient extends Context.Service<MetricsClient, CheckedClientOf<typeof MetricsApi>>()(
  "platform-web-client/platform/clients/MetricsClient"
) {
  /** The client over PlatformHttp, calling `PlatformConfig.baseUrls.metrics`. */
  static readonly layer = Layer.effect(MetricsClient, makeCheckedClient(MetricsApi, "metrics"))
}
