/**
 * The localization tables service: localization tables and their entries, a game's automatic table and its
 * autolocalization settings. Paths are relative to `PlatformConfig.baseUrls.localizationTables`.
 *
 * @module
 */
import { api } from "../definition.ts"
import { AutoLocalizationTableGroup } from "./autoLocalizationTable.ts"
import { LocalizationTableGroup } from "./localizationTable.ts"

/** The localization tables service. */
export const LocalizationTablesApi = api(
  "localizationTables",
  { title: "Localization tables", version: "v1" },
  LocalizationTableGroup,
  AutoLocalizationTableGroup
)
