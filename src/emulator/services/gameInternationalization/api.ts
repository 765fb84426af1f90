/**
 * The game internationalization service as the emulator serves it: the library's definition under
 * `/gameInternationalization`, over the instance's localization state.
 *
 * @module
 */
import { GameInternationalizationApi } from "../../../platform/api/gameInternationalization/api.ts"
import { toHttpApi } from "../../../platform/api/httpApi.ts"

/** The game internationalization API as served, under `/gameInternationalization`. */
export const ServedGameInternationalizationApi =
  toHttpApi(GameInternationalizationApi).prefix("/gameInternationalization")
