/**
 * The typed client of the game internationalization (autolocalization, automatic translation, status counts, tables, source and supported languages, analytics) service, from its definition, through PlatformHttp. See checkedClient.ts for
 * what every method checks and how it fails.
 *
 * @module
 */
import * as Context from "effect/Context"
import * as Layer from "effect/Layer"
import { GameInternationalizationApi } from "../api/gameInternationalization/api.ts"
import { type CheckedClientOf, makeCheckedClient } from "./checkedClient.ts"

/** The gameInternationalization client: `client.<group>.<endpoint>(request)`. */
export class GameInternationalizationClient extends Context.Service<GameInternationalizationClient, CheckedClientOf<typeof GameInternationalizationApi>>()(
  "platform-web-client/platform/clients/GameInternationalizationClient"
) {
  /** The client over PlatformHttp, calling `PlatformConfig.baseUrls.gameInternationalization`. */
  static readonly layer = Layer.effect(GameInternationalizationClient, makeCheckedClient(GameInternationalizationApi, "gameInternationalization"))
}
