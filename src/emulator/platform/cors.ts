/**
 * CORS for the emulator's services: pages on any loopback origin (the demo on Vite's port, the www origin, a test
 * page) may call them with credentials, as the platform's own pages call its API hosts. Other origins get no CORS
 * headers, so browsers refuse them.
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

/** True for http(s) origins on 127.0.0.1, localhost or [::1], and for `extra` origins. */
export const isAllowedOrigin = (origin: string, extra: ReadonlyArray<string> = []): boolean => {
  if (extra.includes(origin)) return true
  try {
    const url = new URL(origin)
    return (url.protocol === "http:" || url.protocol === "https:") &&
      (url.hostname === "127.0.0.1" || url.hostname === "localhost" || url.hostname === "[::1]")
  } catch {
    return false
  }
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
