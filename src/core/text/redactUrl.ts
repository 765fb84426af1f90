/**
 * redactUrl: a URL as the library shows it anywhere outside the caller's own values (the devtools panel, log lines,
 * telemetry payloads, tracing spans), without what could be a secret: one rule for all of them (docs/security.md).
 * Parsed with the WHATWG URL parser (a relative URL against a placeholder base, shown from its path on):
 *
 * - user name and password are dropped;
 * - the query is read as pairs separated by `&` or `;` (some servers read both); a pair whose name looks like a
 *   secret (the name rule: ./secretNames.ts) keeps its name and shows `[redacted]` as its value;
 * - a value that is itself a URL (percent-decoded up to {@link maxEncodings} times: an absolute http(s) or ws(s)
 *   URL, or a path starting with `/` that has a query or a fragment, such as a login page's `returnUrl`) is shown
 *   redacted by this same rule and encoded again as many times, so it stays a valid value; nested more than
 *   {@link maxNesting} levels deep it is shown as `[redacted]`; with nothing to hide it is shown as written;
 * - any other value fails closed: in each decoded layer, `name=value` pairs written anywhere in it (after its start,
 *   `?`, `&`, `;`, `#`, a quote or a space: a custom scheme's URL, a path without `/`, free text) and JSON members
 *   `"name": "value"` whose name is secret have their values hidden, at the shallowest layer where that leaves none
 *   showing, encoded again as many times; a value that after {@link maxEncodings} decodings still holds an escaped
 *   `=`, `&`, `;`, `?`, `#`, `:`, `"` or `%` (what it holds deeper is not read), or whose secrets cannot be hidden
 *   pair by pair, is shown as `[redacted]`;
 * - the other values are shown as written; at most {@link maxParameters} names are examined per URL (all levels
 *   together), the rest of a query is shown as one `[redacted]` (a value with more, as `[redacted]`);
 * - a fragment is shown as `#[redacted]` (OAuth-style flows put tokens there);
 * - another scheme is shown by this rule when it names a host (`myapp://cb?…`), else by its scheme alone (`data:`);
 * - a string the parser rejects is shown as `[unparsable URL]`, never as it was.
 *
 * {@link redactUrlIn} applies the rule to a text that mentions one URL or several (an error's message): each URL is
 * shown redacted, and each secret part of it (user name, password, a secret parameter's value, the fragment, nested
 * ones as written at each level of encoding) is blanked out wherever else it appears (a server that echoes the token
 * back). {@link redactUrlsIn} does the same for the URLs it finds written in a text (a stack, a third party's message).
 *
 * @module
 */
import { isSecretName } from "./secretNames.ts"

/** The value shown in place of a secret. */
export const redacted = "[redacted]"

/** What a string the URL parser rejects is shown as. */
export const unparsableUrl = "[unparsable URL]"

/** The most parameter names one URL has examined, over all nesting levels; the rest is shown as one `[redacted]`. */
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

/** The schemes whose URLs are shown (the rest by their scheme alone): the web's and its sockets'. */
const isShownScheme = (protocol: string): boolean => /^(?:https?|wss?):$/i.test(protocol)

