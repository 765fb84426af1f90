/**
 * Autolocalization of a game on the game internationalization service as the emulator serves it: its information,
 * turning it on (the automatic table is made on first use), and the scrape cleanup.
 *
 * @module
 */
import { Effect } from "effect"
import { HttpApiBuilder } from "effect/http-api"
import { EmulatorState } from "../../EmulatorState.ts"
import { autolocalizationInfo, autoTableOf, checkMaxAge, gameOf } from "../localizationSupport.ts"
import { requireUserId } from "../support.ts"
import { ServedGameInternationalizationApi } from "./api.ts"

/** Handlers of the autolocalization group. */
export const AutolocalizationHandlers = HttpApiBuilder.group(
  ServedGameInternationalizationApi,
  "autolocalization",
  Effect.fn(function* (handlers) {
    const { world } = yield* EmulatorState
    return handlers.handleAll({
      requestAutolocalizationCleanup: ({ params, payload }) =>
        Effect.gen(function* () {
          yield* requireUserId
          yield* gameOf(world, params.gameId)
          yield* checkMaxAge(payload.maxAgeForFlush)
          return {}
        }),
      getAutolocalization: ({ params }) =>
        Effect.map(gameOf(world, params.gameId), (game) => autolocalizationInfo(world, game)),
      enableAutolocalization: ({ params }) =>
        Effect.gen(function* () {
          yield* requireUserId
          const game = yield* gameOf(world, params.gameId)
          game.isAutolocalizationEnabled = true
          autoTableOf(world, params.gameId, game)
          return autolocalizationInfo(world, game)
        })
    })
  })
)
