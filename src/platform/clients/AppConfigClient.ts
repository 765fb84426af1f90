/**
 * The typed client of the universal app configuration (the page-heartbeat behaviour) service, from its definition, through PlatformHttp. See checkedClient.ts for
 * what every method checks and how it fails.
 *
 * @module
 */
import * as Context from "effect/Context"
import * as Layer from "effect/Layer"
import { AppConfigApi } from "../api/appConfig.ts"
import { type CheckedClientOf, makeCheckedClient } from "./checkedClient.ts"

/** The apiGateway client: `client.<group>.<endpoint>(request)`. */
export class AppConfigClient extends Context.Service<AppConfigClient, CheckedClientOf<typeof AppConfigApi>>()(
  "platform-web-client/platform/clients/AppConfigClient"
) {
  /** The client over PlatformHttp, calling `PlatformConfig.baseUrls.apiGateway`. */
  static readonly layer = Layer.effect(AppConfigClient, makeCheckedClient(AppConfigApi, "apiGateway"))
}
