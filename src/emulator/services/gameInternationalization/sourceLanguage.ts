/**
 * A game's source language as the emulator serves it: setting it removes it from the supported languages.
 *
 * @module
 */
import { Effect } from "effect"
import { HttpApiBuilder } from "effect/http-api"
import { EmulatorState } from "../../EmulatorState.ts"
import { gameOf, knownLanguage, languageName } from "../localizationSupport.ts"
import { requireUserId } from "../support.ts"
import { ServedGameInternationalizationApi } from "./api.ts"

/** Handlers of the source language group. */
export const SourceLanguageHandlers = HttpApiBuilder.group(
  ServedGameInternationalizationApi,
  "sourceLanguage",
  Effect.fn(function* (handlers) {
    const { world } = yield* EmulatorState
    return handlers.handleAll({
      getSourceLanguage: ({ params }) =>
        Effect.map(gameOf(world, params.gameId), (game) => ({
          languageCode: game.sourceLanguage,
          ...languageName(world, game.sourceLanguage)
        })),
      setSourceLanguage: ({ params, query }) =>
        Effect.gen(function* () {
          yield* requireUserId
          const game = yield* gameOf(world, params.gameId)
          yield* knownLanguage(world, query.languageCode)
          game.sourceLanguage = query.languageCode
          game.supported.delete(query.languageCode)
          return {}
        })
    })
  })
)