/** Whether a decoded value is read as a URL: absolute http(s) or ws(s), or a path with a query or a fragment. */
const looksLikeUrl = (value: string): boolean => {
  const start = value.replace(/[\t\n\r]/g, "").replace(/^[\x00-\x20]+/, "") // as the URL parser reads it
  return /^(?:https?|wss?):/i.test(start) || /^[/\\][^?#]*[?#]/.test(start)
}

/**
 * A URL as shown, and the parts of it that may be secrets, as written: the password and the user name (a token may
 * be written as either: `https://TOKEN@host`, `https://TOKEN:x-oauth-basic@host`), the fragment, secret values.
 */
interface Redaction {
  readonly shown: string
  readonly secrets: ReadonlyArray<string>
}

/** What one URL may still examine (shared by all its nesting levels). */
interface Budget {
  parameters: number
}

/** `secrets` as they may be written `encodings` levels of percent-encoding further out (decoded too). */
const writtenForms = (secrets: ReadonlyArray<string>, encodings: number): Array<string> =>
  secrets.flatMap((secret) => {
    const forms = [secret, decoded(secret)]
    for (let layer = 0; layer < encodings; layer++) forms.push(...forms.slice(-2).map(encodeURIComponent))
    return forms
  })

/** A name followed by `=`, written anywhere in a text (after a separator, a `?`, a `#`, a quote or a space). */
const writtenPairName = /([^\s&;?#=/"'`<>{}(),:]+)=/g

/** A JSON member name followed by `:` and a string: `"returnTo": "` (the value is read up to its closing quote). */
const writtenJsonName = /"([^"\\]{1,100})"\s*:\s*"/g

/** Where a pair's value ends: at a separator, a space, a quote or an angle bracket. */
const valueEnd = /[\s&;#"'`<>]/g

/** Where a JSON string ends: at its closing quote. */
const jsonValueEnd = /(?<!\\)"/g

/**
 * The `[start, end)` ranges of `text` that hold the value of a pair whose name is secret: `name=value` pairs
 * written anywhere in it and JSON members `"name": "value"`; `undefined` when more names were met than `budget`
 * still allows (the caller then hides the whole text).
 */
const secretValueRanges = (text: string, budget: Budget | undefined): Array<readonly [number, number]> | undefined => {
  const ranges: Array<readonly [number, number]> = []
  for (const [names, ends] of [[writtenPairName, valueEnd], [writtenJsonName, jsonValueEnd]] as const) {
    names.lastIndex = 0
    for (let found = names.exec(text); found !== null; found = names.exec(text)) {
      if (budget !== undefined && budget.parameters === 0) return undefined
      if (budget !== undefined) budget.parameters -= 1
      if (!isSecretParameter(found[1]!)) continue
      const start = found.index + found[0].length
      ends.lastIndex = start
      const end = ends.exec(text)?.index ?? text.length
      if (end > start && text.slice(start, end) !== redacted) ranges.push([start, end])
    }
  }
  return ranges.sort((a, b) => a[0] - b[0])
}

/** `text` with the `ranges` (sorted, maybe overlapping) written as `[redacted]`; what they held is added to `secrets`. */
const withRangesHidden = (text: string, ranges: ReadonlyArray<readonly [number, number]>, secrets: Array<string>): string => {
  let shown = ""
  let from = 0
  for (const [start, end] of ranges) {
    if (end <= from) continue
    if (start >= from) shown += text.slice(from, start) + redacted
    secrets.push(text.slice(Math.max(start, from), end))
    from = end
  }
  return shown + text.slice(from)
}

/** `value`, then it percent-decoded once, twice…, up to {@link maxEncodings} times (fewer when it stops changing). */
const decodedLayers = (value: string): Array<string> => {
  const layers = [value]
  while (layers.length <= maxEncodings && decoded(layers.at(-1)!) !== layers.at(-1)) layers.push(decoded(layers.at(-1)!))
  return layers
}

/** Whether `shown`, at any of its layers of encoding, still has a secret pair whose value is not `[redacted]`. */
const stillShowsSecret = (shown: string): boolean =>
  decodedLayers(shown).some((layer) => secretValueRanges(layer, undefined)!.length > 0)

/** An escape of a character that gives pairs their structure (`=`, `&`, `;`, `?`, `#`, `:`, `"`) or of `%`. */
const structuralEscape = /%(?:3D|26|3B|3F|23|3A|22|25)/i

/**
 * Whether `text` is still encoded after {@link maxEncodings} decodings in a way that may hide pairs (an escaped `=`,
 * `&`, `?`… or `%`): what it holds deeper is not read. An escaped space or `@` left is only text.
 */
const stillEncoded = (text: string): boolean => structuralEscape.test(decodedLayers(text).at(-1)!)

/**
 * A value that is not read as a URL (or whose URL hid nothing), as shown: the values of secret pairs written anywhere
 * in it hidden at the shallowest layer of encoding where that leaves none showing at any layer and nothing still
 * encoded after {@link maxEncodings} decodings, encoded again as many times; with no secret pair and nothing still
 * encoded, the value as written; else the whole value `[redacted]` (fail closed).
 */
const pairsRedaction = (value: string, layers: ReadonlyArray<string>, budget: Budget): Redaction => {
  let found = false
  for (let layer = 0; layer < layers.length; layer++) {
    const ranges = secretValueRanges(layers[layer]!, budget)
    if (ranges === undefined) return { shown: redacted, secrets: [value] }
    if (ranges.length === 0) continue
    found = true
    const secrets: Array<string> = []
    const shown = layers.slice(1, layer + 1).reduce(encoded, withRangesHidden(layers[layer]!, ranges, secrets))
    // a value found at a shallow layer may still be encoded: it is blanked as decoded too
    if (!stillShowsSecret(shown) && !stillEncoded(shown)) return { shown, secrets: writtenForms(secrets.flatMap(decodedLayers), layer) }
  }
  return found || stillEncoded(value) ? { shown: redacted, secrets: [value] } : { shown: value, secrets: [] }
}

/**
 * A value as shown (see the module doc) at nesting level `nesting`: a URL in it redacted by the URL rule, else secret
 * pairs written anywhere in it hidden; `[redacted]` when it is still encoded after {@link maxEncodings} decodings.
 */
const valueRedaction = (value: string, nesting: number, budget: Budget): Redaction => {
  const layers = decodedLayers(value) // as written, then decoded once, twice…
  const encodings = layers.findIndex(looksLikeUrl)
  if (encodings !== -1 && nesting > maxNesting) return { shown: redacted, secrets: [value] }
  if (encodings !== -1) {
    const inner = redaction(layers[encodings]!, nesting, budget)
    const shown = layers.slice(1, encodings + 1).reduce(encoded, inner.shown)
    if (inner.secrets.length > 0 && !stillShowsSecret(shown)) return { shown, secrets: writtenForms(inner.secrets, encodings) }
    if (inner.secrets.length > 0) return { shown: redacted, secrets: [value] }
  }
  return pairsRedaction(value, layers, budget)
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
  // another scheme is shown by the rule when it names a host (`myapp://cb?…`), else by its scheme alone (`data:`)
  if (!isShownScheme(protocol) && parsed.host === "") return { shown: protocol + redacted, secrets: [url] }
  const secrets = [parsed.password, parsed.username, hash.slice(1)]
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

/** A place in a text to write something else at: `[start, end)` and what is written; `url` when it is a URL shown. */
interface Replacement {
  readonly start: number
  readonly end: number
  readonly shown: string
  readonly url: boolean
}

/** Every appearance of `needle` in `text` that starts before `limit`, to be written as `shown`. */
const appearances = (text: string, needle: string, limit: number, shown: string, url: boolean): Array<Replacement> => {
  const found: Array<Replacement> = []
  const window = text.slice(0, limit + needle.length - 1)
  for (let at = window.indexOf(needle); at !== -1; at = window.indexOf(needle, at + needle.length)) {
    found.push({ start: at, end: at + needle.length, shown, url })
  }
  return found
}

/**
 * `text` with every appearance of `urls` (one URL or several) replaced by {@link redactUrl}'s form of it, and, in
 * the rest of the text, every appearance of a secret part of one of them (as written or percent-decoded, at least
 * four characters long) replaced by `[redacted]`. Only the first {@link maxTextLength} characters are read (then
 * `…`): an appearance that starts before the cut is replaced whole; a URL written inside another is shown with it;
 * other overlapping appearances are replaced as one `[redacted]`.
 */
export const redactUrlIn = (text: string, urls: string | ReadonlyArray<string>): string => {
  const found: Array<Replacement> = []
  const parts = new Set<string>()
  for (const url of new Set(typeof urls === "string" ? [urls] : urls)) {
    if (url === "") continue
    const { secrets, shown } = redactionOf(url)
    found.push(...appearances(text, url, maxTextLength, shown, true))
    for (const part of secrets.flatMap((secret) => [secret, decoded(secret)])) {
      if (part.length >= minSecretPartLength) parts.add(part)
    }
  }
  for (const part of parts) found.push(...appearances(text, part, maxTextLength, redacted, false))
  found.sort((a, b) => a.start - b.start || b.end - a.end)
  const merged: Array<Replacement> = []
  for (const next of found) {
    const last = merged.at(-1)
    const insideUrl = last !== undefined && last.url && next.end <= last.end // shown with the URL it is written in
    if (last === undefined || next.start >= last.end) merged.push(next)
    else if (!insideUrl) merged[merged.length - 1] = { start: last.start, end: Math.max(last.end, next.end), shown: redacted, url: false }
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

/** Where an absolute URL may be written in a text: from its scheme and `//` to a space, quote or angle bracket. */
const writtenUrl = /\b[a-z][a-z\d+.-]*:\/\/[^\s"'`<>]+/gi

/** Punctuation that ends a sentence or a list rather than a URL. */
const trailingPunctuation = /[.,;:!?]$/

/** A stack frame's `:line:column` after a script's URL. */
const lineAndColumn = /:\d+:\d+$/

/**
 * `url` as found by {@link writtenUrl} without what belongs to the text around it: trailing punctuation, a closing
 * parenthesis or bracket that closes nothing opened in it (`(see https://…)`), a stack frame's `:line:column`.
 */
const withoutTrailingText = (url: string): string => {
  let end = url.length
  const open = { ")": [...url].filter((c) => c === "(").length, "]": [...url].filter((c) => c === "[").length }
  let close = { ")": [...url].filter((c) => c === ")").length, "]": [...url].filter((c) => c === "]").length }
  for (;;) {
    const kept = url.slice(0, end)
    const last = kept.at(-1) as ")" | "]" | string
    if (trailingPunctuation.test(kept)) end -= 1
    else if ((last === ")" || last === "]") && close[last] > open[last]) {
      close = { ...close, [last]: close[last] - 1 }
      end -= 1
    } else if (lineAndColumn.test(kept)) end -= lineAndColumn.exec(kept)![0].length
    else return kept
  }
}

/** The URLs written in the first {@link maxTextLength} characters of `text`, each as far as it goes. */
const writtenUrls = (text: string): Array<string> => {
  const urls: Array<string> = []
  writtenUrl.lastIndex = 0
  for (let found = writtenUrl.exec(text); found !== null && found.index < maxTextLength; found = writtenUrl.exec(text)) {
    urls.push(withoutTrailingText(found[0]))
  }
  return urls
}

/**
 * `text` with every absolute http(s) or ws(s) URL written in it, and the URLs `known` (a URL the text may quote:
 * the request's), shown as {@link redactUrlIn} shows them, their secrets blanked elsewhere in the text too: for a
 * text whose URLs are not known beforehand (what a failed dynamic import, a stack trace or a server says). The
 * pattern only finds where a URL may be written (up to a space, a quote or an angle bracket: brackets and
 * parentheses are read as part of it, `token[]=…`, `code=(…)`, unless they close nothing opened in it; trailing
 * punctuation and a stack frame's `:line:column` are left to the text); what is hidden of it is decided by the URL
 * parser, as everywhere else. Like {@link redactUrlIn}, it reads the first {@link maxTextLength} characters.
 */
export const redactUrlsIn = (text: string, known: ReadonlyArray<string> = []): string =>
  redactUrlIn(text, [...known, ...writtenUrls(text)])
