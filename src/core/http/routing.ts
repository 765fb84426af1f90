/**
 * Routing helpers (ROUTE-1 to ROUTE-3, ROUTE-6): the locale prefix of a path, the legacy paths that live on
 * dedicated sub-hosts, and the host-name length limit.
 *
 * @module
 */
import * as Data from "effect/Data"
import * as Effect from "effect/Effect"

/** The longest host name accepted (ROUTE-6: 255). */
export const maxHostNameLength = 255

/** A host name that cannot be used: empty, or longer than {@link maxHostNameLength}. */
export class InvalidHostError extends Data.TaggedError("InvalidHostError")<{
  readonly reason: "Empty" | "TooLong"
  /** The length of the rejected host name (the name itself is not kept: it can be arbitrarily long). */
  readonly length: number
}> {
  override get message(): string {
    return this.reason === "Empty"
      ? "Host name is empty"
      : `Host name is ${this.length} characters long; the limit is ${maxHostNameLength}`
  }
}

/** Succeeds with `host` when it has 1 to 255 characters; otherwise fails with {@link InvalidHostError}. */
export const validateHostName = (host: string): Effect.Effect<string, InvalidHostError> =>
  host.length === 0
    ? Effect.fail(new InvalidHostError({ reason: "Empty", length: 0 }))
    : host.length > maxHostNameLength
    ? Effect.fail(new InvalidHostError({ reason: "TooLong", length: host.length }))
    : Effect.succeed(host)

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

/** A legacy path served by a dedicated sub-host. */
export interface SubHostRoute {
  /** Lower-case path; it matches the path itself and everything below it, in any case. */
  readonly path: string
  /** The first label of the host serving it. */
  readonly subHost: string
}

/**
 * The legacy paths moved to dedicated sub-hosts (ROUTE-3; the exact paths and hosts are "not shown", these are
 * our choice): game reports on `assetgame`, the legacy catalog on `search`, thumbnails on `thumbnails`.
 */
export const subHostRoutes: ReadonlyArray<SubHostRoute> = [
  { path: "/game/report-stats", subHost: "assetgame" },
  { path: "/game/report-event", subHost: "assetgame" },
  { path: "/catalog/html", subHost: "search" },
  { path: "/catalog/json", subHost: "search" },
  { path: "/catalog/contents", subHost: "search" },
  { path: "/catalog/items", subHost: "search" },
  { path: "/asset-thumbnail/image", subHost: "thumbnails" },
  { path: "/asset-thumbnail/json", subHost: "thumbnails" },
  { path: "/asset-thumbnail/url", subHost: "thumbnails" },
  { path: "/thumbnail/hash", subHost: "thumbnails" },
  { path: "/thumbnail/3d", subHost: "thumbnails" },
  { path: "/thumbnail/request-thumbnail-fix", subHost: "thumbnails" }
]

/** Options of {@link subHostRedirect}. */
export interface SubHostRedirectOptions {
  /** Base to resolve a relative `url` against; a relative URL without base is never redirected. */
  readonly base?: string
  /**
   * The site's domain (`example.com`): the sub-host is `{subHost}.{domain}`, and only URLs on the domain or one of
   * its sub-domains are redirected. Without it the sub-host replaces a leading `www.` of the URL's host, or is
   * prepended to it.
   */
  readonly domain?: string
}

const ipOrSingleLabel = (host: string) => !host.includes(".") || /^[\d.]+$/.test(host) || host.startsWith("[")

/**
 * The absolute URL a request for `url` must go to when its path is one of {@link subHostRoutes}, or undefined when
 * it needs no redirect. Path matching ignores case and a locale prefix, which is dropped from the redirected URL
 * (the sub-hosts do not localise paths); scheme, port, query and fragment are kept.
 *
 * Never redirected: URLs that do not parse, non-http(s) URLs, hosts that are IP addresses or single labels
 * (`localhost`: a local emulator has no sub-hosts), hosts outside `options.domain`, URLs already on the sub-host,
 * and targets whose host name would exceed {@link maxHostNameLength}.
 */
export const subHostRedirect = (url: string, options: SubHostRedirectOptions = {}): string | undefined => {
  if (!URL.canParse(url, options.base)) return undefined
  const target = new URL(url, options.base)
  if (target.protocol !== "http:" && target.protocol !== "https:") return undefined
  const host = target.hostname
  if (ipOrSingleLabel(host)) return undefined
  const path = stripLocalePrefix(target.pathname)
  const lower = path.toLowerCase()
  const route = subHostRoutes.find((r) => lower === r.path || lower.startsWith(`${r.path}/`))
  if (route === undefined) return undefined
  let parent: string
  if (options.domain !== undefined) {
    const domain = options.domain.toLowerCase().replace(/^\./, "")
    if (host !== domain && !host.endsWith(`.${domain}`)) return undefined
    parent = domain
  } else {
    parent = host.startsWith("www.") ? host.slice("www.".length) : host
  }
  const subHost = `${route.subHost}.${parent}`
  if (host === subHost || host.startsWith(`${route.subHost}.`) || subHost.length > maxHostNameLength) return undefined
  target.hostname = subHost
  target.pathname = path
  return target.href
}
