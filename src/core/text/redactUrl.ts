/**
 * redactUrl: a URL as the library shows it anywhere outside the caller's own values (log lines, error reports,
 * tracing spans, the devtools panel, telemetry payloads), failing closed: one rule for all of them (docs/security.md
 * "Nothing secret in a log"). Parsed with the WHATWG URL parser (a relative URL against a placeholder base, shown
 * from its path on):
 *
 * - user name and password are dropped;
 * - the query is read as pairs separated by `&` or `;` (some servers read both); a pair is shown as written only
 *   when its name (percent-decoded) is on the allow-list of ./shownParameters.ts AND its value, percent-decoded, is
 *   plain (`isPlain`: ids, numbers, words, dates, cursors; no `?`, `#`, `&`, `%`, quotes…; bounded length);
 * - any other value is hidden whole: `name=[redacted]`, whatever it holds (a secret, a URL, JSON, free text);
 * - a name that is not plain, or a pair without `=` whose name is not on the list (a bare value), is hidden whole:
 *   `[redacted]`;
 * - at most {@link maxParameters} pairs are read per URL; the rest of the query is shown as one `[redacted]`;
 * - a fragment is shown as `#[redacted]` (OAuth-style flows put tokens there);
 * - another scheme is shown by this rule when it names a host (`myapp://cb?…`), else by its scheme alone (`data:`);
 * - a string the parser rejects is shown as `[unparsable URL]`, never as it was.
 *
 * What is shown is ASCII only (the parser percent-encodes the rest of a path), so no control, separator or bidi
 * character of a URL reaches a log line.
 *
 * {@link redactUrlIn} applies the rule to a text that mentions one URL or several (an error's message): each URL is
 * shown redacted, and each part it hides (user name, password, a hidden value, the fragment) is blanked out wherever
 * else it appears (a server that echoes the token back). {@link redactUrlsIn} does the same for the URLs it finds
 * written in a text (a stack, a third party's message).
 *
 * @module
 */
import { isPlain, isShownParameter, maxShownNameLength, maxShownValueLength } from "./shownParameters.ts"

/** The value shown in place of a secret. */
export const redacted = "[redacted]"

/** What a string the URL parser rejects is shown as. */
export const unparsableUrl = "[unparsable URL]"

/** The most query pairs read per URL; the rest of the query is shown as one `[redacted]`. */
export const maxParameters = 100

/** How many times a hidden part is percent-decoded, at most, to find the forms a text may echo it in. */
export const maxEncodings = 3

/** The longest text {@link redactUrlIn} reads: the rest is cut (`…`); callers cut shorter (errorSummary: 500). */
export const maxTextLength = 4000

// A base for relative URLs; never shown (such URLs are shown from their path on).
const relativeBase = "http://relative.invalid"

/** `text` percent-decoded (`+` as a space, as servers read a query), or as written when an escape is malformed. */
const decoded = (text: string): string => {
  try {
    return decodeURIComponent(text.replace(/\+/g, " "))
  } catch {
    return text
  }
}

/** The schemes whose URLs are shown (the rest by their scheme alone): the web's and its sockets'. */
const isShownScheme = (protocol: string): boolean => /^(?:https?|wss?):$/i.test(protocol)

/**
 * The pair `pair` of a query (`name=value`, or a bare `name`) as shown (see the module doc); the parts it hides, as
 * written, are added to `hidden`.
 */
const pairShown = (pair: string, hidden: Array<string>): string => {
  if (pair === "") return pair
  const equals = pair.indexOf("=")
  const name = equals === -1 ? pair : pair.slice(0, equals)
  const value = equals === -1 ? undefined : pair.slice(equals + 1)
  if (!isPlain(decoded(name), maxShownNameLength)) {
    hidden.push(pair)
    return redacted
  }
  if (isShownParameter(decoded(name)) && (value === undefined || isPlain(decoded(value), maxShownValueLength)))
    return pair
  hidden.push(value ?? pair)
  return value === undefined ? redacted : `${name}=${redacted}`
}

