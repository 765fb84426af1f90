/**
 * The typed client of the thumbnails (every image kind and the batch call) service, from its definition, through PlatformHttp. See checkedClient.ts for
 * what every method checks and how it fails.
 *
 * @module
 */
import * as Context from "effect/Context"
import * as Layer from "effect/Layer"
import { ThumbnailsServiceApi } from "../api/registry.ts"
import { type CheckedClientOf, makeCheckedClient } from "./checkedClient.ts"

/** The thumbnails client: `client.<group>.<endpoint>(request)`. */
export class ThumbnailsClient extends Context.Service<ThumbnailsClient, CheckedClientOf<typeof ThumbnailsServiceApi>>()(
  "platform-web-client/platform/clients/ThumbnailsClient"
) {
  /** The client over PlatformHttp, calling `PlatformConfig.baseUrls.thumbnails`. */
  static readonly layer = Layer.effect(ThumbnailsClient, makeCheckedClient(ThumbnailsServiceApi, "thumbnails"))
}
