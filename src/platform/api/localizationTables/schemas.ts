/**
 * The schemas of the localization tables service: tables, their entries (identifier, metadata, translations, who
 * translated), translation history, table patches, and the automatic table's scraped entries.
 *
 * Shapes follow the published document; enums of answers are open (translator agent, entry format, owner type).
 *
 * @module
 */
import * as Schema from "effect/Schema"
import { lenientEnum, NameFromString, openCodedEnum, optionalOrNull, SortOrder } from "../sharedSchemas.ts"

/** Who made a translation: a person or the automatic translator (documented as names with codes 0–1; open). */
export const TranslatorAgentType = openCodedEnum(["User", "Automation"], { 0: "User", 1: "Automation" }, "name")

/** A translator. */
export const Translator = Schema.Struct({
  id: Schema.Int,
  agentType: Schema.optional(TranslatorAgentType)
})

/** The format of an entry's text: plain (`Legacy`) or ICU message format (`Icu`); open. */
export const EntryFormat = openCodedEnum(["Invalid", "Legacy", "Icu"], { 0: "Invalid", 1: "Legacy", 2: "Icu" }, "name")

/** The entry format of a request (entries, entry counts): a name. */
export const EntryFormatName = lenientEnum(
  ["Invalid", "Legacy", "Icu"],
  { 0: "Invalid", 1: "Legacy", 2: "Icu" },
  "name"
)

/** Identifies an entry of a localization table: key, context and source text (and the text's format). */
export const EntryIdentifier = Schema.Struct({
  key: Schema.optional(Schema.NullOr(Schema.String)),
  context: Schema.optional(Schema.NullOr(Schema.String)),
  source: Schema.String,
  entryFormat: optionalOrNull(EntryFormat)
})

/** The type of {@link EntryIdentifier}. */
export type EntryIdentifier = typeof EntryIdentifier.Type

/** Where an entry is used and an example value. */
export const EntryMetadata = Schema.Struct({
  example: Schema.optional(Schema.NullOr(Schema.String)),
  gameLocations: Schema.optional(Schema.Array(Schema.Struct({ path: Schema.String }))),
  entryFormat: optionalOrNull(EntryFormat)
})

/** One translation of an entry. */
export const Translation = Schema.Struct({
  locale: Schema.String,
  translationText: Schema.String,
  translator: Schema.optional(Schema.NullOr(Translator)),
  updatedTime: Schema.optional(Schema.String),
  feedbackCount: optionalOrNull(Schema.Int)
})

/** The type of {@link Translation}. */
export type Translation = typeof Translation.Type

/** An entry of a localization table with its translations. */
export const TableEntry = Schema.Struct({
  identifier: EntryIdentifier,
  metadata: Schema.optional(Schema.NullOr(EntryMetadata)),
  translations: Schema.Array(Translation),
  createdTime: Schema.optional(Schema.String)
})

/** The type of {@link TableEntry}. */
export type TableEntry = typeof TableEntry.Type

/** An error of one entry: a numeric code and a message. */
export const EntryError = Schema.Struct({
  errorCode: Schema.Int,
  errorMessage: Schema.optional(Schema.String)
})

/** The owner of a table: a user or a group (documented as names with codes 0–1; open). */
export const TableOwnerType = openCodedEnum(["User", "Group"], { 0: "User", 1: "Group" }, "name")

/** A localization table. */
export const LocalizationTable = Schema.Struct({
  id: Schema.String,
  name: Schema.optional(Schema.String),
  ownerType: Schema.optional(TableOwnerType),
  ownerId: Schema.optional(Schema.Int),
  assetId: Schema.optional(Schema.Int)
})

/** The type of {@link LocalizationTable}. */
export type LocalizationTable = typeof LocalizationTable.Type

/** The body of a table creation. */
export const CreateTableRequest = Schema.Struct({
  name: Schema.optional(Schema.String),
  ownerType: Schema.optional(NameFromString(["User", "Group"])),
  ownerId: Schema.optional(Schema.Int)
})

/** The answer of a table creation. */
export const CreateTableResponse = Schema.Struct({ id: Schema.String, assetId: Schema.optional(Schema.Int) })

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
  entries: Schema.Array(
    Schema.Struct({
      identifier: EntryIdentifier,
      count: Schema.optional(Schema.Int),
      cursor: Schema.optional(Schema.NullOr(Schema.String)),
      sortOrder: Schema.optional(SortOrder)
    })
  )
})

/** The type of {@link TranslationHistoryRequest}. */
export type TranslationHistoryRequest = typeof TranslationHistoryRequest.Type

/** Past translations of entries. */
export const TranslationHistoryResponse = Schema.Struct({
  tableId: Schema.String,
  locale: Schema.String,
  entries: Schema.Array(
    Schema.Struct({
      identifier: EntryIdentifier,
      history: Schema.Array(
        Schema.Struct({
          translationText: Schema.String,
          translator: Schema.optional(Schema.NullOr(Translator)),
          created: Schema.optional(Schema.String)
        })
      ),
      nextCursor: Schema.optional(Schema.NullOr(Schema.String))
    })
  ),
  failedEntries: Schema.optional(
    Schema.Array(
      Schema.Struct({
        identifier: EntryIdentifier,
        error: Schema.optional(EntryError),
        count: optionalOrNull(Schema.Int)
      })
    )
  )
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
  modifiedEntriesAndTranslations: Schema.Array(
    Schema.Struct({
      identifier: EntryIdentifier,
      translations: Schema.optional(
        Schema.Array(
          Schema.Struct({
            locale: Schema.String,
            translationText: Schema.optional(Schema.String),
            translator: optionalOrNull(Translator),
            updatedTime: optionalOrNull(Schema.String)
          })
        )
      )
    })
  ),
  failedEntriesAndTranslations: Schema.Array(
    Schema.Struct({
      identifier: EntryIdentifier,
      error: Schema.optional(EntryError),
      metadata: optionalOrNull(EntryMetadata),
      translations: optionalOrNull(Schema.Array(Translation)),
      createdTime: optionalOrNull(Schema.String)
    })
  )
})

/** The type of {@link UpdateTableResponse}. */
export type UpdateTableResponse = typeof UpdateTableResponse.Type
