/**
 * The locale service: the platform's locales and the signed-in user's locale (API-16, 5 calls), as the
 * published document has them.
 *
 * @module
 */
import * as Schema from "effect/Schema"
import { api, get, group, post } from "./definition.ts"
import { DataList } from "./sharedSchemas.ts"

/** A language as the locale service describes it. */
export const LocaleLanguage = Schema.Struct({
  id: Schema.optional(Schema.Int),
  name: Schema.optional(Schema.String),
  nativeName: Schema.optional(Schema.String),
  languageCode: Schema.String,
  isRightToLeft: Schema.optional(Schema.Boolean)
})

/** A supported locale (`locale` is the code, e.g. `en_us`). */
export const Locale = Schema.Struct({
  id: Schema.optional(Schema.Int),
  locale: Schema.String,
  name: Schema.optional(Schema.String),
  nativeName: Schema.optional(Schema.String),
  language: Schema.optional(LocaleLanguage)
})

/** The type of {@link Locale}. */
export type Locale = typeof Locale.Type

/** A locale with where it may be used. */
export const LocaleLocus = Schema.Struct({
  locale: Locale,
  isEnabledForFullExperience: Schema.optional(Schema.Boolean),
  isEnabledForSignupAndLogin: Schema.optional(Schema.Boolean),
  isEnabledForInGameUgc: Schema.optional(Schema.Boolean)
})

/** The type of {@link LocaleLocus}. */
export type LocaleLocus = typeof LocaleLocus.Type

/**
 * The body of `set-user-supported-locale` (API-16: supportedLocaleCode). As published, a null code clears the user's
 * locale, so the code is not a required value: a string sets it, null clears it.
 */
export const SetUserLocaleRequest = Schema.Struct({
  supportedLocaleCode: Schema.optionalKey(Schema.NullOr(Schema.String))
})

/** The answer of a setting change. */
export const SuccessResponse = Schema.Struct({ success: Schema.Boolean })

/** The locales the platform supports. */
export const SupportedLocales = Schema.Struct({ supportedLocales: Schema.Array(Locale) })

/** The type of {@link SupportedLocales}. */
export type SupportedLocales = typeof SupportedLocales.Type

/** The signed-in user's locale and native language. */
export const UserLocale = Schema.Struct({
  supportedLocale: Schema.optional(Schema.NullOr(Locale)),
  nativeLanguage: Schema.optional(Schema.NullOr(LocaleLanguage))
})

/** The type of {@link UserLocale}. */
export type UserLocale = typeof UserLocale.Type

/** The user's locale per localization locus (general experience, sign-up and login, user content). */
export const UserLocusLocales = Schema.Struct({
  signupAndLogin: Schema.optional(Schema.NullOr(Locale)),
  generalExperience: Schema.optional(Schema.NullOr(Locale)),
  ugc: Schema.optional(Schema.NullOr(Locale)),
  showRobloxTranslations: Schema.optional(Schema.Boolean)
})

/** The type of {@link UserLocusLocales}. */
export type UserLocusLocales = typeof UserLocusLocales.Type

/** `GET /v1/locales`. */
export const getLocales = get("getLocales", "/v1/locales", {
  query: { displayValueLocale: Schema.optional(Schema.String) },
  success: DataList(LocaleLocus)
})

/** `POST /v1/locales/set-user-supported-locale`. */
export const setUserSupportedLocale = post("setUserSupportedLocale", "/v1/locales/set-user-supported-locale", {
  payload: SetUserLocaleRequest,
  success: SuccessResponse,
  errors: [400, 401],
  bodyName: "userRequest"
})

/** `GET /v1/locales/supported-locales`. */
export const getSupportedLocales = get("getSupportedLocales", "/v1/locales/supported-locales", {
  success: SupportedLocales
})

/** `GET /v1/locales/user-locale`. */
export const getUserLocale = get("getUserLocale", "/v1/locales/user-locale", { success: UserLocale, errors: [401] })

/** `GET /v1/locales/user-localization-locus-supported-locales`. */
export const getUserLocusLocales = get("getUserLocusLocales", "/v1/locales/user-localization-locus-supported-locales", {
  success: UserLocusLocales,
  errors: [401]
})

/** The locale endpoints. */
export const LocaleGroup = group(
  "locale",
  getLocales,
  setUserSupportedLocale,
  getSupportedLocales,
  getUserLocale,
  getUserLocusLocales
)

/** The locale service as an API of its own. */
export const LocaleApi = api("locale", { title: "Locale", version: "v1" }, LocaleGroup)
