/**
 * Properties of the one URL-redaction rule (src/core/text/redactUrl.ts, docs/security.md "Nothing secret in a log"),
 * fast-check over generated URLs that carry a secret value:
 *
 * - under a secret-looking name: any recognised word, multi-word names with any separator (`_`, `-`, `.`, none, an
 *   encoded space), any case, partly percent-encoded, with or without an array-style suffix (`[]`, `[0]`, `%5B%5D`);
 * - among ordinary pairs, pairs separated by `&` or `;`;
 * - in a URL of any shape: absolute http(s), ws(s), a custom scheme (`myapp://cb`), a path with or without a leading
 *   `/` (`games/1`);
 * - optionally nested 1–3 levels deep in a returnUrl-like value of an absolute or relative URL, each level written
 *   as the value itself, inside free text (`go to {url} now`) or inside JSON (`{"returnTo":"{url}"}`), raw or
 *   percent-encoded 1–4 times (4: more than the rule decodes, so the value must be hidden whole).
 *
 * The secret is framed by two markers no name, host or placeholder contains, so a leak of it in any encoding shows
 * one of them. Oracle: neither marker is in redactUrl's output, nor in redactUrlsIn's for a text quoting the URL (as
 * the URL parser writes it), nor in redactUrlIn's for a text that quotes the URL; and when every level is a plain
 * value encoded at most 3 times (what the rule reads), nor when that text also echoes the secret (decoded, as
 * written in its own URL, and as written in the outermost one). A value hidden whole (free text, JSON, 4 encodings)
 * hides the secret but blanks only the value as written elsewhere: its echoes are not part of that oracle.
 *
 * Left out of the secret's alphabet: `'`, which the URL parser re-encodes (`%27`): a secret holding one is still
 * hidden in the URL and blanked when echoed decoded, but not when echoed percent-encoded at an outer level.
 */
import { assert, describe, it } from "vitest"
import * as fc from "fast-check"
import { redactUrl, redactUrlIn, redactUrlsIn } from "../../src/core/text/redactUrl.ts"

const openMarker = "Zq9"
const closeMarker = "Wv7"

/** Secret names as lists of words: words found anywhere in a name, and names that must be whole. */
const containedNames = [
  ["token"], ["secret"], ["sig"], ["auth"], ["key"], ["pass"], ["pwd"], ["session"], ["sessid"], ["ticket"], ["credential"],
  ["cookie"], ["csrf"], ["xsrf"], ["jwt"], ["otp"], ["nonce"], ["hmac"], ["verifier"], ["bearer"], ["link", "code"],
  ["access", "code"], ["private", "server", "link", "code"], ["access", "token"], ["api", "key"], ["client", "secret"]
]
const wholeNames = [["code"], ["state"], ["sid"]]

const recase = (text: string, mask: ReadonlyArray<boolean>) =>
  [...text].map((c, i) => (mask[i % mask.length] ? c.toUpperCase() : c.toLowerCase())).join("")

const percentEncode = (text: string, mask: ReadonlyArray<boolean>) =>
  [...text].map((c, i) => (mask[i % mask.length] ? `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, "0")}` : c)).join("")

/** A secret-looking name as a server may write it. */
const secretName = fc.record({
  words: fc.constantFrom(...containedNames, ...wholeNames),
  around: fc.constantFrom(["", ""], ["my", ""], ["", "Value"], ["refresh", "2"]),
  separator: fc.constantFrom("", "_", "-", ".", "%20", "+"),
  caseMask: fc.array(fc.boolean(), { minLength: 1, maxLength: 8 }),
  encodeMask: fc.array(fc.boolean(), { minLength: 1, maxLength: 8 }).map((mask) => mask.map((b, i) => b && i % 3 === 0)),
  suffix: fc.constantFrom("", "[]", "[0]", "[12]", "%5B%5D")
}).map(({ around, caseMask, encodeMask, separator, suffix, words }) => {
  const whole = wholeNames.includes(words)
  const parts = whole ? words : [around[0]!, ...words, around[1]!].filter((word) => word !== "")
  const name = recase(parts.join(separator.startsWith("%") || separator === "+" ? "" : separator), caseMask)
  // a separator spelled as an encoded space goes between the words as written, never percent-encoded again
  const written = separator.startsWith("%") || separator === "+" ? recase(parts.join(separator), caseMask) : percentEncode(name, encodeMask)
  return written + suffix
})

