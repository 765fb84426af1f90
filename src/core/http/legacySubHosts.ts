/**
 * The legacy paths that live on dedicated sub-hosts (ROUTE-3): which paths, which sub-host, and the URL a request
 * for one of them must go to.
 *
 * @module
 */
import { maxHostNameLength } from "./hostName.ts"
import { stripLocalePrefix } from "./localePrefix.ts"

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
