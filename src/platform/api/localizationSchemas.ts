/**
 * The vocabulary the localization services share (game internationalization, localization tables, translation
 * roles): whether a code names a language or a locale, a language, a game's autolocalization information and its
 * cleanup request, and the creator tools' errors.
 *
 * @module
 */
import * as Schema from "effect/Schema"
import { lenientEnum, openCodedEnum, optionalOrNull } from "./sharedSchemas.ts"

/** Whether a code names a language (`es`) or a locale (`es_mx`); documented as 0–1, sent live as the name; open. */
export const LanguageCodeType = openCodedEnum(["Language", "Locale"], { 0: "Language", 1: "Locale" }, "name")

/** The type of {@link LanguageCodeType}. */
export type LanguageCodeType = typeof LanguageCodeType.Type

/**
 * Whether a code of a request names a language or a locale: read as `Language`/`Locale` in any case or as the code
 * 0/1, sent by name as the document shows.
 */
export const LanguageOrLocaleType = lenientEnum(["Language", "Locale"], { 0: "Language", 1: "Locale" }, "name")

/** A language: code, English name and native name. */
export const Language = Schema.Struct({
  languageCode: Schema.String,
  name: Schema.optional(Schema.String),
  nativeName: Schema.optional(Schema.String)
})

/** The type of {@link Language}. */
export type Language = typeof Language.Type

/** A game's autolocalization information: its switches and its automatic table. */
export const GameAutolocalizationInfo = Schema.Struct({
  isAutolocalizationEnabled: Schema.Boolean,
  shouldUseLocalizationTable: Schema.Boolean,
  isAutomaticEntriesSettingEnabled: optionalOrNull(Schema.Boolean),
  isAutomaticEntriesDeletionEnabled: optionalOrNull(Schema.Boolean),
  autoLocalizationTableId: optionalOrNull(Schema.String),
  assetId: optionalOrNull(Schema.Int),
  sourceLanguage: optionalOrNull(Schema.String)
})

/** The type of {@link GameAutolocalizationInfo}. */
export type GameAutolocalizationInfo = typeof GameAutolocalizationInfo.Type

/**
 * A cleanup request: flush the automatically scraped entries without translations older than `maxAgeForFlush`, a
 * duration (ISO 8601 as published, e.g. `P30D`; the spec's form `30.00:00:00` is accepted by the emulator too).
 */
export const AutoscrapeCleanupRequest = Schema.Struct({ maxAgeForFlush: Schema.String })

/**
 * The errors of the creator tools (localization, tables, roles): bad input (400), no signed-in user (401), not
 * allowed (403), no such table or report (404).
 */
export const CreatorToolErrors = [400, 401, 403, 404] as const
