/**
 * Localization tables on the localization tables service as the emulator serves them: a table by id or by its
 * asset's id; entries page 50 at a time by cursor (`entryFormat` accepted; every entry is `Legacy`); a patch applies
 * its entries in order and answers which changed and which failed (deleting or translating an entry that does not
 * exist: error code 1).
 *
 * @module
 */
import { Effect } from "effect"
import { HttpApiBuilder } from "effect/http-api"
import type { TableEntry } from "../../../platform/api/localizationTables/schemas.ts"
import { EmulatorState } from "../../EmulatorState.ts"
import { type EntryState, localizationState, type TableState, worldLanguages } from "../localizationState.ts"
import { gameOf, languageName, tableOf } from "../localizationSupport.ts"
import { badRequest, decodeCursor, encodeCursor, notFound, requireUserId } from "../support.ts"
import { ServedLocalizationTablesApi } from "./api.ts"

/** Entries per page of a table. */
export const entriesPerPage = 50

const sameEntry = (
  entry: EntryState,
  identifier: {
    readonly key?: string | null | undefined
    readonly context?: string | null | undefined
    readonly source: string
  }
) =>
  entry.source === identifier.source &&
  (entry.key ?? null) === (identifier.key ?? null) &&
  (entry.context ?? null) === (identifier.context ?? null)

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

/** Handlers of the localization table group. */
export const LocalizationTableHandlers = HttpApiBuilder.group(
  ServedLocalizationTablesApi,
  "localizationTable",
  // oxlint-disable-next-line max-lines-per-function -- one handler per endpoint of the service, read as one list beside its API group
  Effect.fn(function* (handlers) {
    const { world } = yield* EmulatorState
    const state = localizationState(world)
    const tableInfo = (t: TableState) => ({
      id: t.id,
      name: t.name,
      ownerType: t.ownerType,
      ownerId: t.ownerId,
      assetId: t.assetId
    })
    return handlers.handleAll({
      getAvailableLanguages: () =>
        Effect.succeed({
          data: worldLanguages(world).map((code) => ({ languageCode: code, ...languageName(world, code) }))
        }),
      createTable: ({ payload }) =>
        Effect.gen(function* () {
          const userId = yield* requireUserId
          const table = state.newTable(
            payload.name ?? "New table",
            payload.ownerType ?? "User",
            payload.ownerId ?? userId
          )
          return { id: table.id, assetId: table.assetId }
        }),
      getTable: ({ params }) =>
        typeof params.tableId === "number"
          ? Effect.gen(function* () {
              const assetId = params.tableId
              const table = [...state.tables.values()].find((t) => t.assetId === assetId)
              if (table === undefined)
                return yield* notFound(5, "The table does not exist.", `no table for asset ${assetId}`)
              return tableInfo(table)
            })
          : Effect.map(tableOf(world, params.tableId), tableInfo),
      updateTable: ({ params, payload }) =>
        Effect.gen(function* () {
          const userId = yield* requireUserId
          const table = yield* tableOf(world, params.tableId)
          if (payload.name !== undefined) table.name = payload.name
          const modified: Array<{
            identifier: ReturnType<typeof identifierOf>
            translations: Array<{ locale: string; translationText?: string }>
          }> = []
          const failed: Array<{
            identifier: { key?: string | null | undefined; context?: string | null | undefined; source: string }
            error: { errorCode: number; errorMessage: string }
          }> = []
          const now = new Date().toISOString()
          for (const patch of payload.entries ?? []) {
            const index = table.entries.findIndex((e) => sameEntry(e, patch.identifier))
            if (patch.delete === true) {
              if (index === -1)
                failed.push({ identifier: patch.identifier, error: { errorCode: 1, errorMessage: "Entry not found." } })
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
                entry.translations.set(t.locale, {
                  text: t.translationText,
                  translatorId: userId,
                  agentType: "User",
                  updated: now,
                  history
                })
                changed.push({ locale: t.locale, translationText: t.translationText })
              }
            }
            modified.push({ identifier: identifierOf(entry), translations: changed })
          }
          return { modifiedEntriesAndTranslations: modified, failedEntriesAndTranslations: failed }
        }),
      getTableEntries: ({ params, query }) =>
        Effect.gen(function* () {
          const table = yield* tableOf(world, params.tableId)
          if (query.gameId !== undefined) yield* gameOf(world, query.gameId)
          const list = `entries:${table.id}`
          const offset = query.cursor === undefined || query.cursor === "" ? 0 : decodeCursor(list, query.cursor)
          if (offset === undefined) return yield* badRequest(6, "Invalid cursor.", "invalid cursor")
          return {
            data: table.entries.slice(offset, offset + entriesPerPage).map(entryOf),
            previousPageCursor: offset > 0 ? encodeCursor(list, Math.max(0, offset - entriesPerPage)) : null,
            nextPageCursor:
              offset + entriesPerPage < table.entries.length ? encodeCursor(list, offset + entriesPerPage) : null
          }
        }),
      getTranslationHistory: ({ params, payload }) =>
        Effect.gen(function* () {
          const table = yield* tableOf(world, params.tableId)
          const found = payload.entries.map((request) => ({
            request,
            entry: table.entries.find((e) => sameEntry(e, request.identifier))
          }))
          return {
            tableId: table.id,
            locale: payload.locale,
            entries: found.flatMap(({ entry, request }) => {
              if (entry === undefined) return []
              const history = [...(entry.translations.get(payload.locale)?.history ?? [])]
              const ordered = request.sortOrder === "Asc" ? history : history.reverse()
              return [
                {
                  identifier: identifierOf(entry),
                  history: ordered.slice(0, request.count ?? 10).map((h) => ({
                    translationText: h.text,
                    translator: { id: h.translatorId, agentType: h.agentType },
                    created: h.created
                  })),
                  nextCursor: null
                }
              ]
            }),
            failedEntries: found.flatMap(({ entry, request }) =>
              entry === undefined
                ? [{ identifier: request.identifier, error: { errorCode: 1, errorMessage: "Entry not found." } }]
                : []
            )
          }
        }),
      getTableEntryCount: ({ params }) =>
        Effect.map(tableOf(world, params.tableId), (t) => ({ id: t.id, entryCount: t.entries.length }))
    })
  })
)
