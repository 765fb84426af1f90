/**
 * The game internationalization service over the instance's localization state (localizationState.ts): every
 * group of it.
 *
 * - Games are universes of the world; an unknown one is 400 code 1 "The game does not exist.". Reading needs no
 *   session; changing anything needs a signed-in user (401).
 * - Languages are the world's language families (`en`, `es`, `fr`, `de`, `pt`, `it`, `ja`, `ko`, `zh-hans`,
 *   `zh-hant`); an unknown code is 400 code 2, a language that is not supported by the game 400 code 3, adding the
 *   source language 400 code 4.
 * - Tables: entries page 50 at a time by cursor; an unknown table is 404 code 5. A patch applies its entries in order
 *   and answers which changed and which failed (deleting or translating an entry that does not exist: error code 1).
 * - Cleanup requests need `maxAgeForFlush` as `d.hh:mm:ss` or `hh:mm:ss` (else 400 code 6).
 * - Analytics: a report must be requested before it can be downloaded (404 code 7); the request answers
 *   `reportGenerationStatus: "Ready"`, the download a CSV file (UTF-8 with a byte order mark) of the game's
 *   translation counts per language, as `application/octet-stream`.
 *
 * @module
 */
import { Effect, Layer } from "effect"
import { HttpApiBuilder } from "effect/http-api"
import { GameInternationalizationApi } from "../../../src/platform/api/gameInternationalization/api.ts"
import type { TableEntry } from "../../../src/platform/api/gameInternationalization/schemas.ts"
import { EmulatorState } from "../EmulatorState.ts"
import type { World } from "../world/World.ts"
import { type EntryState, type GameState, localizationState, type TableState, worldLanguages } from "./localizationState.ts"
import { notFound, requireUserId } from "./replies.ts"
import { badRequest, checkIds, decodeCursor, encodeCursor } from "./support.ts"

/** The game internationalization API as served, under `/gameInternationalization`. */
export const ServedGameInternationalizationApi = GameInternationalizationApi.prefix("/gameInternationalization")

/** Entries per page of a table. */
export const entriesPerPage = 50

const durationPattern = /^(\d+\.)?\d{1,2}:\d{2}:\d{2}$/

/** Check a cleanup request's `maxAgeForFlush`. */
export const checkMaxAge = (maxAgeForFlush: string) =>
  durationPattern.test(maxAgeForFlush)
    ? Effect.void
    : badRequest(6, "maxAgeForFlush must be a duration (d.hh:mm:ss).", `maxAgeForFlush ${maxAgeForFlush}`)

/** The game's state, or 400 code 1 for a universe the world does not have. */
export const gameOf = (world: World, gameId: number) =>
  world.universes.has(gameId)
    ? Effect.succeed(localizationState(world).game(gameId))
    : badRequest(1, "The game does not exist.", `unknown game ${gameId}`)

/** The table with this id, or 404 code 5. */
export const tableOf = (world: World, tableId: string) => {
  const table = localizationState(world).tables.get(tableId)
  return table === undefined ? notFound(5, "The table does not exist.", `unknown table ${tableId}`) : Effect.succeed(table)
}

const languageName = (world: World, code: string) => {
  const locale = world.locales.find((l) => l.language === code)
  return { name: locale?.name.replace(/ \(.*\)$/, "") ?? code, nativeName: locale?.nativeName ?? code }
}

const knownLanguage = (world: World, code: string) =>
  worldLanguages(world).includes(code) ? Effect.void : badRequest(2, "The language is not supported.", `unknown language ${code}`)

const supportedLanguage = (game: GameState, code: string) => {
  const language = game.supported.get(code)
  return language === undefined
    ? badRequest(3, "The language is not supported by the game.", `language ${code} not supported`)
    : Effect.succeed(language)
}

/** The game's automatic table, made (and associated) if it has none. */
export const autoTableOf = (world: World, gameId: number, game: GameState): TableState => {
  const state = localizationState(world)
  const existing = game.autoTableId === null ? undefined : state.tables.get(game.autoTableId)
  if (existing !== undefined) return existing
  const universe = world.universes.get(gameId)!
  const table = state.newTable(`${universe.name} automatic table`, universe.creatorType, universe.creatorId)
  table.gameIds.add(gameId)
  game.autoTableId = table.id
  return table
}

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

const sameEntry = (entry: EntryState, identifier: { readonly key?: string | null | undefined; readonly context?: string | null | undefined; readonly source: string }) =>
  entry.source === identifier.source && (entry.key ?? null) === (identifier.key ?? null) && (entry.context ?? null) === (identifier.context ?? null)

const identifierOf = (entry: EntryState) => ({ key: entry.key, context: entry.context, source: entry.source })

