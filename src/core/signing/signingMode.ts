/**
 * signingMode: whether a page signs with its own key database or through the security frame (see Signing.ts).
 *
 * @module
 */

/** How a page signs: with its own key database, or through the security frame. */
export type SigningMode = "direct" | "frame"

/**
 * `direct` when the page's origin is the www origin, or is not an http(s) origin (no browser page); else
 * `frame`. A www base URL that cannot be parsed gives `direct` (the frame could not be loaded either).
 */
export const signingMode = (pageOrigin: string, wwwBaseUrl: string): SigningMode => {
  let www: string
  try {
    www = new URL(wwwBaseUrl).origin
  } catch {
    return "direct"
  }
  if (!/^https?:\/\//.test(pageOrigin)) return "direct"
  return pageOrigin === www ? "direct" : "frame"
}
