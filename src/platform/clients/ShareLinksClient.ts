/**
 * The typed client of the share links (link resolution) service, from its definition, through PlatformHttp. See checkedClient.ts for
 * what every method checks and how it fails.
 *
 * @module
 */
import * as Context from "effect/Context"
import * as Layer from "effect/Layer"
import { ShareLinksApi } from "../api/shareLinks.ts"
import { type CheckedClientOf, makeCheckedClient } from "./checkedClient.ts"

/** The shareLinks client: `client.<group>.<endpoint>(request)`. */
export class ShareLinksClient extends Context.Service<ShareLinksClient, CheckedClientOf<typeof ShareLinksApi>>()(
  "platform-web-client/platform/clients/ShareLinksClient"
) {
  /** The client over PlatformHttp, calling `PlatformConfig.baseUrls.shareLinks`. */
  static readonly layer = Layer.effect(ShareLinksClient, makeCheckedClient(ShareLinksApi, "shareLinks"))
}
