/**
 * platform-web-client/api/locale: the locale service: supported locales and the user's locale. Its definition
 * (`LocaleApi`: the typed client's, the emulator's and the OpenAPI document's), one definition per endpoint (a page
 * that calls one endpoint alone, with `platformCall` of `platform-web-client/clients`, loads only that one) and the
 * schemas of its requests and answers.
 *
 * @module
 */
export {
  getLocales,
  getSupportedLocales,
  getUserLocale,
  getUserLocusLocales,
  Locale,
  LocaleApi,
  LocaleGroup,
  LocaleLanguage,
  LocaleLocus,
  SetUserLocaleRequest,
  setUserSupportedLocale,
  SuccessResponse,
  SupportedLocales,
  UserLocale,
  UserLocusLocales
} from "../platform/api/locale.ts"
