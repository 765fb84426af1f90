/**
 * Autolocalization of a game as the emulator serves it: the automatic table (made on first use) and the settings.
 *
 * @module
 */
import { Effect } from "effect"
import { HttpApiBuilder } from "effect/http-api"
import { EmulatorState } from "../../EmulatorState.ts"
import type { World } from "../../world/World.ts"
import { type GameState, localizationState } from "../localizationState.ts"
import { autoTableOf, checkMaxAge, gameOf, tableOf } from "../localizationSupport.ts"
import { requireUserId } from "../support.ts"
import { ServedGameInternationalizationApi } from "./api.ts"

const info = (world: World, game: GameState) => {
  const table = game.autoTableId === null ? undefined : localizationState(world).tables.get(game.autoTableId)
  return {
    isAutolocalizationEnabled: game.isAutolocalizationEnabled,
    shouldUseLocalizationTable: game.shouldUseLocalizationTable,
    autoLocalizationTableId: table?.id ?? null,
    assetId: table?.assetId ?? null,
    sourceLanguage: game.sourceLanguage
  }
}

/** Handlers of the autolocalization group. */
export const AutolocalizationHandlers = HttpApiBuilder.group(
  ServedGameInternationalizationApi,
  "autolocalization",
  Effect.fn(function*(handlers) {
    const { world } = yield* EmulatorState
    return handlers.handleAll({
      setAutolocalizationTable: ({ params, payload }) =>
        Effect.gen(function*() {
          yield* requireUserId
          const game = yield* gameOf(world, params.gameId)
          const table = yield* tableOf(world, payload.tableId)
          table.gameIds.add(params.gameId)
          game.autoTableId = table.id
          return {}
        }),
      createAutolocalizationTable: ({ params }) =>
        Effect.gen(function*() {
          yield* requireUserId
          const game = yield* gameOf(world, params.gameId)
          autoTableOf(world, params.gameId, game)
          return info(world, game)
        }),
      requestAutolocalizationCleanup: ({ params, payload }) =>
        Effect.gen(function*() {
          yield* requireUserId
          yield* gameOf(world, params.gameId)
          yield* checkMaxAge(payload.maxAgeForFlush)
          return {}
        }),
      getAutolocalization: ({ params }) => Effect.map(gameOf(world, params.gameId), (game) => info(world, game)),
      enableAutolocalization: ({ params }) =>
        Effect.gen(function*() {
          yield* requireUserId
          const game = yield* gameOf(world, params.gameId)
          game.isAutolocalizationEnabled = true
          autoTableOf(world, params.gameId, game)
          return info(world, game)
        }),
      setAutolocalizationSettings: ({ params, payload }) =>
        Effect.gen(function*() {
          yield* requireUserId
          const game = yield* gameOf(world, params.gameId)
          if (payload.isAutolocalizationEnabled !== undefined) game.isAutolocalizationEnabled = payload.isAutolocalizationEnabled
          if (payload.shouldUseLocalizationTable !== undefined) game.shouldUseLocalizationTable = payload.shouldUseLocalizationTable
          return {}
        }),
      getAutolocalizationMetadata: () =>
        Effect.succeed({
          isReactVersionEnabledForAutoLocalizationSettings: true,
          isTabbedUIEnabledForConfigureLocalizationPage: true,
          isAutomaticTranslationToggleUIEnabled: true,
          isAutomaticTranslationQuotaUIEnabled: true
        })
    })
  })
)
