/**
 * The tables a game uses, on the game internationalization service as the emulator serves it: associating and
 * dissociating tables (an unknown table is 404 code 5).
 *
 * @module
 */
import { Effect } from "effect"
import { HttpApiBuilder } from "effect/http-api"
import { EmulatorState } from "../../EmulatorState.ts"
import { gameOf, tableOf } from "../localizationSupport.ts"
import { requireUserId } from "../support.ts"
import { ServedGameInternationalizationApi } from "./api.ts"

/** Handlers of the game tables group. */
export const GameTablesHandlers = HttpApiBuilder.group(
  ServedGameInternationalizationApi,
  "gameTables",
  Effect.fn(function* (handlers) {
    const { world } = yield* EmulatorState
    return handlers.handleAll({
      associateGameTables: ({ params, payload }) =>
        Effect.gen(function* () {
          yield* requireUserId
          yield* gameOf(world, params.gameId)
          for (const { id, dissociate } of payload.tables) {
            const table = yield* tableOf(world, id)
            if (dissociate === true) table.gameIds.delete(params.gameId)
            else table.gameIds.add(params.gameId)
          }
          return { success: true }
        })
    })
  })
)
