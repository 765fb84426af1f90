/**
 * The localization tables service: a game's automatic table. Changes need a signed-in user (401); an unknown game is
 * 400 code 1. The patch adds the scraped entries its automatic table does not have yet (making the table if the
 * game has none); its optional `Roblox-Game-Id` header, when sent, must name the same game (else 400 code 5).
 *
 * @module
 */
import { Effect } from "effect"
import { HttpApiBuilder } from "effect/http-api"
import { gameIdHeader, LocalizationTablesApi } from "../../../src/platform/api/localizationTables.ts"
import { addVerdict } from "../platform/requestLog.ts"
import { EmulatorState } from "../EmulatorState.ts"
import { autoTableOf, checkMaxAge, gameOf } from "./localizationSupport.ts"
import { badRequest, requireUserId } from "./support.ts"

/** The localization tables API as served, under `/localizationTables`. */
export const ServedLocalizationTablesApi = LocalizationTablesApi.prefix("/localizationTables")

/** Handlers of the localization tables service. */
export const LocalizationTablesHandlers = HttpApiBuilder.group(
  ServedLocalizationTablesApi,
  "autoLocalizationTable",
  Effect.fn(function*(handlers) {
    const { world } = yield* EmulatorState
    return handlers.handleAll({
      requestAutoLocalizationTableAssets: ({ params }) =>
        Effect.gen(function*() {
          yield* requireUserId
          yield* gameOf(world, params.gameId)
          return {}
        }),
      requestAutoLocalizationTableCleanup: ({ params, payload }) =>
        Effect.gen(function*() {
          yield* requireUserId
          yield* gameOf(world, params.gameId)
          yield* checkMaxAge(payload.maxAgeForFlush)
          return {}
        }),
      patchAutoLocalizationTable: ({ params, headers, payload }) =>
        Effect.gen(function*() {
          yield* requireUserId
          const game = yield* gameOf(world, params.gameId)
          const named = headers[gameIdHeader]
          if (named !== undefined) {
            yield* addVerdict(`game id header ${named}`)
            if (named !== params.gameId) return yield* badRequest(5, "The game id header does not match the game.", "game id header mismatch")
          }
          const table = autoTableOf(world, params.gameId, game)
          for (const scraped of payload.entries) {
            const exists = table.entries.some((e) =>
              e.source === scraped.source && (e.context ?? null) === (scraped.context ?? null) && (e.key ?? null) === (scraped.key ?? null)
            )
            if (!exists) {
              table.entries.push({
                key: scraped.key ?? null,
                context: scraped.context ?? null,
                source: scraped.source,
                example: scraped.meta?.example ?? null,
                created: new Date().toISOString(),
                translations: new Map()
              })
            }
          }
          return {}
        })
    })
  })
)