/** An entry as the API answers it. */
export const entryOf = (entry: EntryState): TableEntry => ({
  identifier: identifierOf(entry),
  metadata: { example: entry.example, gameLocations: [] },
  translations: [...entry.translations].map(([locale, t]) => ({
    locale,
    translationText: t.text,
    translator: { id: t.translatorId, agentType: t.agentType },
    updatedTime: t.updated
  })),
  createdTime: entry.created
})

/** The translation counts of a game per supported language. */
export const translationCounts = (world: World, gameId: number, game: GameState) => {
  const tables = [...localizationState(world).tables.values()].filter((t) => t.gameIds.has(gameId))
  const entries = tables.flatMap((t) => t.entries)
  return [...game.supported].map(([code, language]) => ({
    languageCode: code,
    languageCodeType: language.type,
    name: languageName(world, code).name,
    status: "Success" as const,
    categories: [{
      category: "InGameContent",
      totalTranslatableItemCount: entries.length,
      translationCounts: (["User", "Automation"] as const).map((agent) => ({
        count: entries.filter((e) => e.translations.get(code)?.agentType === agent).length,
        translationStatus: "Approved",
        translatorType: agent
      }))
    }]
  }))
}

/** The analytics report of a game: CSV bytes (with a UTF-8 byte order mark). */
export const analyticsReport = (world: World, gameId: number, game: GameState): Uint8Array => {
  const lines = ["language,total,translatedByUsers,translatedAutomatically"]
  for (const row of translationCounts(world, gameId, game)) {
    const [users, automation] = row.categories[0]!.translationCounts
    lines.push(`${row.languageCode},${row.categories[0]!.totalTranslatableItemCount},${users!.count},${automation!.count}`)
  }
  const text = new TextEncoder().encode(`${lines.join("\r\n")}\r\n`)
  const out = new Uint8Array(text.length + 3)
  out.set([0xef, 0xbb, 0xbf])
  out.set(text, 3)
  return out
}

