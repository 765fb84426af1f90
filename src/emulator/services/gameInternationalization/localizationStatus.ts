/**
 * Translation counts of games as the emulator serves them: per supported language, the entries of the game's tables
 * translated by users and automatically.
 *
 * @module
 */
import { Effect } from "effect"
import { HttpApiBuilder } from "effect/http-api"
import { EmulatorState } from "../../EmulatorState.ts"
import type { World } from "../../world/World.ts"
import { type GameState, localizationState } from "../localizationState.ts"
import { gameOf, languageName } from "../localizationSupport.ts"
import { checkIds } from "../support.ts"
import { ServedGameInternationalizationApi } from "./api.ts"

/** The translation counts of a game per supported language. */
export const translationCounts = (world: World, gameId: number, game: GameState) => {
  const tables = [...localizationState(world).tables.values()].filter((t) => t.gameIds.has(gameId))
  const entries = tables.flatMap((t) => t.entries)
  return [...game.supported].map(([code, language]) => ({
    languageCode: code,
    languageCodeType: language.type,
    name: languageName(world, code).name,
    status: "Success" as const,
    categories: [
      {
        category: "InGameContent",
        totalTranslatableItemCount: entries.length,
        translationCounts: (["User", "Automation"] as const).map((agent) => ({
          count: entries.filter((e) => e.translations.get(code)?.agentType === agent).length,
          translationStatus: "Approved",
          translatorType: agent
        }))
      }
    ]
  }))
}

/** Handlers of the translation status group. */
export const LocalizationStatusHandlers = HttpApiBuilder.group(
  ServedGameInternationalizationApi,
  "localizationStatus",
  Effect.fn(function* (handlers) {
    const { world } = yield* EmulatorState
    return handlers.handleAll({
      getTranslationCounts: ({ params }) =>
        Effect.map(gameOf(world, params.gameId), (game) => ({
          gameId: params.gameId,
          languagesOrLocales: translationCounts(world, params.gameId, game)
        })),
      getTranslationCountsForLanguageOrLocale: ({ query }) =>
        Effect.gen(function* () {
          const ids = yield* checkIds(query.gameIds, 100, [1, "Too many game ids."])
          return {
            languageOrLocaleCode: query.languageOrLocaleCode,
            languageOrLocaleType: query.languageOrLocaleType,
            games: ids.map((gameId) => {
              if (!world.universes.has(gameId)) return { gameId, status: "GameDoesNotExist" as const }
              const game = localizationState(world).game(gameId)
              if (game.sourceLanguage === query.languageOrLocaleCode)
                return { gameId, status: "LanguageOrLocaleIsSource" as const }
              if (!game.supported.has(query.languageOrLocaleCode))
                return { gameId, status: "LanguageOrLocaleNotSupportedForGame" as const }
              const row = translationCounts(world, gameId, game).find(
                (r) => r.languageCode === query.languageOrLocaleCode
              )!
              return { gameId, status: "LanguageOrLocaleSupportedForGame" as const, categories: row.categories }
            })
          }
        })
    })
  })
)
