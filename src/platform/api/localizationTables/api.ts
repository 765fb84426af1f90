/**
 * The localization tables service: localization tables and their entries, a game's automatic table and its
 * autolocalization settings. Paths are relative to `PlatformConfig.baseUrls.localizationTables`.
 *
 * @module
 */
import * as HttpApi from "effect/http-api/HttpApi"
import * as OpenApi from "effect/http-api/OpenApi"
import { AutoLocalizationTableGroup } from "./autoLocalizationTable.ts"
import { LocalizationTableGroup } from "./localizationTable.ts"

/** The localization tables service. */
export class LocalizationTablesApi extends HttpApi.make("localizationTables").add(
  LocalizationTableGroup,
  AutoLocalizationTableGroup
).annotateMerge(OpenApi.annotations({ title: "Localization tables", version: "v1" })) {}
