/**
 * Translation analytics as the emulator serves them: a report must be requested before it can be downloaded (404
 * code 7); the request answers `reportGenerationStatus: "Ready"`, the download a CSV file (UTF-8 with a byte order
 * mark) of the game's translation counts per language, as `application/octet-stream`.
 *
 * @module
 */
import { Effect } from "effect"
import { HttpApiBuilder } from "effect/http-api"
import { EmulatorState } from "../../EmulatorState.ts"
import type { World } from "../../world/World.ts"
import type { GameState } from "../localizationState.ts"
import { gameOf } from "../localizationSupport.ts"
import { badRequest, notFound, requireUserId } from "../support.ts"
import { ServedGameInternationalizationApi } from "./api.ts"
import { translationCounts } from "./localizationStatus.ts"

/** The analytics report of a game: CSV bytes (with a UTF-8 byte order mark). */
export const analyticsReport = (world: World, gameId: number, game: GameState): Uint8Array => {
  const lines = ["language,total,translatedByUsers,translatedAutomatically"]
  for (const row of translationCounts(world, gameId, game)) {
    const [users, automation] = row.categories[0]!.translationCounts
    lines.push(
      `${row.languageCode},${row.categories[0]!.totalTranslatableItemCount},${users!.count},${automation!.count}`
    )
  }
  const text = new TextEncoder().encode(`${lines.join("\r\n")}\r\n`)
  const out = new Uint8Array(text.length + 3)
  out.set([0xef, 0xbb, 0xbf])
  out.set(text, 3)
  return out
}

/** Handlers of the translation analytics group. */
export const TranslationAnalyticsHandlers = HttpApiBuilder.group(
  ServedGameInternationalizationApi,
  "translationAnalytics",
  Effect.fn(function* (handlers) {
    const { world } = yield* EmulatorState
    return handlers.handleAll({
      downloadTranslationAnalyticsReport: ({ params }) =>
        Effect.gen(function* () {
          yield* requireUserId
          const game = yield* gameOf(world, params.gameId)
          if (!game.reportRequested)
            return yield* notFound(7, "The report has not been requested.", "report not requested")
          return analyticsReport(world, params.gameId, game)
        }),
      requestTranslationAnalyticsReport: ({ params, payload }) =>
        Effect.gen(function* () {
          yield* requireUserId
          const game = yield* gameOf(world, params.gameId)
          if (!(Date.parse(payload.startDateTime) < Date.parse(payload.endDateTime))) {
            return yield* badRequest(8, "The report period is invalid.", "invalid period")
          }
          game.reportRequested = true
          return { reportGenerationStatus: "Ready" as const }
        }),
      getTranslationAnalyticsMetadata: () =>
        Effect.succeed({
          isFeatureEnabledOnUI: true,
          minimumDateTimeForAnalyticsReport: "2020-01-01T00:00:00.000Z",
          reportRequestPollingIntervalSeconds: 5
        })
    })
  })
)
