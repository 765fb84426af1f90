/**
 * redactUrl: a URL as the devtools panel shows it, without what could be a secret. Parsed with the WHATWG URL
 * parser (a relative URL against a placeholder base, shown from its path on):
 *
 * - user name and password are dropped;
 * - a query parameter whose name looks like a secret (token, secret, signature, auth, key, password, session,
 *   ticket, credential, cookie, csrf, jwt, otp, nonce, hmac, verifier; a link or access code such as the
 *   platform's `privateServerLinkCode`; or exactly `code` or `state`, OAuth's) keeps its name and shows `[redacted]`
 *   as its value; the others are shown as they were written;
 * - a fragment is shown as `#[redacted]` (OAuth-style flows put tokens there);
 * - a string the parser rejects is shown as `[unparsable URL]`, never as it was.
 *
 * @module
 */

/** The value shown in place of a secret. */
export const redacted = "[redacted]"

/** What a string the URL parser rejects is shown as. */
export const unparsableUrl = "[unparsable URL]"

const secretName = /token|secret|sig|auth|key|pass|pwd|session|ticket|credential|cookie|csrf|xsrf|jwt|otp|nonce|hmac|verifier|linkcode|accesscode|^code$|^state$/i

// A base for relative URLs; never shown (such URLs are shown from their path on).
const relativeBase = "http://relative.invalid"

/** Whether a query parameter named `name` (as written, percent-encoded or not) may carry a secret. */
export const isSecretParameter = (name: string): boolean => {
  let decoded = name
  try {
    decoded = decodeURIComponent(name.replace(/\+/g, " "))
  } catch {
    // a malformed escape: judge the name as written
  }
  return secretName.test(decoded)
}

const redactQuery = (search: string): string =>
  search === "" ? "" : "?" + search.slice(1).split("&").map((pair) => {
    const name = pair.split("=", 1)[0]!
    return isSecretParameter(name) ? `${name}=${redacted}` : pair
  }).join("&")

/**
 * `url` without user info, with secret-looking query values and any fragment replaced by `[redacted]`. A URL of
 * another scheme than http(s) shows its scheme alone (`data:[redacted]`).
 */
export const redactUrl = (url: string): string => {
  let parsed: URL
  try {
    parsed = new URL(url, relativeBase)
  } catch {
    return unparsableUrl
  }
  if (parsed.protocol !== "http:" && parsed.protocol !== "https:") return parsed.protocol + redacted
  // A relative URL (resolved against the placeholder) is shown from its path on, as it was given.
  const origin = parsed.origin === relativeBase ? "" : parsed.protocol + "//" + parsed.host
  const fragment = parsed.hash === "" ? "" : `#${redacted}`
  return origin + parsed.pathname + redactQuery(parsed.search) + fragment
}
