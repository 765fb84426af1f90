/**
 * The Host names the emulator's servers answer: a defence against DNS rebinding. A page on any site can make its
 * own host name resolve to 127.0.0.1 and then call the emulator as "same origin" (CORS never asked): the browser
 * then sends that site's name in the Host header. The servers therefore answer only requests whose Host names them:
 *
 * - the loopback names `localhost`, `127.0.0.1` and `[::1]`;
 * - the interface they listen on (`host`, unless a wildcard: `0.0.0.0`, `::`);
 * - the host names of `allowedOrigins` (a page there calls the emulator by the same name) and `allowedHosts`;
 *
 * each with the port the connection arrived on (80 when the Host names none). In host mode (options.ts: one https
 * port for the whole site) the names are exactly the one-label sub-domains of the site's domain (`www.{domain}`,
 * `users.{domain}`, `apis.{domain}`, …; not the domain itself, not a deeper or a look-alike name), with the port the
 * connection arrived on or none (443: a browser whose resolver maps the names to this port writes none).
 *
 * Anything else (another name, another port, user info or a path in the Host, no Host at all) is refused by the
 * Node adapter (node/serve.ts) with a 403 before any handler runs. Host values are read with the WHATWG URL parser,
 * as a browser writes them (case, IDN, IPv6 brackets), never compared as raw strings.
 *
 * @module
 */
import { allowedHostNames, readHost } from "../hostNames.ts"
import type { ResolvedOptions } from "../options.ts"

export { allowedHostNames } from "../hostNames.ts"

/** The status and text of a refused Host. */
export const hostRefused = {
  status: 403,
  text: "Host not allowed: the emulator answers only its own host names (docs/emulator.md)"
} as const

/** Whether a request whose Host header is `host`, arriving on `port`, names one of `names` with that port. */
export const isAllowedHost = (host: string | undefined, port: number, names: ReadonlySet<string>): boolean => {
  const read = host === undefined ? undefined : readHost(host)
  return read !== undefined && read.port === port && names.has(read.name)
}

/** Whether `name` (as the URL parser writes host names) is a one-label sub-domain of `domain`. */
export const isSubdomainOf = (name: string, domain: string): boolean => {
  const label = name.endsWith(`.${domain}`) ? name.slice(0, -domain.length - 1) : ""
  return label !== "" && !label.includes(".")
}

/**
 * Whether a request whose Host header is `host`, arriving on `port` of a host-mode server for `domain`, names a
 * one-label sub-domain of it, with that port or none (see the module doc).
 */
export const isAllowedSiteHost = (host: string | undefined, port: number, domain: string): boolean => {
  const read = host === undefined ? undefined : readHost(host, "https")
  return read !== undefined && (read.port === port || read.port === 443) && isSubdomainOf(read.name, domain)
}

/** Which Host headers a server answers: {@link isAllowedHost} for `options`, or {@link isAllowedSiteHost} in host mode. */
export const hostAllowList = (options: ResolvedOptions): ((host: string | undefined, port: number) => boolean) => {
  const { hostMode } = options
  if (hostMode !== undefined) return (host, port) => isAllowedSiteHost(host, port, hostMode.domain)
  const names = allowedHostNames(options)
  return (host, port) => isAllowedHost(host, port, names)
}
