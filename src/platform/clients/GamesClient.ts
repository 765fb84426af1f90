/**
 * The typed client of the games (list, details, places, servers, passes, recommendations, creators' games) service, from its definition, through PlatformHttp. See checkedClient.ts for
 * what every method checks and how it fails.
 *
 * @module
 */
import * as Context from "effect/Context"
import * as Layer from "effect/Layer"
import { GamesServiceApi } from "../api/registry.ts"
import { type CheckedClientOf, makeCheckedClient } from "./checkedClient.ts"

/** The games client: `client.<group>.<endpoint>(request)`. */
export class GamesClient extends Context.Service<GamesClient, CheckedClientOf<typeof GamesServiceApi>>()(
  "platform-web-client/platform/clients/GamesClient"
) {
  /** The client over PlatformHttp, calling `PlatformConfig.baseUrls.games`. */
  static readonly layer = Layer.effect(GamesClient, makeCheckedClient(GamesServiceApi, "games"))
}
