/**
 * Schemas shared by the game internationalization groups: language families and supported locales.
 *
 * @module
 */
import * as Schema from "effect/Schema"

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
