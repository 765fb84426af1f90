/**
 * The admin API's guard against the pages the developer visits. The admin API changes the emulator's state (fault
 * rules, the request log, anti-forgery tokens, challenge settings) and shows what it logged (request URLs and
 * headers); the emulator listens on loopback, which any page in the developer's browser can send requests to. A
 * page on another origin may send a "simple" request without asking first (a form POST, a `no-cors` fetch: GET,
 * HEAD or POST with only CORS-safelisted headers, a form, multipart or text/plain body), and the browser sends it
 * whatever the answer's CORS headers say; anything else waits for a preflight. So, before any handler runs:
 *
 * 1. a request with an `Origin` header must come from one of the emulator's own origins (ownOrigins.ts): another
 *    origin, `null` included (sandboxed frames, `file:` pages), is refused whatever it carries;
 * 2. a request without `Origin` that `Sec-Fetch-Site` says another origin made (`same-site`, `cross-site`: an
 *    `<img>`, a `<script>`, an `<iframe>`, a `no-cors` GET) is refused, unless it is a top-level navigation with GET
 *    or HEAD (`Sec-Fetch-Mode: navigate`, `Sec-Fetch-Dest: document`: the developer following a link to the log);
 * 3. every method but GET and HEAD needs {@link adminHeader} `: 1`. It is no CORS-safelisted header: a page on
 *    another origin can send it only after a preflight, which the emulator answers only for its own origins
 *    (platform/middleware.ts).
 *
 * curl, Node and tests send no `Origin` and no `Sec-Fetch-*` headers: they pass with the header. A refused request
 * gets 403 with the platform's error body, and nothing is changed or logged.
 *
 * @module
 */
import { adminHeader, adminHeaderValue } from "./AdminApi.ts"

/** The request headers the guard reads (lower-case names). */
export type GuardedHeaders = Readonly<Record<string, string | undefined>>

/** Whether `method` only reads. */
const isRead = (method: string): boolean => method === "GET" || method === "HEAD"

/** At most 100 characters of a header's value, for a refusal's message. */
const shown = (value: string): string => JSON.stringify(value.length > 100 ? `${value.slice(0, 100)}…` : value)

/** A refusal's message: the platform's error body says it. */
export const refusalMessage = (reason: string): string =>
  `Admin request refused: ${reason} (docs/emulator.md: admin API)`

/** Why a request from `origin` cannot be answered: it is not one of the emulator's own. */
export const foreignOrigin = (origin: string | undefined): string =>
  origin === undefined
    ? "a preflight needs the page's Origin"
    : `the origin ${shown(origin)} is not one of the emulator's own; trust a page's origin with --allowed-origin`

/**
 * Why an admin request must be refused (see the module doc), or undefined when it may be answered. `isOwn` tells
 * the emulator's own origins.
 */
export const adminRefusal = (
  method: string,
  headers: GuardedHeaders,
  isOwn: (origin: string) => boolean
): string | undefined => {
  const origin = headers.origin
  if (origin !== undefined) {
    if (!isOwn(origin)) return foreignOrigin(origin)
  } else {
    const site = headers["sec-fetch-site"]
    const navigation =
      isRead(method) &&
      headers["sec-fetch-mode"] === "navigate" &&
      (headers["sec-fetch-dest"] ?? "document") === "document"
    if (site !== undefined && site !== "same-origin" && site !== "none" && !navigation) {
      return `a page on another origin made it (Sec-Fetch-Site: ${shown(site)})`
    }
  }
  if (!isRead(method) && headers[adminHeader] !== adminHeaderValue) {
    return `${method} needs the header ${adminHeader}: ${adminHeaderValue}`
  }
  return undefined
}
