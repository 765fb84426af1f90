/**
 * Schemas shared by the game internationalization groups: supported locales, translators, table entries.
 *
 * @module
 */
import * as Schema from "effect/Schema"
import { lenientEnum } from "../sharedSchemas.ts"

/** A language family (`en`, `es`, …) as the localization services describe it. */
export const LanguageFamily = Schema.Struct({
  id: Schema.optional(Schema.Int),
  languageCode: Schema.String,
  name: Schema.optional(Schema.String),
  nativeName: Schema.optional(Schema.String),
  isRightToLeft: Schema.optional(Schema.Boolean)
})

/** A locale the platform supports (`es_mx`), with its language family. */
export const SupportedLocale = Schema.Struct({
  id: Schema.optional(Schema.Int),
  locale: Schema.String,
  localeCode: Schema.optional(Schema.String),
  name: Schema.optional(Schema.String),
  nativeName: Schema.optional(Schema.String),
  language: Schema.optional(LanguageFamily)
})

/** The type of {@link SupportedLocale}. */
export type SupportedLocale = typeof SupportedLocale.Type

/** Who made a translation: a person or the automatic translator (documented 0–1). */
export const TranslatorAgentType = lenientEnum(["User", "Automation"], { 0: "User", 1: "Automation" }, "name")

/** A translator. */
export const Translator = Schema.Struct({
  id: Schema.Int,
  agentType: Schema.optional(TranslatorAgentType)
})

/** Identifies an entry of a localization table: key, context and source text. */
export const EntryIdentifier = Schema.Struct({
  key: Schema.optional(Schema.NullOr(Schema.String)),
  context: Schema.optional(Schema.NullOr(Schema.String)),
  source: Schema.String
})

/** The type of {@link EntryIdentifier}. */
export type EntryIdentifier = typeof EntryIdentifier.Type

/** Where an entry is used and an example value. */
export const EntryMetadata = Schema.Struct({
  example: Schema.optional(Schema.NullOr(Schema.String)),
  gameLocations: Schema.optional(Schema.Array(Schema.Struct({ path: Schema.String })))
})

/** One translation of an entry. */
export const Translation = Schema.Struct({
  locale: Schema.String,
  translationText: Schema.String,
  translator: Schema.optional(Schema.NullOr(Translator)),
  updatedTime: Schema.optional(Schema.String)
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
