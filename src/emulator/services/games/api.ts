/**
 * The games service as the emulator serves it: the library's definition under `/games`. Every group's handlers
 * (one file per group beside this one, merged in handlers.ts) are built against it.
 *
 * @module
 */
import { GamesApi } from "../../../platform/api/games/api.ts"
import { toHttpApi } from "../../../platform/api/httpApi.ts"

/** The games API as served, under `/games`. */
export const ServedGamesApi = toHttpApi(GamesApi).prefix("/games")