/** The query `query` (without `?`) as shown; the parts it hides are added to `hidden`. */
const queryShown = (query: string, hidden: Array<string>): string => {
  const pieces = query.split(/([&;])/, 2 * maxParameters + 1) // pair, separator, pair…: no more than are read
  let shown = ""
  let offset = 0 // where the pair starts in `query`
  for (let at = 0; at < pieces.length; at += 2) {
    const separator = pieces[at - 1] ?? ""
    offset += separator.length
    if (at === 2 * maxParameters) {
      hidden.push(query.slice(offset))
      return shown + separator + redacted
    }
    offset += pieces[at]!.length
    shown += separator + pairShown(pieces[at]!, hidden)
  }
  return shown
}

/** A URL as shown, and the parts of it hidden, as written (user name, password, hidden pairs and values, fragment). */
interface Redaction {
  readonly shown: string
  readonly hidden: ReadonlyArray<string>
}

/** Read `url` once with the URL parser (a relative one against the placeholder base); see the module doc. */
const redactionOf = (url: string): Redaction => {
  let parsed: URL
  try {
    parsed = new URL(url, relativeBase)
  } catch {
    return { shown: unparsableUrl, hidden: [url] }
  }
  const { hash, protocol, search } = parsed
  // another scheme is shown by the rule when it names a host (`myapp://cb?…`), else by its scheme alone (`data:`)
  if (!isShownScheme(protocol) && parsed.host === "") return { shown: protocol + redacted, hidden: [url] }
  const hidden = [parsed.password, parsed.username, hash.slice(1)]
  const query = search === "" ? "" : "?" + queryShown(search.slice(1), hidden)
  // A relative URL (resolved against the placeholder) is shown from its path on, as it was given.
  const origin = parsed.origin === relativeBase ? "" : protocol + "//" + parsed.host
  return {
    shown: origin + parsed.pathname + query + (hash === "" ? "" : `#${redacted}`),
    hidden: hidden.filter((part) => part !== "")
  }
}

/**
 * `url` failing closed: without user info, with every query value `[redacted]` except the plain values of the
 * allow-listed parameters (./shownParameters.ts), and any fragment `[redacted]`. A URL of another scheme than http(s)
 * or ws(s) that names no host shows its scheme alone (`data:[redacted]`); one the parser rejects, `[unparsable URL]`.
 */
export const redactUrl = (url: string): string => redactionOf(url).shown

/** `part`, then it percent-decoded once, twice…, up to {@link maxEncodings} times (fewer when it stops changing). */
const decodedLayers = (part: string): Array<string> => {
  const layers = [part]
  while (layers.length <= maxEncodings && decoded(layers.at(-1)!) !== layers.at(-1))
    layers.push(decoded(layers.at(-1)!))
  return layers
}

