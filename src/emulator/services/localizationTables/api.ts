/**
 * The localization tables service as the emulator serves it: the library's definition under `/localizationTables`,
 * over the instance's localization state.
 *
 * @module
 */
import { LocalizationTablesApi } from "../../../platform/api/localizationTables/api.ts"
import { toHttpApi } from "../../../platform/api/httpApi.ts"

/** The localization tables API as served, under `/localizationTables`. */
export const ServedLocalizationTablesApi = toHttpApi(LocalizationTablesApi).prefix("/localizationTables")
