/**
 * Host mode's routing: where a request to `https://{host}{path}` goes among the emulator's two origins, and under
 * which path, so that the site is reached as a real page reaches the platform. The hosts are those of
 * `subdomainBaseUrls(domain)` (the one table of where each service lives on a real domain), plus the emulator's own:
 *
 * - `www.{domain}`: the www origin (pages, frames), path unchanged;
 * - the site's other page sites, `create.{domain}` and `advertise.{domain}` ({@link pageSubdomains}): the www
 *   origin's pages too, path unchanged, each its own origin (a page there signs through the frame on www and shows
 *   challenges in www's page, as the real site's creator and ads tools do);
 * - `emulator.{domain}`: the services' origin as in the dev mode (`/{service}/…`, `/admin`, `/cdn`), path unchanged;
 * - `{service}.{domain}` (`users.{domain}`, `gameinternationalization.{domain}`, …): that service, `/p` → `/{service}/p`;
 * - `apis.{domain}`, the gateway: a service whose base URL there has a path prefix (`/challenge`, `/sharelinks`,
 *   `/deeplinks`) by that prefix (`/sharelinks/p` → `/shareLinks/p`); the services at its root (`apis`,
 *   `apiGateway`, `accountSecurity`, `hba`) by the first segment of the paths they serve, read from the routes
 *   themselves (`/hba-service/…` → hba, `/account-security-service/…` → apis, `/universal-app-configuration/…` →
 *   apiGateway). A segment two of them serve (`openapi.json`) routes nowhere.
 *
 * Images (`/cdn/…`) are answered on every host: their URLs name the host that answered the thumbnails call. Any
 * other host or path gets no route (a 404).
 *
 * @module
 */
import { serviceNames, type ServiceName, subdomainBaseUrls } from "../core/config/PlatformConfig.ts"
import type { ServerKind } from "./platform/middleware.ts"

/** Where a request goes: which origin's handler, and its path and query there. */
export interface HostRoute {
  readonly server: ServerKind
  readonly url: string
}

/** The route of a request to `host` (lower case, no port) for `url` (path and query), or undefined. */
export type HostRouter = (host: string, url: string) => HostRoute | undefined

/** The sub-domain of the emulator's own origin in host mode: the admin API, the images, every service by prefix. */
export const emulatorSubdomain = "emulator"

/** The sub-domains of the site's other page sites (the creator and ads tools), served the www origin's pages. */
export const pageSubdomains: ReadonlyArray<string> = ["create", "advertise"]

/** The path segments of `url`'s path (`/a/b?x` → `["a", "b"]`). */
const segmentsOf = (url: string): ReadonlyArray<string> =>
  url
    .replace(/[?#].*$/, "")
    .split("/")
    .slice(1)

/** Where each service lives on `domain`: its own host, or the gateway with a path prefix (possibly empty). */
const layoutOf = (domain: string) => {
  const urls = subdomainBaseUrls(domain)
  const gateway = new URL(urls.apis).hostname
  const hosts = new Map<string, ServiceName>()
  const prefixes: Array<readonly [prefix: string, service: ServiceName]> = []
  const atRoot: Array<ServiceName> = []
  for (const name of serviceNames) {
    const url = new URL(urls[name])
    if (url.hostname !== gateway) hosts.set(url.hostname, name)
    else if (url.pathname === "/") atRoot.push(name)
    else prefixes.push([url.pathname, name])
  }
  return { gateway, hosts, prefixes, atRoot }
}

/**
 * The first path segment each service at the gateway's root serves (from `servedPaths`, the services' origin's
 * route paths: `/{service}/{segment}/…`), without the segments two of them serve.
 */
const gatewaySegments = (atRoot: ReadonlyArray<ServiceName>, servedPaths: ReadonlyArray<string>) => {
  const owners = new Map<string, Set<ServiceName>>()
  for (const path of servedPaths) {
    const [service, segment] = segmentsOf(path)
    const name = atRoot.find((candidate) => candidate === service)
    if (name === undefined || segment === undefined || segment === "" || /^[:*]/.test(segment)) continue
    owners.set(segment, (owners.get(segment) ?? new Set()).add(name))
  }
  const segments = new Map<string, ServiceName>()
  for (const [segment, names] of owners) if (names.size === 1) segments.set(segment, [...names][0]!)
  return segments
}

/** The gateway's route for `url`: by a service's prefix first, else by its first segment. */
const gatewayRoute = (
  prefixes: ReadonlyArray<readonly [string, ServiceName]>,
  segments: ReadonlyMap<string, ServiceName>,
  url: string
): HostRoute | undefined => {
  for (const [prefix, name] of prefixes) {
    const rest = url.slice(prefix.length)
    if (url.startsWith(prefix) && (rest === "" || /^[/?#]/.test(rest))) return { server: "api", url: `/${name}${rest}` }
  }
  const name = segments.get(segmentsOf(url)[0] ?? "")
  return name === undefined ? undefined : { server: "api", url: `/${name}${url}` }
}

/** The router of a host-mode site on `domain` whose services' origin serves `servedPaths` (see the module doc). */
export const hostRouter = (domain: string, servedPaths: ReadonlyArray<string>): HostRouter => {
  const { atRoot, gateway, hosts, prefixes } = layoutOf(domain)
  const segments = gatewaySegments(atRoot, servedPaths)
  const www = new URL(subdomainBaseUrls(domain).www).hostname
  const emulator = `${emulatorSubdomain}.${domain}`
  const pages = new Set([www, ...pageSubdomains.map((label) => `${label}.${domain}`)])
  return (host, url) => {
    if (pages.has(host)) return { server: "www", url }
    if (host === emulator) return { server: "api", url }
    const service = hosts.get(host)
    if (service === undefined && host !== gateway) return undefined
    if (url.startsWith("/cdn/")) return { server: "api", url }
    return service === undefined ? gatewayRoute(prefixes, segments, url) : { server: "api", url: `/${service}${url}` }
  }
}
