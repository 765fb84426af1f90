/**
 * redactUrl: a URL as the library shows it anywhere outside the caller's own values (the devtools panel, log lines,
 * telemetry payloads, tracing spans), without what could be a secret: one rule for all of them (docs/security.md).
 * Parsed with the WHATWG URL parser (a relative URL against a placeholder base, shown from its path on):
 *
 * - user name and password are dropped;
 * - the query is read as pairs separated by `&` or `;` (some servers read both); a pair whose name looks like a
 *   secret (the name rule: ./secretNames.ts) keeps its name and shows `[redacted]` as its value;
 * - a value that is itself a URL (percent-decoded up to {@link maxEncodings} times: an absolute http(s) URL, or a
 *   path starting with `/` that has a query or a fragment, such as a login page's `returnUrl`) is shown redacted by
 *   this same rule and encoded again as many times, so it stays a valid value; nested more than {@link maxNesting}
 *   levels deep it is shown as `[redacted]`; with nothing to hide it is shown as written;
 * - the other values are shown as written; at most {@link maxParameters} pairs are examined per URL (all levels
 *   together), the rest of a query is shown as one `[redacted]`;
 * - a fragment is shown as `#[redacted]` (OAuth-style flows put tokens there);
 * - a string the parser rejects is shown as `[unparsable URL]`, never as it was.
 *
 * {@link redactUrlIn} applies the rule to a text that mentions a URL (an error's message): the URL is shown redacted,
 * and each secret part of it (user name, password, a secret parameter's value, the fragment, nested ones as written
 * at each level of encoding) is blanked out wherever else it appears (a server that echoes the token back).
 *
 * @module
 */
import { isSecretName } from "./secretNames.ts"

/** The value shown in place of a secret. */
export const redacted = "[redacted]"

/** What a string the URL parser rejects is shown as. */
export const unparsableUrl = "[unparsable URL]"

/** The most query parameters one URL has examined, over all nesting levels; the rest is shown as one `[redacted]`. */
export const maxParameters = 100

/** How many URLs deep a value is looked into (a URL in a value of a URL in a value…); deeper, it is `[redacted]`. */
export const maxNesting = 3

/** How many times a value is percent-decoded, at most, to find a URL in it. */
export const maxEncodings = 3

/** The longest text {@link redactUrlIn} reads: the rest is cut (`…`); callers cut shorter (errorSummary: 500). */
export const maxTextLength = 4000

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

/** `text` as a parameter value: percent-encoded, `[redacted]` kept readable (brackets are valid in a query). */
const encoded = (text: string): string => encodeURIComponent(text).replace(/%5B/g, "[").replace(/%5D/g, "]")

/** Whether a query parameter named `name` (as written, percent-encoded or not) may carry a secret. */
export const isSecretParameter = (name: string): boolean => isSecretName(decoded(name))

