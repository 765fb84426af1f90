/**
 * The vocabulary the localization services share (game internationalization, localization tables, translation
 * roles): whether a code names a language or a locale, a language, and the creator tools' errors.
 *
 * @module
 */
import * as Schema from "effect/Schema"
import { ApiBadRequest, ApiForbidden, ApiNotFound, ApiUnauthorized, lenientEnum } from "./sharedSchemas.ts"

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
