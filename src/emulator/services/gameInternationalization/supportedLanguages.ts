/**
 * A game's supported languages and their switches as the emulator serves them; adding the source language is 400
 * code 4.
 *
 * @module
 */
import { Effect } from "effect"
import { HttpApiBuilder } from "effect/http-api"
import { EmulatorState } from "../../EmulatorState.ts"
import { gameOf, knownLanguage, languageName, supportedLanguage } from "../localizationSupport.ts"
import { badRequest, requireUserId } from "../support.ts"
import { ServedGameInternationalizationApi } from "./api.ts"

/** Handlers of the supported languages group. */
export const SupportedLanguagesHandlers = HttpApiBuilder.group(
  ServedGameInternationalizationApi,
  "supportedLanguages",
  // oxlint-disable-next-line max-lines-per-function -- one handler per endpoint of the service, read as one list beside its API group
  Effect.fn(function* (handlers) {
    const { world } = yield* EmulatorState
    return handlers.handleAll({
      getAutomaticTranslationStatus: ({ params }) =>
        Effect.map(gameOf(world, params.gameId), (game) => ({
          data: [...game.supported].map(([code, l]) => ({
            languageCode: code,
            languageCodeType: l.type,
            isAutomaticTranslationEnabled: l.automatic,
            isImageTranslationEnabled: false
          }))
        })),
      getSupportedLanguages: ({ params }) =>
        Effect.map(gameOf(world, params.gameId), (game) => ({
          data: [...game.supported].map(([code, l]) => ({
            languageCode: code,
            languageCodeType: l.type,
            name: languageName(world, code).name
          }))
        })),
      setAutomaticTranslationStatus: ({ params, payload }) =>
        Effect.gen(function* () {
          yield* requireUserId
          const game = yield* gameOf(world, params.gameId)
          const language = yield* supportedLanguage(game, params.languageCode)
          language.automatic = payload
          return { gameId: params.gameId, languageCode: params.languageCode, isAutomaticTranslationEnabled: payload }
        }),
      setUniverseDisplayInfoAutomaticTranslation: ({ params, payload }) =>
        Effect.gen(function* () {
          yield* requireUserId
          const game = yield* gameOf(world, params.gameId)
          const language = yield* supportedLanguage(game, params.languageCode)
          language.displayInfo = payload
          return {
            gameId: params.gameId,
            languageCode: params.languageCode,
            isUniverseDisplayInfoAutomaticTranslationEnabled: payload
          }
        }),
      patchSupportedLanguages: ({ params, payload }) =>
        Effect.gen(function* () {
          yield* requireUserId
          const game = yield* gameOf(world, params.gameId)
          for (const item of payload) {
            if (item.delete === true) {
              game.supported.delete(item.languageCode)
              continue
            }
            yield* knownLanguage(world, item.languageCode)
            if (item.languageCode === game.sourceLanguage) {
              return yield* badRequest(
                4,
                "The source language cannot be a supported language.",
                "source language added"
              )
            }
            if (!game.supported.has(item.languageCode)) {
              game.supported.set(item.languageCode, {
                type: item.languageCodeType,
                automatic: false,
                displayInfo: false
              })
            }
          }
          return {}
        }),
      getUniverseDisplayInfoAutomaticTranslationSettings: ({ params }) =>
        Effect.map(gameOf(world, params.gameId), (game) => ({
          data: [...game.supported].map(([code, l]) => ({
            languageCode: code,
            isUniverseDisplayInfoAutomaticTranslationEnabled: l.displayInfo
          }))
        })),
      getSupportedLanguagesMetadata: () =>
        Effect.succeed({
          isFeatureEnabled: true,
          areAllLanguagesEnabled: false,
          minimumUniverseIdForFeature: 1,
          isHumanTranslationProgressUIEnabled: true,
          isAutomaticTranslationProgressUIEnabled: true,
          isSupportedLanguagesChildLocalesUIEnabled: true
        }),
      getSupportedLanguagesWithLocales: ({ params }) =>
        Effect.map(gameOf(world, params.gameId), (game) => ({
          data: [...game.supported.keys()].map((code) => ({
            languageFamily: { languageCode: code, ...languageName(world, code) },
            childLocales: world.locales
              .filter((l) => l.language === code)
              .map((l, i) => ({
                id: i + 1,
                locale: l.code,
                localeCode: l.code.replace("_", "-"),
                name: l.name,
                nativeName: l.nativeName
              }))
          }))
        }))
    })
  })
)
