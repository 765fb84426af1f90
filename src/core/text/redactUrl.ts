/**
 * redactUrl: a URL as the library shows it anywhere outside the caller's own values (the devtools panel, log lines,
 * telemetry payloads), without what could be a secret: one rule for all of them (docs/security.md). Parsed with the
 * WHATWG URL parser (a relative URL against a placeholder base, shown from its path on):
 *
 * - user name and password are dropped;
 * - a query parameter whose name looks like a secret (token, secret, signature, auth, key, password, session,
 *   ticket, credential, cookie, csrf, jwt, otp, nonce, hmac, verifier; a link or access code such as the
 *   platform's `privateServerLinkCode`; or exactly `code` or `state`, OAuth's) keeps its name and shows `[redacted]`
 *   as its value; the others are shown as they were written;
 * - a fragment is shown as `#[redacted]` (OAuth-style flows put tokens there);
 * - a string the parser rejects is shown as `[unparsable URL]`, never as it was.
 *
 * {@link redactUrlIn} applies the rule to a text that mentions a URL (an error's message): the URL is shown redacted,
 * and each secret part of it (user name, password, a secret parameter's value, the fragment) is blanked out wherever
 * else it appears (a server that echoes the token back).
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

/** `text` percent-decoded (`+` as a space), or as written when an escape is malformed. */
const decoded = (text: string): string => {
  try {
    return decodeURIComponent(text.replace(/\+/g, " "))
  } catch {
    return text
  }
}

/** Whether a query parameter named `name` (as written, percent-encoded or not) may carry a secret. */
export const isSecretParameter = (name: string): boolean => secretName.test(decoded(name))

/**
 * A URL as shown, and the parts of it that may be secrets, as written: the password (or the user name when there
 * is no password: a token written as the user, `https://TOKEN@host`), the fragment, secret parameters' values.
 */
interface Redaction {
  readonly shown: string
  readonly secrets: ReadonlyArray<string>
}

/** Read `url` once with the URL parser (a relative one against the placeholder base); see the module doc. */
const redaction = (url: string): Redaction => {
  let parsed: URL
  try {
    parsed = new URL(url, relativeBase)
  } catch {
    return { shown: unparsableUrl, secrets: [] }
  }
  const { hash, protocol, search } = parsed
  if (protocol !== "http:" && protocol !== "https:") return { shown: protocol + redacted, secrets: [] }
  const secrets = [parsed.password || parsed.username, hash.slice(1)]
  const query = search === "" ? "" : "?" + search.slice(1).split("&").map((pair) => {
    const name = pair.split("=", 1)[0]!
    if (!isSecretParameter(name)) return pair
    secrets.push(pair.slice(name.length + 1))
    return `${name}=${redacted}`
  }).join("&")
  // A relative URL (resolved against the placeholder) is shown from its path on, as it was given.
  const origin = parsed.origin === relativeBase ? "" : protocol + "//" + parsed.host
  return { shown: origin + parsed.pathname + query + (hash === "" ? "" : `#${redacted}`), secrets }
}

/**
 * `url` without user info, with secret-looking query values and any fragment replaced by `[redacted]`. A URL of
 * another scheme than http(s) shows its scheme alone (`data:[redacted]`).
 */
export const redactUrl = (url: string): string => redaction(url).shown

/** Secret parts shorter than this are not blanked out of a text on their own (they would blank out ordinary words). */
const minSecretPartLength = 4

/**
 * `text` with every appearance of `url` replaced by {@link redactUrl}'s form of it, and, in the rest of the text,
 * every appearance of a secret part of `url` (as written or percent-decoded, at least four characters long)
 * replaced by `[redacted]`.
 */
export const redactUrlIn = (text: string, url: string): string => {
  const { secrets, shown } = redaction(url)
  const parts = secrets.flatMap((part) => [part, decoded(part)]).filter((part) => part.length >= minSecretPartLength)
  parts.sort((a, b) => b.length - a.length)
  const blank = (segment: string) => parts.reduce((clean, part) => clean.replaceAll(part, redacted), segment)
  return url === "" ? blank(text) : text.split(url).map(blank).join(shown)
}

/** Where an absolute http(s) URL is written in a text: from its scheme to the next space, quote or bracket. */
const writtenUrl = /https?:\/\/[^\s"'`<>()[\]{}]+/gi

/**
 * `text` with every absolute http(s) URL written in it shown as {@link redactUrl} shows it: for a text whose URLs
 * are not known beforehand (what a failed dynamic import or a third-party error says). The pattern only finds
 * where a URL may be written; what is hidden of it is decided by the URL parser, as everywhere else.
 */
export const redactUrlsIn = (text: string): string => text.replace(writtenUrl, (url) => redactUrl(url))