/** Whether a decoded value is read as a URL: absolute http(s), or a path with a query or a fragment. */
const looksLikeUrl = (value: string): boolean => {
  const start = value.replace(/[\t\n\r]/g, "").replace(/^[\x00-\x20]+/, "") // as the URL parser reads it
  return /^https?:/i.test(start) || /^[/\\][^?#]*[?#]/.test(start)
}

/**
 * A URL as shown, and the parts of it that may be secrets, as written: the password (or the user name when there
 * is no password: a token written as the user, `https://TOKEN@host`), the fragment, secret parameters' values.
 */
interface Redaction {
  readonly shown: string
  readonly secrets: ReadonlyArray<string>
}

/** What one URL may still examine (shared by all its nesting levels). */
interface Budget {
  parameters: number
}

/** A value as shown (see the module doc) at nesting level `nesting`. */
const valueRedaction = (value: string, nesting: number, budget: Budget): Redaction => {
  const layers = [value] // as written, then decoded once, twice…
  while (layers.length <= maxEncodings && decoded(layers.at(-1)!) !== layers.at(-1)) layers.push(decoded(layers.at(-1)!))
  const encodings = layers.findIndex(looksLikeUrl)
  if (encodings === -1) return { shown: value, secrets: [] }
  if (nesting > maxNesting) return { shown: redacted, secrets: [value] }
  const inner = redaction(layers[encodings]!, nesting, budget)
  if (inner.secrets.length === 0) return { shown: value, secrets: [] }
  const secrets = inner.secrets.flatMap((secret) => {
    const forms = [secret, decoded(secret)]
    for (let layer = 0; layer < encodings; layer++) forms.push(...forms.slice(-2).map(encodeURIComponent))
    return forms
  })
  return { shown: layers.slice(1, encodings + 1).reduce(encoded, inner.shown), secrets }
}

/** The query `query` (without `?`) as shown; the secrets found are added to `secrets`. */
const queryRedaction = (query: string, nesting: number, budget: Budget, secrets: Array<string>): string => {
  const pieces = query.split(/([&;])/, 2 * budget.parameters + 1) // pair, separator, pair…: no more than can be examined
  let shown = ""
  let offset = 0 // where the pair starts in `query`
  for (let at = 0; at < pieces.length; at += 2) {
    const separator = pieces[at - 1] ?? ""
    offset += separator.length
    if (budget.parameters === 0) {
      secrets.push(query.slice(offset))
      return shown + separator + redacted
    }
    budget.parameters -= 1
    const pair = pieces[at]!
    offset += pair.length
    const name = pair.split("=", 1)[0]!
    const value = pair.slice(name.length + 1)
    let shownValue = value
    if (isSecretParameter(name)) {
      secrets.push(value)
      shownValue = redacted
    } else if (value !== "") {
      const inner = valueRedaction(value, nesting + 1, budget)
      secrets.push(...inner.secrets)
      shownValue = inner.shown
    }
    shown += separator + (shownValue === value ? pair : `${name}=${shownValue}`)
  }
  return shown
}

/** Read `url` once with the URL parser (a relative one against the placeholder base); see the module doc. */
const redaction = (url: string, nesting: number, budget: Budget): Redaction => {
  let parsed: URL
  try {
    parsed = new URL(url, relativeBase)
  } catch {
    return { shown: unparsableUrl, secrets: [url] }
  }
  const { hash, protocol, search } = parsed
  if (protocol !== "http:" && protocol !== "https:") return { shown: protocol + redacted, secrets: [url] }
  const secrets = [parsed.password || parsed.username, hash.slice(1)]
  const query = search === "" ? "" : "?" + queryRedaction(search.slice(1), nesting, budget, secrets)
  // A relative URL (resolved against the placeholder) is shown from its path on, as it was given.
  const origin = parsed.origin === relativeBase ? "" : protocol + "//" + parsed.host
  return {
    shown: origin + parsed.pathname + query + (hash === "" ? "" : `#${redacted}`),
    secrets: secrets.filter((secret) => secret !== "")
  }
}

/** `url` read with a fresh budget. */
const redactionOf = (url: string): Redaction => redaction(url, 0, { parameters: maxParameters })

/**
 * `url` without user info, with secret-looking query values, any fragment and the secrets of URLs nested in values
 * replaced by `[redacted]`. A URL of another scheme than http(s) shows its scheme alone (`data:[redacted]`).
 */
export const redactUrl = (url: string): string => redactionOf(url).shown

/** Secret parts shorter than this are not blanked out of a text on their own (they would blank out ordinary words). */
const minSecretPartLength = 4

/** A place in a text to write something else at: `[start, end)` and what is written. */
interface Replacement {
  readonly start: number
  readonly end: number
  readonly shown: string
}

/** Every appearance of `needle` in `text` that starts before `limit`, to be written as `shown`. */
const appearances = (text: string, needle: string, limit: number, shown: string): Array<Replacement> => {
  const found: Array<Replacement> = []
  const window = text.slice(0, limit + needle.length - 1)
  for (let at = window.indexOf(needle); at !== -1; at = window.indexOf(needle, at + needle.length)) {
    found.push({ start: at, end: at + needle.length, shown })
  }
  return found
}

/**
 * `text` with every appearance of `url` replaced by {@link redactUrl}'s form of it, and, in the rest of the text,
 * every appearance of a secret part of `url` (as written or percent-decoded, at least four characters long)
 * replaced by `[redacted]`. Only the first {@link maxTextLength} characters are read (then `…`): an appearance that
 * starts before the cut is replaced whole; overlapping appearances are replaced as one `[redacted]`.
 */
export const redactUrlIn = (text: string, url: string): string => {
  const { secrets, shown } = redactionOf(url)
  const parts = new Set(secrets.flatMap((part) => [part, decoded(part)]).filter((part) => part.length >= minSecretPartLength))
  const found = [
    ...(url === "" ? [] : appearances(text, url, maxTextLength, shown)),
    ...[...parts].flatMap((part) => appearances(text, part, maxTextLength, redacted))
  ].sort((a, b) => a.start - b.start || b.end - a.end)
  const merged: Array<Replacement> = []
  for (const next of found) {
    const last = merged.at(-1)
    const insideUrl = last !== undefined && last.shown === shown && next.end <= last.end // a secret of the URL, shown with it
    if (last === undefined || next.start >= last.end) merged.push(next)
    else if (!insideUrl) merged[merged.length - 1] = { start: last.start, end: Math.max(last.end, next.end), shown: redacted }
  }
  let written = ""
  let from = 0
  for (const { end, shown, start } of merged) {
    written += text.slice(from, start) + shown
    from = end
  }
  const end = Math.max(from, maxTextLength)
  return written + text.slice(from, end) + (text.length > end ? "…" : "")
}

/** Where an absolute http(s) URL is written in a text: from its scheme to the next space, quote or angle bracket. */
const writtenUrl = /https?:\/\/[^\s"'`<>]+/gi

/**
 * `text` with every absolute http(s) URL written in it shown as {@link redactUrl} shows it: for a text whose URLs
 * are not known beforehand (what a failed dynamic import or a third-party error says). The pattern only finds
 * where a URL may be written (brackets and parentheses are read as part of it: `token[]=…`, `code=(…)`); what is
 * hidden of it is decided by the URL parser, as everywhere else.
 */
export const redactUrlsIn = (text: string): string => text.replace(writtenUrl, (url) => redactUrl(url))
