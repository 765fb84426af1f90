/**
 * Game localization against the emulator over real HTTP: the settings a creator edits (supported languages, their
 * automatic translation switches, the source language) persist; errors come back typed; the analytics report
 * downloads byte for byte; guests cannot change anything.
 */
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import { ResponseError } from "../../src/core/http/errors.ts"
import { GameInternationalizationClient } from "../../src/platform/clients/PlatformClients.ts"
import { analyticsReport } from "../../src/emulator/services/gameInternationalization/translationAnalytics.ts"
import { localizationState } from "../../src/emulator/services/localizationState.ts"
import { emulatorClients } from "./platformSupport.ts"
import { useEmulator } from "./support.ts"

describe("game localization against the emulator", () => {
  const emulator = useEmulator()
  const game = () => emulator().state.world.localizationTables[1]!.universeId

  it.live("edits supported languages, their switches and the source language", () =>
    Effect.gen(function* () {
      const gi = yield* GameInternationalizationClient
      const gameId = game()
      const before = (yield* gi.supportedLanguages.getSupportedLanguages({ params: { gameId } })).data.map(
        (l) => l.languageCode
      )
      yield* gi.supportedLanguages.patchSupportedLanguages({
        params: { gameId },
        payload: [
          { languageCodeType: "Language", languageCode: "it" },
          { languageCodeType: "Language", languageCode: before[0]!, delete: true }
        ]
      })
      const after = (yield* gi.supportedLanguages.getSupportedLanguages({ params: { gameId } })).data.map(
        (l) => l.languageCode
      )
      assert.deepStrictEqual([...after].sort(), [...before.slice(1), "it"].sort())

      const switched = yield* gi.supportedLanguages.setAutomaticTranslationStatus({
        params: { gameId, languageCode: "it" },
        payload: true
      })
      assert.deepStrictEqual(switched, { gameId, languageCode: "it", isAutomaticTranslationEnabled: true })
      const statuses = (yield* gi.supportedLanguages.getAutomaticTranslationStatus({ params: { gameId } })).data
      assert.isTrue(statuses.find((s) => s.languageCode === "it")!.isAutomaticTranslationEnabled)

      yield* gi.sourceLanguage.setSourceLanguage({ params: { gameId }, query: { languageCode: "it" } })
      assert.deepStrictEqual(yield* gi.sourceLanguage.getSourceLanguage({ params: { gameId } }), {
        languageCode: "it",
        name: "Italian",
        nativeName: "Italiano"
      })
      // the source language is no longer a supported language
      assert.notInclude(
        (yield* gi.supportedLanguages.getSupportedLanguages({ params: { gameId } })).data.map((l) => l.languageCode),
        "it"
      )

      const error = yield* Effect.flip(
        gi.supportedLanguages.setAutomaticTranslationStatus({ params: { gameId, languageCode: "it" }, payload: true })
      )
      assert.instanceOf(error, ResponseError)
      assert.deepStrictEqual([(error as ResponseError).status, (error as ResponseError).codes], [400, [3]])
      yield* gi.sourceLanguage.setSourceLanguage({ params: { gameId }, query: { languageCode: "en" } })
    }).pipe(Effect.provide(emulatorClients(emulator())))
  )

  it.live("downloads the analytics report byte for byte once it was requested", () =>
    Effect.gen(function* () {
      const gi = yield* GameInternationalizationClient
      const gameId = game()
      const period = {
        startDateTime: "2026-05-01T00:00:00Z",
        endDateTime: "2026-06-01T00:00:00Z",
        reportType: "GameTranslationStatus",
        reportSubjectTargetId: 0
      } as const
      const early = yield* Effect.flip(
        gi.translationAnalytics.downloadTranslationAnalyticsReport({ params: { gameId: 1070 }, query: period })
      )
      assert.deepStrictEqual([(early as ResponseError).status, (early as ResponseError).codes], [404, [7]])
      const requested = yield* gi.translationAnalytics.requestTranslationAnalyticsReport({
        params: { gameId },
        payload: period
      })
      assert.strictEqual(requested.reportGenerationStatus, "Ready")
      const bytes = yield* gi.translationAnalytics.downloadTranslationAnalyticsReport({
        params: { gameId },
        query: period
      })
      const world = emulator().state.world
      assert.deepStrictEqual(bytes, analyticsReport(world, gameId, localizationState(world).game(gameId)))
      assert.deepStrictEqual(Array.from(bytes.subarray(0, 3)), [0xef, 0xbb, 0xbf])
    }).pipe(Effect.provide(emulatorClients(emulator())))
  )

  it.live("refuses changes from a guest with 401", () =>
    Effect.gen(function* () {
      const gi = yield* GameInternationalizationClient
      const error = yield* Effect.flip(
        gi.sourceLanguage.setSourceLanguage({ params: { gameId: game() }, query: { languageCode: "fr" } })
      )
      assert.strictEqual((error as ResponseError).status, 401)
      const read = yield* gi.sourceLanguage.getSourceLanguage({ params: { gameId: game() } })
      assert.strictEqual(read.languageCode, "en")
    }).pipe(Effect.provide(emulatorClients(emulator(), {}, { guest: true })))
  )
})
