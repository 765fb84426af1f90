/**
 * Automatic translation of a game as the emulator serves it: always allowed; the monthly quota (10,000) goes down
 * by 250 per language with automatic translation on.
 *
 * @module
 */
import { Effect } from "effect"
import { HttpApiBuilder } from "effect/http-api"
import { EmulatorState } from "../../EmulatorState.ts"
import { worldLanguages } from "../localizationState.ts"
import { gameOf, knownLanguage } from "../localizationSupport.ts"
import { ServedGameInternationalizationApi } from "./api.ts"

/** Handlers of the automatic translation group. */
export const AutomaticTranslationHandlers = HttpApiBuilder.group(
  ServedGameInternationalizationApi,
  "automaticTranslation",
  Effect.fn(function* (handlers) {
    const { world } = yield* EmulatorState
    return handlers.handleAll({
      getAutomaticTranslationFeatureStatus: ({ params }) =>
        Effect.map(gameOf(world, params.gameId), () => ({
          gameId: params.gameId,
          isAutomaticTranslationAllowed: true,
          isAutomaticTranslationSwitchesUIEnabled: true
        })),
      getAutomaticTranslationQuota: ({ params }) =>
        Effect.map(gameOf(world, params.gameId), (game) => {
          const used = [...game.supported.values()].filter((l) => l.automatic).length * 250
          return {
            monthlyQuota: {
              remaining: 10_000 - used,
              capacity: 10_000,
              nextRefreshDate: "2026-07-01T00:00:00.000Z",
              previousRefreshDate: "2026-06-01T00:00:00.000Z"
            },
            bankQuota: { remaining: 0, capacity: 0 }
          }
        }),
      getAutomaticTranslationTargetLanguages: ({ params, query }) =>
        Effect.gen(function* () {
          yield* knownLanguage(world, params.languageCode)
          if (query.gameId !== undefined) yield* gameOf(world, query.gameId)
          const targets = query.targetLanguages ?? worldLanguages(world).filter((code) => code !== params.languageCode)
          return {
            sourceLanguage: params.languageCode,
            targetLanguages: targets.map((code) => ({
              languageCode: code,
              isAutomaticTranslationAllowed: worldLanguages(world).includes(code) && code !== params.languageCode
            }))
          }
        })
    })
  })
)
