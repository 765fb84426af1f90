/**
 * platform-web-client/locale: the supported locales, cached (`LocaleList`), and locale code normalization.
 *
 * @module
 */
export { LocaleList, type LocaleListShape } from "./platform/locale/LocaleList.ts"
export { aliasLocale, normalizeLocale } from "./platform/locale/aliases.ts"
