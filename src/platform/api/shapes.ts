/**
 * Schemas shared by the service definitions added for the full call list (catalog, localization, locale, roles,
 * share links): an empty answer, string lists, and the language/locale vocabulary of the localization services.
 *
 * @module
 */
import * as Schema from "effect/Schema"
import { ApiBadRequest, ApiForbidden, ApiNotFound, ApiUnauthorized, CommaSeparated, lenientEnum } from "./common.ts"

/** An empty answer (`{}`), as the platform sends for calls that only acknowledge. */
export const EmptyResponse = Schema.Struct({})

/** The type of {@link EmptyResponse}. */
export type EmptyResponse = typeof EmptyResponse.Type

/** A comma-joined list of strings (`a,b` ⇄ `["a", "b"]`). */
export const StringList = CommaSeparated(Schema.String)

/** Whether a code names a language (`es`) or a locale (`es_mx`); documented as 0–1, sent live as the name. */
export const LanguageCodeType = lenientEnum(["Language", "Locale"], { 0: "Language", 1: "Locale" }, "name")

/** The type of {@link LanguageCodeType}. */
export type LanguageCodeType = typeof LanguageCodeType.Type

/** A language: code, English name and native name. */
export const Language = Schema.Struct({
  languageCode: Schema.String,
  name: Schema.optional(Schema.String),
  nativeName: Schema.optional(Schema.String)
})

/** The type of {@link Language}. */
export type Language = typeof Language.Type

/**
 * The errors of the creator tools (localization, tables, roles): bad input (400), no signed-in user (401), not
 * allowed (403), no such table or report (404).
 */
export const CreatorToolErrors = [ApiBadRequest, ApiUnauthorized, ApiForbidden, ApiNotFound] as const