/** A value written after `=` in a hidden part (a URL in a hidden value: its own query values and fragment's). */
const writtenValue = /=([^&;#?\s"<>]+)/g

/**
 * The forms a text may echo the hidden parts `hidden` of one URL in: each as written and percent-decoded up to
 * {@link maxEncodings} times, and, at each of those layers, the values written after `=` in it (a URL nested in a
 * hidden value carries its own secrets: `returnUrl=…%3Fcode%3DSECRET`), as written there, decoded and encoded (as
 * their own URL wrote them, when the outer one decoded them with it); at most {@link maxParameters} such values per
 * URL, so the cost stays bounded.
 */
const echoesOf = (hidden: ReadonlyArray<string>): Array<string> => {
  const echoes: Array<string> = []
  let values = maxParameters
  for (const layer of hidden.flatMap(decodedLayers)) {
    echoes.push(layer)
    for (const [, value] of layer.matchAll(writtenValue)) {
      if (values-- <= 0) break
      echoes.push(value!, decoded(value!), encodeURIComponent(decoded(value!)))
    }
  }
  return echoes
}

/** Hidden parts shorter than this are not blanked out of a text on their own (they would blank out ordinary words). */
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
 * `found` sorted and without overlaps: a replacement inside a URL shown is dropped (shown with the URL it is written
 * in); other overlapping ones become one `[redacted]`.
 */
const withoutOverlaps = (found: Array<Replacement>): Array<Replacement> => {
  found.sort((a, b) => a.start - b.start || b.end - a.end)
  const merged: Array<Replacement> = []
  for (const next of found) {
    const last = merged.at(-1)
    const insideUrl = last !== undefined && last.url && next.end <= last.end
    if (last === undefined || next.start >= last.end) merged.push(next)
    else if (!insideUrl)
      merged[merged.length - 1] = { start: last.start, end: Math.max(last.end, next.end), shown: redacted, url: false }
  }
  return merged
}

/**
 * `text` with every appearance of `urls` (one URL or several) replaced by {@link redactUrl}'s form of it (an
 * appearance of that form kept as it is), and, in the rest of the text, every appearance of a part one of them hides (as written or percent-decoded, and the values
 * written in a hidden value: see {@link echoesOf}; at least four characters long) replaced by `[redacted]`. Only the
 * first {@link maxTextLength} characters are read (then `…`): an appearance that starts before the cut is replaced
 * whole; a URL written inside another is shown with it; other overlapping appearances are replaced as one
 * `[redacted]`.
 */
export const redactUrlIn = (text: string, urls: string | ReadonlyArray<string>): string => {
  const found: Array<Replacement> = []
  const parts = new Set<string>()
  for (const url of new Set(typeof urls === "string" ? [urls] : urls)) {
    if (url === "") continue
    const { hidden, shown } = redactionOf(url)
    found.push(...appearances(text, url, maxTextLength, shown, true))
    // a text may quote the URL already redacted (an error's message): it is shown as it is, like the URL itself
    if (shown !== url) found.push(...appearances(text, shown, maxTextLength, shown, true))
    for (const part of echoesOf(hidden)) if (part.length >= minSecretPartLength) parts.add(part)
  }
  for (const part of parts) found.push(...appearances(text, part, maxTextLength, redacted, false))
  let written = ""
  let from = 0
  for (const { end, shown, start } of withoutOverlaps(found)) {
    written += text.slice(from, start) + shown
    from = end
  }
  const end = Math.max(from, maxTextLength)
  return written + text.slice(from, end) + (text.length > end ? "…" : "")
}

/**
 * Where an absolute URL may be written in a text: from its scheme and `//` to a space, a double quote or an angle
 * bracket (a URL parser writes none of them raw; it writes `'` and a backtick raw in a query, so they are read as
 * part of the URL, and left to the text only at its end).
 */
const writtenUrl = /\b[a-z][a-z\d+.-]*:\/\/[^\s"<>]+/gi

/** Punctuation and quotes that end a sentence, a list or a quotation rather than a URL. */
const trailingPunctuation = /[.,;:!?'`]$/

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
  for (
    let found = writtenUrl.exec(text);
    found !== null && found.index < maxTextLength;
    found = writtenUrl.exec(text)
  ) {
    urls.push(withoutTrailingText(found[0]))
  }
  return urls
}

/**
 * `text` with every absolute URL written in it (a scheme and `//`), and the URLs `known` (a URL the text may quote:
 * the request's), shown as {@link redactUrlIn} shows them, the parts they hide blanked elsewhere in the text too: for a
 * text whose URLs are not known beforehand (what a failed dynamic import, a stack trace or a server says). The
 * pattern only finds where a URL may be written (up to a space, a double quote or an angle bracket: brackets and
 * parentheses are read as part of it, `token[]=…`, `code=(…)`, unless they close nothing opened in it; trailing
 * punctuation and quotes and a stack frame's `:line:column` are left to the text); what is hidden of it is decided by the URL
 * parser, as everywhere else. Like {@link redactUrlIn}, it reads the first {@link maxTextLength} characters.
 */
export const redactUrlsIn = (text: string, known: ReadonlyArray<string> = []): string =>
  redactUrlIn(text, [...known, ...writtenUrls(text)])
