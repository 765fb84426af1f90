/**
 * A game's automatic table on the localization tables service as the emulator serves it. Changes need a signed-in
 * user (401); an unknown game is 400 code 1. The ingestion adds the scraped entries its automatic table does not
 * have yet (making the table if the game has none; no entries is 400 code 16); its optional `Roblox-Game-Id` header,
 * when sent, must name the same game (else 400 code 5). Setting the table needs a table that exists (404 code 5);
 * enabling the automatic entries needs autolocalization on (400 code 61).
 *
 * @module
 */
import { Effect } from "effect"
import { HttpApiBuilder } from "effect/http-api"
import { gameIdHeader } from "../../../platform/api/localizationTables/autoLocalizationTable.ts"
import { EmulatorState } from "../../EmulatorState.ts"
import { addVerdict } from "../../platform/requestLog.ts"
import { autolocalizationInfo, autoTableOf, checkMaxAge, gameOf, tableOf } from "../localizationSupport.ts"
import { badRequest, requireUserId } from "../support.ts"
import { ServedLocalizationTablesApi } from "./api.ts"

/** Handlers of the automatic table group. */
export const AutoLocalizationTableHandlers = HttpApiBuilder.group(
  ServedLocalizationTablesApi,
  "autoLocalizationTable",
  // oxlint-disable-next-line max-lines-per-function -- one handler per endpoint of the service, read as one list beside its API group
  Effect.fn(function* (handlers) {
    const { world } = yield* EmulatorState
    return handlers.handleAll({
      requestAutoLocalizationTableAssets: ({ params }) =>
        Effect.gen(function* () {
          yield* requireUserId
          yield* gameOf(world, params.gameId)
          return {}
        }),
      requestAutoLocalizationTableCleanup: ({ params, payload }) =>
        Effect.gen(function* () {
          yield* requireUserId
          yield* gameOf(world, params.gameId)
          yield* checkMaxAge(payload.maxAgeForFlush)
          return {}
        }),
      patchAutoLocalizationTable: ({ params, headers, payload }) =>
        Effect.gen(function* () {
          yield* requireUserId
          const game = yield* gameOf(world, params.gameId)
          const named = headers[gameIdHeader]
          if (named !== undefined) {
            yield* addVerdict(`game id header ${named}`)
            if (named !== params.gameId)
              return yield* badRequest(5, "The game id header does not match the game.", "game id header mismatch")
          }
          if (payload.entries.length === 0) return yield* badRequest(16, "Entries can't be null or empty", "no entries")
          const table = autoTableOf(world, params.gameId, game)
          for (const scraped of payload.entries) {
            const exists = table.entries.some(
              (e) => e.source === scraped.source && (e.context ?? null) === (scraped.context ?? null) && e.key === null
            )
            if (!exists) {
              table.entries.push({
                key: null,
                context: scraped.context ?? null,
                source: scraped.source,
                example: scraped.meta?.text ?? null,
                created: new Date().toISOString(),
                translations: new Map()
              })
            }
          }
          return {}
        }),
      setAutolocalizationTable: ({ params, payload }) =>
        Effect.gen(function* () {
          yield* requireUserId
          const game = yield* gameOf(world, params.gameId)
          const table = yield* tableOf(world, payload.tableId)
          table.gameIds.add(params.gameId)
          game.autoTableId = table.id
          return {}
        }),
      createAutolocalizationTable: ({ params }) =>
        Effect.gen(function* () {
          yield* requireUserId
          const game = yield* gameOf(world, params.gameId)
          autoTableOf(world, params.gameId, game)
          return autolocalizationInfo(world, game)
        }),
      setAutolocalizationSettings: ({ params, payload }) =>
        Effect.gen(function* () {
          yield* requireUserId
          const game = yield* gameOf(world, params.gameId)
          if (
            payload.isAutomaticEntriesSettingEnabled === true &&
            payload.isAutolocalizationEnabled !== true &&
            !game.isAutolocalizationEnabled
          ) {
            return yield* badRequest(
              61,
              "IsAutomaticEntriesSettingEnabled can only be enabled if IsAutolocalizationEnabled is also enabled.",
              "entries setting without autolocalization"
            )
          }
          if (payload.isAutolocalizationEnabled !== undefined)
            game.isAutolocalizationEnabled = payload.isAutolocalizationEnabled
          if (payload.shouldUseLocalizationTable !== undefined)
            game.shouldUseLocalizationTable = payload.shouldUseLocalizationTable
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
