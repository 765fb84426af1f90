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
import * as HttpApiEndpoint from "effect/http-api/HttpApiEndpoint"
import * as HttpApiGroup from "effect/http-api/HttpApiGroup"
import * as Schema from "effect/Schema"
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
export const TableId = Schema.String.check(Schema.isPattern(/^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/))

/** A table by its id (a uuid string) or by its asset's id (a number): the path of `getTable`. */
export const TableRef = Schema.Union([TableId, IdFromString])

/** The type of {@link TableRef}. */
export type TableRef = typeof TableRef.Type

const gameIdQuery = { gameId: Schema.optional(Id) }
const tableParams = { tableId: TableId }
const errors = CreatorToolErrors

/** The localization table endpoints. */
export class LocalizationTableGroup extends HttpApiGroup.make("localizationTable").add(
  HttpApiEndpoint.get("getAvailableLanguages", "/v1/localization-table/available-languages", {
    success: DataList(Language)
  }),
  HttpApiEndpoint.post("createTable", "/v1/localization-table/tables", {
    payload: CreateTableRequest,
    success: CreateTableResponse,
    error: errors
  }),
  HttpApiEndpoint.get("getTable", "/v1/localization-table/tables/:tableId", {
    params: { tableId: TableRef },
    success: LocalizationTable,
    error: errors
  }),
  HttpApiEndpoint.patch("updateTable", "/v1/localization-table/tables/:tableId", {
    params: tableParams,
    query: gameIdQuery,
    payload: UpdateTableRequest,
    success: UpdateTableResponse,
    error: errors
  }),
  HttpApiEndpoint.get("getTableEntries", "/v1/localization-table/tables/:tableId/entries", {
    params: tableParams,
    query: { cursor: Schema.optional(Schema.String), ...gameIdQuery, entryFormat: Schema.optional(EntryFormatName) },
    success: TableEntriesPage,
    error: errors
  }),
  HttpApiEndpoint.post("getTranslationHistory", "/v1/localization-table/tables/:tableId/entries/translation-history", {
    params: tableParams,
    query: gameIdQuery,
    payload: TranslationHistoryRequest,
    success: TranslationHistoryResponse,
    error: errors
  }),
  HttpApiEndpoint.get("getTableEntryCount", "/v1/localization-table/tables/:tableId/entry-count", {
    params: tableParams,
    query: { ...gameIdQuery, entryFormat: Schema.optional(EntryFormatName) },
    success: TableEntryCount,
    error: errors
  })
) {}
