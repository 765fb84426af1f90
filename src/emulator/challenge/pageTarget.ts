/**
 * Where the emulator's hybrid challenge page posts its messages: decided on the server, from the page's query and
 * the Host it was asked for, and handed to the page's script (which posts nowhere else, never to `*`).
 *
 * 1. `parent-origin` (a parameter the platform's own page ignores; the library adds it when the sub-domain label
 *    cannot name its page): used when it is an exact origin (`scheme://host[:port]`, nothing more) that the
 *    emulator serves: a loopback origin or one of `allowedOrigins`.
 * 2. Else, as the platform's page does: `origin` (a sub-domain label: letters, digits, hyphens, dot-separated) →
 *    `https://{label}.{domain}`, the domain being the last two labels of the Host this page was asked for; only
 *    when that Host is a domain name (not an IP address, not `localhost`).
 * 3. Else none: the page posts nothing and says so.
 *
 * @module
 */
import { isAllowedOrigin } from "../platform/cors.ts"

/** A sub-domain label as the page's `origin` may name it (`create`, `a.b`, `www`). */
const subdomainLabel = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/i

/** True when `origin` is an origin and nothing more (no path, query, credentials or trailing slash). */
const isExactOrigin = (origin: string): boolean => {
  try {
    return new URL(origin).origin === origin
  } catch {
    return false
  }
}

/** The last two labels of the Host header's name when it is a domain name; undefined for an IP or a single label. */
export const domainOfHost = (host: string | undefined): string | undefined => {
  if (host === undefined || host === "") return undefined
  let hostname: string
  try {
    hostname = new URL(`http://${host}`).hostname
  } catch {
    return undefined
  }
  const labels = hostname.split(".")
  if (hostname.startsWith("[") || labels.length < 2 || /^\d+$/.test(labels.at(-1)!)) return undefined
  return labels.slice(-2).join(".")
}

/** The exact origin the page posts to, or null (see the module doc). */
export const pageTargetOrigin = (options: {
  readonly query: URLSearchParams
  readonly host: string | undefined
  readonly allowedOrigins: ReadonlyArray<string>
}): string | null => {
  const parent = options.query.get("parent-origin")
  if (parent !== null && isExactOrigin(parent) && isAllowedOrigin(parent, options.allowedOrigins)) return parent
  const label = options.query.get("origin") ?? ""
  const domain = domainOfHost(options.host)
  return subdomainLabel.test(label) && domain !== undefined ? `https://${label.toLowerCase()}.${domain}` : null
}
