/**
 * The host names the emulator's servers answer in the dev mode: the loopback names `localhost`, `127.0.0.1` and
 * `[::1]`, the interface they listen on (`host`, unless a wildcard: `0.0.0.0`, `::`), the host names of
 * `allowedOrigins` and `allowedHosts`. The Node adapter answers only these in the Host header (node/hostAllowList.ts:
 * DNS rebinding); the admin API takes pages on these names at the servers' ports as the emulator's own
 * (admin/ownOrigins.ts). Names are read with the WHATWG URL parser (case, IDN, IPv6 brackets), never compared as raw
 * strings. No Node imports: the msw handlers load it too.
 *
 * @module
 */
import type { ResolvedOptions } from "./options.ts"

const wildcards: ReadonlySet<string> = new Set(["0.0.0.0", "::", "[::]"])

/**
 * The host name of `authority` (`name`, `name:port`, `[v6]:port`) read by the URL parser, with its port (the
 * scheme's default when none); or undefined.
 */
export const readHost = (
  authority: string,
  scheme: "http" | "https" = "http"
): { readonly name: string; readonly port: number } | undefined => {
  let url: URL
  try {
    url = new URL(`${scheme}://${authority}`)
  } catch {
    return undefined
  }
  const bare =
    url.username === "" &&
    url.password === "" &&
    url.pathname === "/" &&
    url.search === "" &&
    url.hash === "" &&
    !authority.includes("/") &&
    !authority.includes("?") &&
    !authority.includes("#")
  const defaultPort = scheme === "https" ? 443 : 80
  return bare ? { name: url.hostname, port: url.port === "" ? defaultPort : Number(url.port) } : undefined
}

/** A configured name (a host, `host:port`, or an IPv6 address with or without brackets) as the URL parser writes it. */
const nameOf = (entry: string): string | undefined => {
  const bareIpv6 = !entry.startsWith("[") && entry.split(":").length > 2
  return readHost(bareIpv6 ? `[${entry}]` : entry)?.name
}

const originHost = (origin: string): string | undefined => {
  try {
    return new URL(origin).hostname
  } catch {
    return undefined
  }
}

/** The names the dev mode's servers answer for `options` (see the module doc). */
export const allowedHostNames = (options: ResolvedOptions): ReadonlySet<string> => {
  const configured = [
    ...(wildcards.has(options.host) ? [] : [nameOf(options.host)]),
    ...options.allowedOrigins.map(originHost),
    ...options.allowedHosts.map(nameOf)
  ]
  return new Set([
    "localhost",
    "127.0.0.1",
    "[::1]",
    ...configured.filter((name): name is string => name !== undefined)
  ])
}
