/**
 * Localization tables of games on the game internationalization service (spec §7 "Localization table", 10 calls):
 * tables, their entries with translations, translation history, entry counts, and a game's table associations.
 *
 * Entries page by cursor (`nextPageCursor`, absent or null at the end). `gameId` is optional on the entry calls:
 * with it, the caller's rights on the game apply.
 *
 * @module
 */
import * as HttpApiEndpoint from "effect/http-api/HttpApiEndpoint"
import * as HttpApiGroup from "effect/http-api/HttpApiGroup"
import * as Schema from "effect/Schema"
import { CreatorToolErrors, Language } from "../localizationSchemas.ts"
import { DataList, EmptyResponse, Id, SortOrder } from "../sharedSchemas.ts"
import { EntryError, EntryIdentifier, EntryMetadata, TableEntry, Translator } from "./schemas.ts"

/** A localization table. */
export const LocalizationTable = Schema.Struct({
  id: Schema.String,
  name: Schema.optional(Schema.String),
  ownerType: Schema.optional(Schema.String),
  ownerId: Schema.optional(Schema.Int),
  assetId: Schema.optional(Schema.Int)
})

/** The type of {@link LocalizationTable}. */
export type LocalizationTable = typeof LocalizationTable.Type

/** The body of a table creation. */
export const CreateTableRequest = Schema.Struct({
  name: Schema.optional(Schema.String),
  ownerType: Schema.optional(Schema.Literals(["User", "Group"])),
  ownerId: Schema.optional(Schema.Int)
})

/** The answer of a table creation. */
export const CreateTableResponse = Schema.Struct({ id: Schema.String, assetId: Schema.optional(Schema.Int) })

/** The body of a game's table association change. */
export const AssociateTablesRequest = Schema.Struct({
  tables: Schema.Array(Schema.Struct({ id: Schema.String, dissociate: Schema.optional(Schema.Boolean) }))
})

/** A page of table entries. */
export const TableEntriesPage = Schema.Struct({
  data: Schema.Array(TableEntry),
  nextPageCursor: Schema.optional(Schema.NullOr(Schema.String)),
  previousPageCursor: Schema.optional(Schema.NullOr(Schema.String))
})

/** The type of {@link TableEntriesPage}. */
export type TableEntriesPage = typeof TableEntriesPage.Type

/** The body of a translation history request: per entry a count, an optional cursor and a sort order. */
export const TranslationHistoryRequest = Schema.Struct({
  locale: Schema.String,
  entries: Schema.Array(Schema.Struct({
    identifier: EntryIdentifier,
    count: Schema.optional(Schema.Int),
    cursor: Schema.optional(Schema.NullOr(Schema.String)),
    sortOrder: Schema.optional(SortOrder)
  }))
})

/** The type of {@link TranslationHistoryRequest}. */
export type TranslationHistoryRequest = typeof TranslationHistoryRequest.Type

/** Past translations of entries. */
export const TranslationHistoryResponse = Schema.Struct({
  tableId: Schema.String,
  locale: Schema.String,
  entries: Schema.Array(Schema.Struct({
    identifier: EntryIdentifier,
    history: Schema.Array(Schema.Struct({
      translationText: Schema.String,
      translator: Schema.optional(Schema.NullOr(Translator)),
      created: Schema.optional(Schema.String)
    })),
    nextCursor: Schema.optional(Schema.NullOr(Schema.String))
  })),
  failedEntries: Schema.optional(Schema.Array(Schema.Struct({
    identifier: EntryIdentifier,
    error: Schema.optional(EntryError)
  })))
})

/** The type of {@link TranslationHistoryResponse}. */
export type TranslationHistoryResponse = typeof TranslationHistoryResponse.Type

/** How many entries a table has. */
export const TableEntryCount = Schema.Struct({ id: Schema.String, entryCount: Schema.Int })

/** One translation of a table patch: set, or delete with `delete: true`. */
export const PatchTranslation = Schema.Struct({
  locale: Schema.String,
  translationText: Schema.optional(Schema.String),
  delete: Schema.optional(Schema.Boolean)
})

