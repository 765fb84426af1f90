/**
 * Rule: Accept-Language is sent when the page's language (the URL locale) is known, "with the locale and q=0.01 when
 * override is on".
 *
 * With `overrideLanguageHeader` off the header is the locale alone (`de-de`). With it on, it is the locale weighted
 * `q=0.01` (`de-de;q=0.01`), exactly as the platform's own pages send it (the header names the page's locale and
 * nothing else; the person's other languages are not added). With no locale known the header is left to the browser.
 *
 * @module
 */
import type { LocaleInfo } from "../../config/PlatformConfig.ts"
import type { Rule } from "../pipeline.ts"
import { setHeader } from "../request.ts"

/** The Accept-Language value for a locale setting, or undefined when no language is known. */
export const acceptLanguageValue = (locale: LocaleInfo): string | undefined => {
  const primary = locale.urlLocale?.trim()
  if (!primary) return undefined
  return locale.overrideLanguageHeader ? `${primary};q=0.01` : primary
}

/** Set Accept-Language on every request; no rule at all when no language is known. */
export const acceptLanguage = (locale: LocaleInfo): Rule | undefined => {
  const value = acceptLanguageValue(locale)
  return value === undefined ? undefined : (request, send) => send(setHeader(request, "accept-language", value))
}
