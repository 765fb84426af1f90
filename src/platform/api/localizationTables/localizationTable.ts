/**
 * Localization tables on the localization tables service (API-6, which lists them under
 * `/v1/localizationtable/…` on the game internationalization service; the published documents have them at
 * `/v1/localization-table/…` here): available languages, tables, their entries with translations, translation
 * history, entry counts and table patches.
 *
 * Entries page by cursor (`nextPageCursor`, absent or null at the end). `gameId` is optional on the entry calls:
 * with it, the caller's rights on the game apply. `entryFormat` (`Legacy` by default, or `Icu`) picks the text format
 * of entries and counts.
 *
 * A table is read by its id (a uuid) or by the id of its asset: the published document has both at
 * `GET /v1/localization-table/tables/{tableId|assetId}`, one route, so `getTable` takes either ({@link TableRef}).
 *
 * @module
 */
import * as Schema from "effect/Schema"
import { get, group, patch, post } from "../definition.ts"
import { CreatorToolErrors, Language } from "../localizationSchemas.ts"
import { DataList, Id, IdFromString } from "../sharedSchemas.ts"
import {
  CreateTableRequest,
  CreateTableResponse,
  EntryFormatName,
  LocalizationTable,
  TableEntriesPage,
  TableEntryCount,
  TranslationHistoryRequest,
  TranslationHistoryResponse,
  UpdateTableRequest,
  UpdateTableResponse
} from "./schemas.ts"

/** A table's id: a uuid. */
export const TableId = Schema.String.check(
  Schema.isPattern(/^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/)
)

/** A table by its id (a uuid string) or by its asset's id (a number): the path of `getTable`. */
export const TableRef = Schema.Union([TableId, IdFromString])

/** The type of {@link TableRef}. */
export type TableRef = typeof TableRef.Type

const gameIdQuery = { gameId: Schema.optional(Id) }
const tableParams = { tableId: TableId }
const errors = CreatorToolErrors

/** `GET /v1/localization-table/available-languages`. */
export const getAvailableLanguages = get("getAvailableLanguages", "/v1/localization-table/available-languages", {
  success: DataList(Language)
})

/** `POST /v1/localization-table/tables`. */
export const createTable = post("createTable", "/v1/localization-table/tables", {
  payload: CreateTableRequest,
  success: CreateTableResponse,
  errors: errors
})

/** `GET /v1/localization-table/tables/{tableId}`. */
export const getTable = get("getTable", "/v1/localization-table/tables/:tableId", {
  params: { tableId: TableRef },
  success: LocalizationTable,
  errors: errors
})

/** `PATCH /v1/localization-table/tables/{tableId}`. */
export const updateTable = patch("updateTable", "/v1/localization-table/tables/:tableId", {
  params: tableParams,
  query: gameIdQuery,
  payload: UpdateTableRequest,
  success: UpdateTableResponse,
  errors: errors
})

/** `GET /v1/localization-table/tables/{tableId}/entries`. */
export const getTableEntries = get("getTableEntries", "/v1/localization-table/tables/:tableId/entries", {
  params: tableParams,
  query: { cursor: Schema.optional(Schema.String), ...gameIdQuery, entryFormat: Schema.optional(EntryFormatName) },
  success: TableEntriesPage,
  errors: errors
})

/** `POST /v1/localization-table/tables/{tableId}/entries/translation-history`. */
export const getTranslationHistory = post(
  "getTranslationHistory",
  "/v1/localization-table/tables/:tableId/entries/translation-history",
  {
    params: tableParams,
    query: gameIdQuery,
    payload: TranslationHistoryRequest,
    success: TranslationHistoryResponse,
    errors: errors
  }
)

/** `GET /v1/localization-table/tables/{tableId}/entry-count`. */
export const getTableEntryCount = get("getTableEntryCount", "/v1/localization-table/tables/:tableId/entry-count", {
  params: tableParams,
  query: { ...gameIdQuery, entryFormat: Schema.optional(EntryFormatName) },
  success: TableEntryCount,
  errors: errors
})

/** The localization table endpoints. */
export const LocalizationTableGroup = group(
  "localizationTable",
  getAvailableLanguages,
  createTable,
  getTable,
  updateTable,
  getTableEntries,
  getTranslationHistory,
  getTableEntryCount
)
