/**
 * The emulator's own origins: the pages that may use its admin API from a browser.
 *
 * - The dev mode: an origin of one of its two servers (the services' and the www origin: the same scheme and port),
 *   named by any name those servers answer (hostNames.ts: `127.0.0.1`, `localhost`, `[::1]`, the `host`
 *   interface, `allowedHosts`, the host names of `allowedOrigins`), so the demo opened as `http://localhost:4011` is
 *   as much the emulator's as `http://127.0.0.1:4011`.
 * - Host mode: every one-label sub-domain of the site's domain over https (the emulator serves them all: `www`,
 *   the services, `emulator`); that pattern is in `allowedOrigins` (options.ts).
 * - The `allowedOrigins` in both: pages the developer chose to trust (`--allowed-origin`, e.g. a dev server's;
 *   `npm run dev` adds Vite's).
 *
 * Other loopback origins (another dev server on another port) are NOT the emulator's own: they may call the
 * services (platform/cors.ts), not the admin API. Origins are read with the WHATWG URL parser (platform/cors.ts
 * `parseOrigin`), never compared as raw strings; `null` is nobody's.
 *
 * @module
 */
import type { EmulatorStateShape } from "../EmulatorState.ts"
import { allowedHostNames } from "../hostNames.ts"
import { isListedOrigin, parseOrigin } from "../platform/cors.ts"

/** Whether the parsed origin `url` is one of the servers at `served` (same scheme and port), by any of `names`. */
const isServedBy = (url: URL, served: string, names: ReadonlySet<string>): boolean => {
  const server = parseOrigin(served)
  return (
    server !== undefined &&
    url.protocol === server.protocol &&
    url.port === server.port &&
    (url.hostname === server.hostname || names.has(url.hostname))
  )
}

/** The emulator's own origins for `state` (see the module doc), as a test of an `Origin` header's value. */
export const ownOrigins = (state: EmulatorStateShape): ((origin: string) => boolean) => {
  const { options, urls } = state
  const names = options.hostMode === undefined ? allowedHostNames(options) : new Set<string>()
  return (origin) => {
    const url = parseOrigin(origin)
    if (url === undefined) return false
    return (
      isListedOrigin(url, options.allowedOrigins) ||
      (options.hostMode === undefined && [urls.origin, urls.wwwOrigin].some((served) => isServedBy(url, served, names)))
    )
  }
}