/** One entry of a table patch: add or change it with its translations, or delete it. */
export const PatchEntry = Schema.Struct({
  identifier: EntryIdentifier,
  metadata: Schema.optional(EntryMetadata),
  translations: Schema.optional(Schema.Array(PatchTranslation)),
  delete: Schema.optional(Schema.Boolean)
})

/** The type of {@link PatchEntry}. */
export type PatchEntry = typeof PatchEntry.Type

/** The body of a table patch: a new name and/or entry changes. */
export const UpdateTableRequest = Schema.Struct({
  name: Schema.optional(Schema.String),
  entries: Schema.optional(Schema.Array(PatchEntry))
})

/** The type of {@link UpdateTableRequest}. */
export type UpdateTableRequest = typeof UpdateTableRequest.Type

/** What a table patch changed and what it could not. */
export const UpdateTableResponse = Schema.Struct({
  modifiedEntriesAndTranslations: Schema.Array(Schema.Struct({
    identifier: EntryIdentifier,
    translations: Schema.optional(Schema.Array(Schema.Struct({ locale: Schema.String, translationText: Schema.optional(Schema.String) })))
  })),
  failedEntriesAndTranslations: Schema.Array(Schema.Struct({
    identifier: EntryIdentifier,
    error: Schema.optional(EntryError)
  }))
})

/** The type of {@link UpdateTableResponse}. */
export type UpdateTableResponse = typeof UpdateTableResponse.Type

const gameIdQuery = { gameId: Schema.optional(Id) }
const errors = CreatorToolErrors

/** The localization table endpoints of the game internationalization service. */
export class LocalizationTableGroup extends HttpApiGroup.make("localizationTable").add(
  HttpApiEndpoint.get("getAvailableLanguages", "/v1/localizationtable/available-languages", {
    success: DataList(Language)
  }),
  HttpApiEndpoint.post("requestTableAssetsGeneration", "/v1/localizationtable/games/:gameId/assets-generation-request", {
    params: { gameId: Id },
    success: EmptyResponse,
    error: errors
  }),
  HttpApiEndpoint.patch("associateGameTables", "/v1/localizationtable/gametables/:gameId", {
    params: { gameId: Id },
    payload: AssociateTablesRequest,
    success: Schema.Struct({ success: Schema.Boolean }),
    error: errors
  }),
  HttpApiEndpoint.get("getTableByAssetId", "/v1/localizationtable/tables", {
    query: { assetId: Id },
    success: LocalizationTable,
    error: errors
  }),
  HttpApiEndpoint.post("createTable", "/v1/localizationtable/tables", {
    payload: CreateTableRequest,
    success: CreateTableResponse,
    error: errors
  }),
  HttpApiEndpoint.get("getTableEntries", "/v1/localizationtable/tables/:tableId/entries", {
    params: { tableId: Schema.String },
    query: { cursor: Schema.optional(Schema.String), ...gameIdQuery },
    success: TableEntriesPage,
    error: errors
  }),
  HttpApiEndpoint.post("getTranslationHistory", "/v1/localizationtable/tables/:tableId/entries/translation-history", {
    params: { tableId: Schema.String },
    query: gameIdQuery,
    payload: TranslationHistoryRequest,
    success: TranslationHistoryResponse,
    error: errors
  }),
  HttpApiEndpoint.get("getTableEntryCount", "/v1/localizationtable/tables/:tableId/entry-count", {
    params: { tableId: Schema.String },
    query: gameIdQuery,
    success: TableEntryCount,
    error: errors
  }),
  HttpApiEndpoint.get("getTable", "/v1/localizationtable/tables/:tableId", {
    params: { tableId: Schema.String },
    success: LocalizationTable,
    error: errors
  }),
  HttpApiEndpoint.patch("updateTable", "/v1/localizationtable/tables/:tableId", {
    params: { tableId: Schema.String },
    query: gameIdQuery,
    payload: UpdateTableRequest,
    success: UpdateTableResponse,
    error: errors
  })
) {}
