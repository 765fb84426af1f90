/**
 * The localization tables service as the emulator serves it: the library's definition under `/localizationTables`,
 * over the instance's localization state.
 *
 * @module
 */
import { LocalizationTablesApi } from "../../../platform/api/localizationTables/api.ts"

/** The localization tables API as served, under `/localizationTables`. */
export const ServedLocalizationTablesApi = LocalizationTablesApi.prefix("/localizationTables")
