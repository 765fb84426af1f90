/**
 * The typed client of the localization tables (a game's automatic table) service, from its definition, through PlatformHttp. See checkedClient.ts for
 * what every method checks and how it fails.
 *
 * @module
 */
import * as Context from "effect/Context"
import * as Layer from "effect/Layer"
import { LocalizationTablesApi } from "../api/localizationTables.ts"
import { type CheckedClientOf, makeCheckedClient } from "./checkedClient.ts"

/** The localizationTables client: `client.<group>.<endpoint>(request)`. */
export class LocalizationTablesClient extends Context.Service<LocalizationTablesClient, CheckedClientOf<typeof LocalizationTablesApi>>()(
  "platform-web-client/platform/clients/LocalizationTablesClient"
) {
  /** The client over PlatformHttp, calling `PlatformConfig.baseUrls.localizationTables`. */
  static readonly layer = Layer.effect(LocalizationTablesClient, makeCheckedClient(LocalizationTablesApi, "localizationTables"))
}
