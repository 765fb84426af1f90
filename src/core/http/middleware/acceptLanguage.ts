/**
 * Rule: Accept-Language is sent when the page's language (the URL locale) is known (spec §7).
 *
 * With `overrideLanguageHeader` off the header is the locale alone (`de-de`). With it on, the locale comes first
 * and every other language the person prefers follows with weight `q=0.01`
 * (`de-de,en-us;q=0.01,fr;q=0.01`), so services answer in the page's locale rather than the browser's.
 * With no locale known the header is left to the browser.
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
  if (!locale.overrideLanguageHeader) return primary
  const others = locale.languages.filter((l) => l.trim() !== "" && l.toLowerCase() !== primary.toLowerCase())
  return [primary, ...others.map((l) => `${l.trim()};q=0.01`)].join(",")
}

/** Set Accept-Language on every request; no rule at all when no language is known. */
export const acceptLanguage = (locale: LocaleInfo): Rule | undefined => {
  const value = acceptLanguageValue(locale)
  return value === undefined ? undefined : (request, send) => send(setHeader(request, "accept-language", value))
}
