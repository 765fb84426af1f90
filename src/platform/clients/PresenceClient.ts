/**
 * The typed client of the presence (both readings of the lookup) service, from its definition, through PlatformHttp. See checkedClient.ts for
 * what every method checks and how it fails.
 *
 * @module
 */
import * as Context from "effect/Context"
import * as Layer from "effect/Layer"
import { PresenceServiceApi } from "../api/registry.ts"
import { type CheckedClientOf, makeCheckedClient } from "./checkedClient.ts"

/** The presence client: `client.<group>.<endpoint>(request)`. */
export class PresenceClient extends Context.Service<PresenceClient, CheckedClientOf<typeof PresenceServiceApi>>()(
  "platform-web-client/platform/clients/PresenceClient"
) {
  /** The client over PlatformHttp, calling `PlatformConfig.baseUrls.presence`. */
  static readonly layer = Layer.effect(PresenceClient, makeCheckedClient(PresenceServiceApi, "presence"))
}
