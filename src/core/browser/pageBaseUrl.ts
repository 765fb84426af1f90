/**
 * pageBaseUrl: the URL a relative request URL is resolved against, as `fetch` resolves it: the document's base URL
 * (`document.baseURI`, which honours a `<base href>`), a worker's own location, or none outside a browser. The
 * pipeline's trust decisions (is this URL on a platform host?) resolve URLs exactly as fetch will (../http/
 * targets.ts), so a `<base>` pointing elsewhere cannot make a relative URL look like the page's own.
 *
 * @module
 */

/** The base URL relative request URLs resolve against; undefined where there is none (Node). */
export const pageBaseUrl = (): string | undefined =>
  typeof document !== "undefined" && typeof document.baseURI === "string"
    ? document.baseURI
    : typeof location !== "undefined" && typeof location.href === "string"
      ? location.href
      : undefined