/** A secret value: letters, digits and characters that need encoding in a query, between the two markers. */
const secretValue = fc.string({ unit: fc.constantFrom(..."aZ09-._~!*()+&=;#%/?:@[] é\""), minLength: 1, maxLength: 12 })
  .map((middle) => `${openMarker}${middle}${closeMarker}`)

const ordinaryPair = fc.record({
  name: fc.constantFrom("page", "cursor", "sortOrder", "limit", "userId", "id", "states"),
  value: fc.stringMatching(/^[a-z0-9]{0,6}$/)
}).map(({ name, value }) => `${name}=${value}`)

const separator = fc.constantFrom("&", ";")

/** A URL with `pair` among ordinary pairs. */
const urlWith = (pair: fc.Arbitrary<string>) =>
  fc.record({
    base: fc.constantFrom(
      "https://www.example.com/games/1", "/games/1", "http://x.example.net/a/b", "https://user:pw@apis.example.com/v1",
      "wss://rt.example.com/socket", "myapp://cb", "games/1"
    ),
    before: fc.array(fc.tuple(ordinaryPair, separator), { maxLength: 3 }),
    pair,
    after: fc.array(fc.tuple(separator, ordinaryPair), { maxLength: 3 })
  }).map(({ after, base, before, pair }) => `${base}?${before.map(([p, s]) => p + s).join("")}${pair}${after.map(([s, p]) => s + p).join("")}`)

/** How a level of nesting writes its inner URL: the wrapper and the parameter, and the times it is encoded. */
const nestingLevel = fc.record({
  wrapper: fc.constantFrom("https://www.example.com/login", "/login", "https://auth.example.net/authorize"),
  parameter: fc.constantFrom("returnUrl", "ReturnUrl", "next", "redirect_uri", "r"),
  shape: fc.constantFrom("value", "value", "text", "json"),
  encodings: fc.integer({ min: 0, max: 4 }),
  separator
})

/** `url` as a level of shape `shape` writes it in its value, before encoding. */
const shaped = (url: string, shape: "value" | "text" | "json") =>
  shape === "text" ? `go to ${url} now` : shape === "json" ? JSON.stringify({ returnTo: url }) : url

const encodedTimes = (text: string, times: number) => Array.from({ length: times }).reduce<string>((t) => encodeURIComponent(t), text)

/** The generated case: the secret, the URL it is written in, and the secret as written in the outermost URL. */
const secretCase = fc.record({
  secret: secretValue,
  name: secretName,
  levels: fc.array(nestingLevel, { maxLength: 3 })
}).chain(({ levels, name, secret }) =>
  urlWith(fc.constant(`${name}=${encodeURIComponent(secret)}`)).map((innermost) => {
    let url = innermost
    let written = encodeURIComponent(secret)
    for (const level of levels) {
      url = `${level.wrapper}?x=1${level.separator}${level.parameter}=${encodedTimes(shaped(url, level.shape), level.encodings)}`
      written = encodedTimes(written, level.encodings)
    }
    const readable = levels.every((level) => level.shape === "value" && level.encodings <= 3)
    return { readable, secret, url, written }
  })
)

const assertHidden = (text: string, context: string) => {
  assert.notInclude(text, openMarker, context)
  assert.notInclude(text, closeMarker, context)
}

describe("redactUrl: a secret under a secret-looking name never shows (property)", () => {
  it("redactUrl, redactUrlsIn and redactUrlIn hide it however it is named, separated, nested, shaped and encoded", () => {
    fc.assert(
      fc.property(secretCase, ({ readable, secret, url, written }) => {
        assertHidden(redactUrl(url), url)
        assertHidden(redactUrlsIn(`see ${new URL(url, "https://www.example.com/").href} now`), url)
        assertHidden(redactUrlIn(`Request to ${url} failed`, url), url)
        const text = `Request to ${url} failed: the server says ${secret} (sent as ${encodeURIComponent(secret)}, in the URL ${written})`
        if (readable) assertHidden(redactUrlIn(text, url), url)
      }),
      { numRuns: 2_000 }
    )
  })

  it("control: the markers are shown when the name is ordinary (the oracle can fail)", () => {
    fc.assert(
      fc.property(secretValue, ordinaryPair, (secret, pair) => {
        const url = `https://www.example.com/a?${pair}&note=${encodeURIComponent(secret)}`
        assert.include(decodeURIComponent(redactUrl(url)), secret)
      }),
      { numRuns: 50 }
    )
  })
})
