/**
 * Locale prefixes of the site's paths (ROUTE-1, ROUTE-2): the locale a path starts with (`/de/games`), and the path
 * without it.
 *
 * @module
 */

/**
 * A locale segment: two letters, optionally followed by `-` or `_` and a region of two letters or three digits
 * (`de`, `pt-br`, `zh_CN`, `es-419`), any case. Script subtags (`zh-hans`) and three-letter languages are not
 * locale prefixes.
 */
const localeSegment = /^([a-z]{2})(?:[-_]([a-z]{2}|\d{3}))?$/i

/** First segments that look like a locale but are routes of the site (ROUTE-2: `my` and `js`). */
export const notLocalePrefixes: ReadonlyArray<string> = ["my", "js"]

/** The first segment of an absolute path (up to `/`, `?`, `#` or the end) and where it ends. */
const firstSegment = (path: string): { readonly segment: string; readonly end: number } | undefined => {
  if (!path.startsWith("/")) return undefined
  const match = /[/?#]/.exec(path.slice(1))
  const end = match === null ? path.length : match.index + 1
  return { segment: path.slice(1, end), end }
}

/**
 * The locale prefix of an absolute path (one starting with `/`; it may carry a query and fragment), normalised to
 * lower case with `-` (`/pt_BR/home` → `pt-br`); undefined when the first segment is not a locale or is exactly
 * `my` or `js` (any case). `my-mm` is a locale: only the bare values are excepted.
 */
export const localePrefix = (path: string): string | undefined => {
  const first = firstSegment(path)
  if (first === undefined) return undefined
  const match = localeSegment.exec(first.segment)
  if (match === null || notLocalePrefixes.includes(first.segment.toLowerCase())) return undefined
  const [, language, region] = match
  return region === undefined ? language!.toLowerCase() : `${language!.toLowerCase()}-${region.toLowerCase()}`
}

/** The path without its locale prefix: `/de/games` → `/games`, `/de` → `/`, `/de?x=1` → `/?x=1`; others unchanged. */
export const stripLocalePrefix = (path: string): string => {
  if (localePrefix(path) === undefined) return path
  const rest = path.slice(firstSegment(path)!.end)
  return rest.startsWith("/") ? rest : `/${rest}`
}
