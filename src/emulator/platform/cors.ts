/**
 * CORS for the emulator's services: pages on any loopback origin (the demo on Vite's port, the www origin, a test
 * page) and on the `allowedOrigins` may call them with credentials, as the platform's own pages call its API hosts.
 * Other origins get no CORS headers, so browsers refuse them.
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

/** The parsed URL when `origin` is an http(s) origin written exactly as a browser sends it, else undefined. */
const exactOrigin = (origin: string): URL | undefined => {
  const url = URL.canParse(origin) ? new URL(origin) : undefined
  return url !== undefined && (url.protocol === "http:" || url.protocol === "https:") && url.origin === origin
    ? url
    : undefined
}

/** True when `url` matches the sub-domain pattern `pattern` (`https://*.example.com`; see the module doc). */
const matchesPattern = (url: URL, pattern: string): boolean => {
  const match = /^(https?:)\/\/\*\.([^/:?#]+)$/.exec(pattern)
  if (match === null || url.protocol !== match[1]) return false
  const domain = match[2]!.toLowerCase()
  if (!url.hostname.endsWith(`.${domain}`)) return false
  const label = url.hostname.slice(0, -domain.length - 1)
  return label !== "" && !label.includes(".")
}

/**
 * True for http(s) origins on 127.0.0.1, localhost or [::1], and for origins `extra` allows (exact origins and
 * sub-domain patterns, see the module doc).
 */
export const isAllowedOrigin = (origin: string, extra: ReadonlyArray<string> = []): boolean => {
  const url = exactOrigin(origin)
  if (url === undefined) return false
  return url.hostname === "127.0.0.1" || url.hostname === "localhost" || url.hostname === "[::1]" ||
    extra.some((entry) => entry === origin || matchesPattern(url, entry))
}

/** CORS headers for an ordinary response to `origin` (none when not allowed). */
export const corsHeaders = (origin: string | undefined, extra?: ReadonlyArray<string>): Record<string, string> =>
  origin === undefined || !isAllowedOrigin(origin, extra) ? {} : {
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
): Record<string, string> => {
  const base = corsHeaders(origin, extra)
  if (Object.keys(base).length === 0) return base
  return {
    ...base,
    "access-control-allow-methods": "GET, POST, PATCH, PUT, DELETE, OPTIONS",
    ...(requestedHeaders === undefined ? {} : { "access-control-allow-headers": requestedHeaders }),
    "access-control-max-age": "600",
    vary: "Origin, Access-Control-Request-Headers"
  }
}
