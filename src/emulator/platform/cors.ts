/**
 * CORS of the emulator: which pages on other origins may read its answers.
 *
 * The services and the www origin: pages on any loopback origin (the demo on Vite's port, the www origin, a test
 * page, your own dev server) and on the `allowedOrigins` may call them with credentials, as the platform's own pages
 * call its API hosts. Other origins get no CORS headers, and their preflights are refused, so browsers refuse them.
 * The origin is reflected only when allowed, never `*`.
 *
 * An allowed origin is an exact origin (`http://192.168.1.5:5173`) or a sub-domain pattern, `https://*.example.com`:
 * that scheme and any one-label sub-domain of the domain, on any port (`https://www.example.com`, not
 * `https://example.com`, `https://a.b.example.com` nor `https://evil-example.com`). Host mode allows
 * `https://*.{domain}` (options.ts): a page on any sub-domain calls the services on the others.
 *
 * Allowed origins may also read the timing of every answer (`Timing-Allow-Origin`): without it a browser's Resource
 * Timing entries of cross-origin calls hide when the request was sent and the answer began, and the browser
 * benchmark (bench/browser) could not tell the server's time from the page's.
 *
 * The admin API answers CORS narrower ({@link adminCorsHeaders}): only the emulator's own origins
 * (admin/ownOrigins.ts), without credentials.
 *
 * @module
 */

/** Headers a page may read from responses. */
export const exposedHeaders = [
  "x-csrf-token",
  "retry-after",
  "x-platform-token",
  "x-platform-proxy",
  "rblx-challenge-id",
  "rblx-challenge-type",
  "rblx-challenge-metadata"
]

/**
 * The parsed URL when `origin` is an http(s) origin written exactly as a browser sends it (scheme, host, port; no
 * path, no user info; not `null`), else undefined.
 */
export const parseOrigin = (origin: string): URL | undefined => {
  const url = URL.canParse(origin) ? new URL(origin) : undefined
  return url !== undefined && (url.protocol === "http:" || url.protocol === "https:") && url.origin === origin
    ? url
    : undefined
}

/** A sub-domain pattern (`https://*.example.com`) read by the URL parser: its scheme and domain; else undefined. */
const patternOf = (pattern: string): { readonly protocol: string; readonly domain: string } | undefined => {
  const at = pattern.indexOf("://*.")
  if (at === -1) return undefined
  const rest = pattern.slice(at + "://*.".length)
  const probe = `${pattern.slice(0, at)}://x.${rest}`
  const url = URL.canParse(probe) ? new URL(probe) : undefined
  if (url === undefined || (url.protocol !== "http:" && url.protocol !== "https:")) return undefined
  // nothing but a host: no port, path, query, fragment or user info
  if (url.port !== "" || /[/?#@:]/.test(rest) || !url.hostname.startsWith("x.")) return undefined
  return { protocol: url.protocol, domain: url.hostname.slice(2) }
}

/** True when `url` matches the sub-domain pattern `pattern` (see the module doc). */
const matchesPattern = (url: URL, pattern: string): boolean => {
  const read = patternOf(pattern)
  if (read === undefined || url.protocol !== read.protocol || !url.hostname.endsWith(`.${read.domain}`)) return false
  const label = url.hostname.slice(0, -read.domain.length - 1)
  return label !== "" && !label.includes(".")
}

/** Whether `entry` can be an allowed origin: an exact http(s) origin or a sub-domain pattern (a `*` only there). */
export const isOriginEntry = (entry: string): boolean =>
  entry.includes("*") ? patternOf(entry) !== undefined : parseOrigin(entry) !== undefined

/** True when the parsed origin `url` is one of `entries` (exact origins and sub-domain patterns). */
export const isListedOrigin = (url: URL, entries: ReadonlyArray<string>): boolean =>
  entries.some((entry) => entry === url.origin || matchesPattern(url, entry))

/** The loopback host names, as the URL parser writes them. */
export const loopbackNames: ReadonlySet<string> = new Set(["127.0.0.1", "localhost", "[::1]"])

/**
 * True for http(s) origins on 127.0.0.1, localhost or [::1], and for origins `extra` allows (exact origins and
 * sub-domain patterns, see the module doc).
 */
export const isAllowedOrigin = (origin: string, extra: ReadonlyArray<string> = []): boolean => {
  const url = parseOrigin(origin)
  return url !== undefined && (loopbackNames.has(url.hostname) || isListedOrigin(url, extra))
}

/** The methods a preflight allows. */
const allowedMethods = "GET, POST, PATCH, PUT, DELETE, OPTIONS"

/** A preflight answer's headers on top of the CORS headers `base` (none when `base` is empty: not allowed). */
const withPreflight = (base: Record<string, string>, requestedHeaders: string | undefined): Record<string, string> =>
  Object.keys(base).length === 0
    ? base
    : {
        ...base,
        "access-control-allow-methods": allowedMethods,
        ...(requestedHeaders === undefined ? {} : { "access-control-allow-headers": requestedHeaders }),
        "access-control-max-age": "600",
        vary: "Origin, Access-Control-Request-Headers"
      }

/** CORS headers for an ordinary response to `origin` (none when not allowed). */
export const corsHeaders = (origin: string | undefined, extra?: ReadonlyArray<string>): Record<string, string> =>
  origin === undefined || !isAllowedOrigin(origin, extra)
    ? {}
    : {
        "access-control-allow-origin": origin,
        "access-control-allow-credentials": "true",
        "access-control-expose-headers": exposedHeaders.join(", "),
        "timing-allow-origin": origin,
        vary: "Origin"
      }

/** CORS headers for a preflight answer (none when the origin is not allowed). */
export const preflightHeaders = (
  origin: string | undefined,
  requestedHeaders: string | undefined,
  extra?: ReadonlyArray<string>
): Record<string, string> => withPreflight(corsHeaders(origin, extra), requestedHeaders)

/**
 * CORS headers of an admin answer to `origin`: the origin reflected only when `isOwn` says it is one of the
 * emulator's own, and no credentials (the admin API needs no cookie); none otherwise.
 */
export const adminCorsHeaders = (
  origin: string | undefined,
  isOwn: (origin: string) => boolean
): Record<string, string> =>
  origin === undefined || !isOwn(origin) ? {} : { "access-control-allow-origin": origin, vary: "Origin" }

/** CORS headers of an admin preflight answer (none when the origin is not one of the emulator's own). */
export const adminPreflightHeaders = (
  origin: string | undefined,
  requestedHeaders: string | undefined,
  isOwn: (origin: string) => boolean
): Record<string, string> => withPreflight(adminCorsHeaders(origin, isOwn), requestedHeaders)
