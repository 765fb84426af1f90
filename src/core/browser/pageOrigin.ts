/**
 * pageOrigin: the origin of the page the code runs in, as `Frames.browser` reports it (`window.location.origin`;
 * `"null"` outside a browser), read without loading the Frames capability: the browser signer decides up front
 * whether the page signs directly or through the security frame, and loads the frame's code only in the second
 * case (see Signing.ts, docs/bundle-size.md).
 *
 * @module
 */

/** The page's origin, or `"null"` where there is no `window.location` (Node, workers without a location). */
export const pageOrigin = (): string =>
  typeof window === "undefined" || typeof window.location === "undefined" ? "null" : window.location.origin
