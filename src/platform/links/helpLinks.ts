/**
 * Help-centre and support-article links (LINK-2 to LINK-5).
 *
 * A help-centre link is `{helpDesk}/hc/{locale}`, and an article `{helpDesk}/hc/{locale}/articles/{articleId}`.
 * The locale must be letters, digits, `-` or `_`, and is mapped onto the help centre's supported set
 * ({@link supportedHelpLocales}, default `en-us`): lower-cased with `_` read as `-`; `zh` variants go to `zh-cn`
 * (Simplified: `zh`, `zh-cn`, `zh-sg`, `zh-hans…`) or `zh-tw` (Traditional: `zh-tw`, `zh-hk`, `zh-mo`,
 * `zh-hant…`), `en` and every `en-*` to `en-us`, `nb` to `no`; otherwise the language part when it is supported
 * (`de-at` → `de`), else `en-us`. An article id must be alphanumeric.
 *
 * @module
 */
import * as Result from "effect/Result"
import { LinkError } from "./LinkError.ts"
import { exactOrigin, safeTarget } from "./safeTarget.ts"

/** The locales the help centre serves (our choice; the spec says "a small set"). */
export const supportedHelpLocales = [
  "en-us",
  "de",
  "es",
  "fr",
  "id",
  "it",
  "ja",
  "ko",
  "no",
  "pl",
  "pt-br",
  "ru",
  "th",
  "tr",
  "vi",
  "zh-cn",
  "zh-tw"
] as const

/** A help-centre locale. */
export type HelpLocale = (typeof supportedHelpLocales)[number]

/** The locale used when none matches (LINK-4). */
export const defaultHelpLocale: HelpLocale = "en-us"

const localePattern = /^[A-Za-z0-9_-]+$/
const articlePattern = /^[A-Za-z0-9]+$/

const isSupported = (locale: string): locale is HelpLocale =>
  (supportedHelpLocales as ReadonlyArray<string>).includes(locale)

/** The supported help locale of a valid locale string; see the module documentation for the mapping. */
export const mapHelpLocale = (locale: string): HelpLocale => {
  const lower = locale.toLowerCase().replace(/_/g, "-")
  if (isSupported(lower)) return lower
  const [language = "", ...rest] = lower.split("-")
  const region = rest.join("-")
  if (language === "zh") {
    return /^(?:tw|hk|mo|hant)(?:-|$)/.test(region) ? "zh-tw" : "zh-cn"
  }
  if (language === "en") return "en-us"
  if (language === "nb" || language === "nn") return "no"
  if (language === "pt") return "pt-br"
  return isSupported(language) ? language : defaultHelpLocale
}

/**
 * The help locale of an outside value: `en-us` when absent or empty; a `LinkError` `InvalidLocale` when it has
 * other characters than letters, digits, `-` and `_`.
 */
export const helpLocale = (locale: string | null | undefined): Result.Result<HelpLocale, LinkError> => {
  if (locale === null || locale === undefined || locale === "") return Result.succeed(defaultHelpLocale)
  return localePattern.test(locale)
    ? Result.succeed(mapHelpLocale(locale))
    : Result.fail(new LinkError({ reason: "InvalidLocale" }))
}

/**
 * The help-centre link for a locale and an optional article id, on the help desk origin `helpDesk`
 * (`https://help.example.com`), built with the URL API and checked as a target on that origin (a help desk that is
 * not an http(s) URL gives `NotHttp`).
 */
export const helpCenterUrl = (
  helpDesk: string,
  locale: string | null | undefined,
  articleId?: string | number | null
): Result.Result<string, LinkError> =>
  Result.flatMap(helpLocale(locale), (hl) => {
    const id = articleId === null || articleId === undefined || articleId === "" ? undefined : String(articleId)
    if (id !== undefined && !articlePattern.test(id)) return Result.fail(new LinkError({ reason: "InvalidArticleId" }))
    const origin = exactOrigin(helpDesk)
    if (origin === undefined) return Result.fail(new LinkError({ reason: "NotHttp" }))
    const url = new URL(origin)
    url.pathname = id === undefined ? `/hc/${hl}` : `/hc/${hl}/articles/${id}`
    return supportLink(url.href, origin)
  })

/**
 * `url` when it is a support link: a safe target (safeTarget.ts) on the help desk's origin `helpDesk`. A link that
 * is not an absolute http(s) URL is `NotHttp`; one elsewhere (look-alikes included, credentials too) is
 * `UnknownDomain`; the error's `target` names the rule. Succeeds with the URL as the URL parser writes it.
 */
export const supportLink = (url: string, helpDesk: string): Result.Result<string, LinkError> =>
  Result.mapError(
    safeTarget(url, helpDesk),
    ({ reason }) =>
      new LinkError({
        reason: reason === "HostNotAllowed" || reason === "Credentials" ? "UnknownDomain" : "NotHttp",
        target: reason
      })
  )