const AutolocalizationHandlers = HttpApiBuilder.group(
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

const AutomaticTranslationHandlers = HttpApiBuilder.group(
  ServedGameInternationalizationApi,
  "automaticTranslation",
  Effect.fn(function*(handlers) {
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
            monthlyQuota: { remaining: 10_000 - used, capacity: 10_000, nextRefreshDate: "2026-07-01T00:00:00.000Z", previousRefreshDate: "2026-06-01T00:00:00.000Z" },
            bankQuota: { remaining: 0, capacity: 0 }
          }
        }),
      getAutomaticTranslationTargetLanguages: ({ params, query }) =>
        Effect.gen(function*() {
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

const LocalizationStatusHandlers = HttpApiBuilder.group(
  ServedGameInternationalizationApi,
  "localizationStatus",
  Effect.fn(function*(handlers) {
    const { world } = yield* EmulatorState
    return handlers.handleAll({
      getTranslationCounts: ({ params }) =>
        Effect.map(gameOf(world, params.gameId), (game) => ({
          gameId: params.gameId,
          languagesOrLocales: translationCounts(world, params.gameId, game)
        })),
      getTranslationCountsForLanguageOrLocale: ({ query }) =>
        Effect.gen(function*() {
          const ids = yield* checkIds(query.gameIds, 100, [1, "Too many game ids."])
          return {
            languageOrLocaleCode: query.languageOrLocaleCode,
            languageOrLocaleType: query.languageOrLocaleType,
            games: ids.map((gameId) => {
              if (!world.universes.has(gameId)) return { gameId, status: "GameDoesNotExist" as const }
              const game = localizationState(world).game(gameId)
              if (game.sourceLanguage === query.languageOrLocaleCode) return { gameId, status: "LanguageOrLocaleIsSource" as const }
              if (!game.supported.has(query.languageOrLocaleCode)) return { gameId, status: "LanguageOrLocaleNotSupportedForGame" as const }
              const row = translationCounts(world, gameId, game).find((r) => r.languageCode === query.languageOrLocaleCode)!
              return { gameId, status: "LanguageOrLocaleSupportedForGame" as const, categories: row.categories }
            })
          }
        })
    })
  })
)

const LocalizationTableHandlers = HttpApiBuilder.group(
  ServedGameInternationalizationApi,
  "localizationTable",
  Effect.fn(function*(handlers) {
    const { world } = yield* EmulatorState
    const state = localizationState(world)
    const tableInfo = (t: TableState) => ({ id: t.id, name: t.name, ownerType: t.ownerType, ownerId: t.ownerId, assetId: t.assetId })
    return handlers.handleAll({
      getAvailableLanguages: () =>
        Effect.succeed({ data: worldLanguages(world).map((code) => ({ languageCode: code, ...languageName(world, code) })) }),
      requestTableAssetsGeneration: ({ params }) =>
        Effect.gen(function*() {
          yield* requireUserId
          yield* gameOf(world, params.gameId)
          return {}
        }),
      associateGameTables: ({ params, payload }) =>
        Effect.gen(function*() {
          yield* requireUserId
          yield* gameOf(world, params.gameId)
          for (const { id, dissociate } of payload.tables) {
            const table = yield* tableOf(world, id)
            if (dissociate === true) table.gameIds.delete(params.gameId)
            else table.gameIds.add(params.gameId)
          }
          return { success: true }
        }),
      getTableByAssetId: ({ query }) =>
        Effect.gen(function*() {
          const table = [...state.tables.values()].find((t) => t.assetId === query.assetId)
          if (table === undefined) return yield* notFound(5, "The table does not exist.", `no table for asset ${query.assetId}`)
          return tableInfo(table)
        }),
      createTable: ({ payload }) =>
        Effect.gen(function*() {
          const userId = yield* requireUserId
          const table = state.newTable(payload.name ?? "New table", payload.ownerType ?? "User", payload.ownerId ?? userId)
          return { id: table.id, assetId: table.assetId }
        }),
      getTableEntries: ({ params, query }) =>
        Effect.gen(function*() {
          const table = yield* tableOf(world, params.tableId)
          if (query.gameId !== undefined) yield* gameOf(world, query.gameId)
          const list = `entries:${table.id}`
          const offset = query.cursor === undefined || query.cursor === "" ? 0 : decodeCursor(list, query.cursor)
          if (offset === undefined) return yield* badRequest(6, "Invalid cursor.", "invalid cursor")
          return {
            data: table.entries.slice(offset, offset + entriesPerPage).map(entryOf),
            previousPageCursor: offset > 0 ? encodeCursor(list, Math.max(0, offset - entriesPerPage)) : null,
            nextPageCursor: offset + entriesPerPage < table.entries.length ? encodeCursor(list, offset + entriesPerPage) : null
          }
        }),
      getTranslationHistory: ({ params, payload }) =>
        Effect.gen(function*() {
          const table = yield* tableOf(world, params.tableId)
          const found = payload.entries.map((request) => ({ request, entry: table.entries.find((e) => sameEntry(e, request.identifier)) }))
          return {
            tableId: table.id,
            locale: payload.locale,
            entries: found.flatMap(({ entry, request }) => {
              if (entry === undefined) return []
              const history = [...(entry.translations.get(payload.locale)?.history ?? [])]
              const ordered = request.sortOrder === "Asc" ? history : history.reverse()
              return [{
                identifier: identifierOf(entry),
                history: ordered.slice(0, request.count ?? 10).map((h) => ({
                  translationText: h.text,
                  translator: { id: h.translatorId, agentType: h.agentType },
                  created: h.created
                })),
                nextCursor: null
              }]
            }),
            failedEntries: found.flatMap(({ entry, request }) =>
              entry === undefined ? [{ identifier: request.identifier, error: { errorCode: 1, errorMessage: "Entry not found." } }] : []
            )
          }
        }),
      getTableEntryCount: ({ params }) => Effect.map(tableOf(world, params.tableId), (t) => ({ id: t.id, entryCount: t.entries.length })),
      getTable: ({ params }) => Effect.map(tableOf(world, params.tableId), tableInfo),
      updateTable: ({ params, payload }) =>
        Effect.gen(function*() {
          const userId = yield* requireUserId
          const table = yield* tableOf(world, params.tableId)
          if (payload.name !== undefined) table.name = payload.name
          const modified: Array<{ identifier: ReturnType<typeof identifierOf>; translations: Array<{ locale: string; translationText?: string }> }> = []
          const failed: Array<{ identifier: { key?: string | null | undefined; context?: string | null | undefined; source: string }; error: { errorCode: number; errorMessage: string } }> = []
          const now = new Date().toISOString()
          for (const patch of payload.entries ?? []) {
            const index = table.entries.findIndex((e) => sameEntry(e, patch.identifier))
            if (patch.delete === true) {
              if (index === -1) failed.push({ identifier: patch.identifier, error: { errorCode: 1, errorMessage: "Entry not found." } })
              else modified.push({ identifier: identifierOf(table.entries.splice(index, 1)[0]!), translations: [] })
              continue
            }
            let entry = table.entries[index]
            if (entry === undefined) {
              entry = {
                key: patch.identifier.key ?? null,
                context: patch.identifier.context ?? null,
                source: patch.identifier.source,
                example: patch.metadata?.example ?? null,
                created: now,
                translations: new Map()
              }
              table.entries.push(entry)
            }
            const changed: Array<{ locale: string; translationText?: string }> = []
            for (const t of patch.translations ?? []) {
              if (t.delete === true) {
                entry.translations.delete(t.locale)
                changed.push({ locale: t.locale })
              } else if (t.translationText !== undefined) {
                const previous = entry.translations.get(t.locale)
                const history = previous?.history ?? []
                history.push({ text: t.translationText, translatorId: userId, agentType: "User", created: now })
                entry.translations.set(t.locale, { text: t.translationText, translatorId: userId, agentType: "User", updated: now, history })
                changed.push({ locale: t.locale, translationText: t.translationText })
              }
            }
            modified.push({ identifier: identifierOf(entry), translations: changed })
          }
          return { modifiedEntriesAndTranslations: modified, failedEntriesAndTranslations: failed }
        })
    })
  })
)

const SourceLanguageHandlers = HttpApiBuilder.group(
  ServedGameInternationalizationApi,
  "sourceLanguage",
  Effect.fn(function*(handlers) {
    const { world } = yield* EmulatorState
    return handlers.handleAll({
      getSourceLanguage: ({ params }) =>
        Effect.map(gameOf(world, params.gameId), (game) => ({ languageCode: game.sourceLanguage, ...languageName(world, game.sourceLanguage) })),
      setSourceLanguage: ({ params, query }) =>
        Effect.gen(function*() {
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

const SupportedLanguagesHandlers = HttpApiBuilder.group(
  ServedGameInternationalizationApi,
  "supportedLanguages",
  Effect.fn(function*(handlers) {
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
          data: [...game.supported].map(([code, l]) => ({ languageCode: code, languageCodeType: l.type, name: languageName(world, code).name }))
        })),
      setAutomaticTranslationStatus: ({ params, payload }) =>
        Effect.gen(function*() {
          yield* requireUserId
          const game = yield* gameOf(world, params.gameId)
          const language = yield* supportedLanguage(game, params.languageCode)
          language.automatic = payload
          return { gameId: params.gameId, languageCode: params.languageCode, isAutomaticTranslationEnabled: payload }
        }),
      setUniverseDisplayInfoAutomaticTranslation: ({ params, payload }) =>
        Effect.gen(function*() {
          yield* requireUserId
          const game = yield* gameOf(world, params.gameId)
          const language = yield* supportedLanguage(game, params.languageCode)
          language.displayInfo = payload
          return { gameId: params.gameId, languageCode: params.languageCode, isUniverseDisplayInfoAutomaticTranslationEnabled: payload }
        }),
      patchSupportedLanguages: ({ params, payload }) =>
        Effect.gen(function*() {
          yield* requireUserId
          const game = yield* gameOf(world, params.gameId)
          for (const item of payload) {
            if (item.delete === true) {
              game.supported.delete(item.languageCode)
              continue
            }
            yield* knownLanguage(world, item.languageCode)
            if (item.languageCode === game.sourceLanguage) {
              return yield* badRequest(4, "The source language cannot be a supported language.", "source language added")
            }
            if (!game.supported.has(item.languageCode)) {
              game.supported.set(item.languageCode, { type: item.languageCodeType, automatic: false, displayInfo: false })
            }
          }
          return {}
        }),
      getUniverseDisplayInfoAutomaticTranslationSettings: ({ params }) =>
        Effect.map(gameOf(world, params.gameId), (game) => ({
          data: [...game.supported].map(([code, l]) => ({ languageCode: code, isUniverseDisplayInfoAutomaticTranslationEnabled: l.displayInfo }))
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
            childLocales: world.locales.filter((l) => l.language === code).map((l, i) => ({
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

const TranslationAnalyticsHandlers = HttpApiBuilder.group(
  ServedGameInternationalizationApi,
  "translationAnalytics",
  Effect.fn(function*(handlers) {
    const { world } = yield* EmulatorState
    return handlers.handleAll({
      downloadTranslationAnalyticsReport: ({ params }) =>
        Effect.gen(function*() {
          yield* requireUserId
          const game = yield* gameOf(world, params.gameId)
          if (!game.reportRequested) return yield* notFound(7, "The report has not been requested.", "report not requested")
          return analyticsReport(world, params.gameId, game)
        }),
      requestTranslationAnalyticsReport: ({ params, payload }) =>
        Effect.gen(function*() {
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

/** Handlers of every group of the game internationalization service. */
export const GameInternationalizationHandlers = Layer.mergeAll(
  AutolocalizationHandlers,
  AutomaticTranslationHandlers,
  LocalizationStatusHandlers,
  LocalizationTableHandlers,
  SourceLanguageHandlers,
  SupportedLanguagesHandlers,
  TranslationAnalyticsHandlers
)
