import { assert, describe, it } from "vitest"
import * as fc from "fast-check"
import { maxShownHeaderValueLength, redactedHeaders, shownHeaderNames } from "../../../src/core/text/shownHeaders.ts"

/** Header names that must stay hidden: the layer's secrets, the challenge's, cookies, credentials, where a redirect goes, and a few harmless ones nobody listed. */
const hiddenHeaderNames = [
  "x-csrf-token",
  "x-bound-auth-token",
  "rblx-challenge-id",
  "rblx-challenge-type",
  "rblx-challenge-metadata",
  "x-platform-token",
  "x-platform-proxy",
  "set-cookie",
  "cookie",
  "authorization",
  "proxy-authorization",
  "www-authenticate",
  "proxy-authenticate",
  "location",
  "content-security-policy",
  "x-amz-security-token",
  "x-goog-signature",
  "roblox-machine-id",
  "x-retry-attempt",
  "traceparent",
  "b3"
]

describe("redactedHeaders: header values fail closed", () => {
  it("shows the values of the harmless headers only; cookies, the platform's secrets and every unknown header are [redacted]", () => {
    const headers = new Headers({
      "Content-Type": "application/json; charset=utf-8",
      "content-length": "42",
      "retry-after": "30",
      "cache-control": "no-store",
      date: "Tue, 01 Oct 2024 10:00:00 GMT",
      etag: '"abc"',
      "x-request-id": "r-42",
      "set-cookie": ".ROBLOSECURITY=COOKIE1; HttpOnly",
      "x-csrf-token": "CSRF1",
      authorization: "Bearer T1",
      "www-authenticate": 'Bearer nonce="N1"',
      "content-security-policy": "script-src 'nonce-N2'",
      location: "https://www.example.com/cb?code=C1",
      "x-something-new": "S1"
    })
    assert.deepStrictEqual(redactedHeaders(headers), {
      authorization: "[redacted]",
      "cache-control": "no-store",
      "content-length": "42",
      "content-security-policy": "[redacted]",
      "content-type": "application/json; charset=utf-8",
      date: "Tue, 01 Oct 2024 10:00:00 GMT",
      etag: '"abc"',
      location: "[redacted]",
      "retry-after": "30",
      "set-cookie": "[redacted]",
      "www-authenticate": "[redacted]",
      "x-csrf-token": "[redacted]",
      "x-request-id": "r-42",
      "x-something-new": "[redacted]"
    })
  })

  it("hides the names it is given whatever the list says; reads any iterable of pairs, names in any case", () => {
    assert.deepStrictEqual(
      redactedHeaders(
        [
          ["Content-Type", "text/plain"],
          ["Retry-After", "5"]
        ],
        ["retry-after"]
      ),
      {
        "content-type": "text/plain",
        "retry-after": "[redacted]"
      }
    )
  })

  it("a shown value is printable and at most 200 characters", () => {
    const long = "x".repeat(maxShownHeaderValueLength + 50)
    assert.deepStrictEqual(
      redactedHeaders([
        ["content-type", "text/plain\u0085\u202E; x=1"],
        ["etag", long]
      ]),
      {
        "content-type": "text/plain ; x=1",
        etag: `${"x".repeat(maxShownHeaderValueLength - 1)}…`
      }
    )
  })

  it("the list names no header that carries a credential or a cookie", () => {
    for (const name of [
      "cookie",
      "set-cookie",
      "authorization",
      "proxy-authorization",
      "www-authenticate",
      "location",
      "x-csrf-token",
      "content-security-policy"
    ]) {
      assert.notInclude(shownHeaderNames, name)
    }
    for (const name of shownHeaderNames) assert.strictEqual(name, name.toLowerCase())
  })

  it("a header named __proto__ is an own entry, redacted, and leaves the record's prototype alone", () => {
    const shown = redactedHeaders([
      ["__proto__", "secret-value"],
      ["content-type", "text/plain"]
    ])
    assert.deepStrictEqual(Object.entries(shown), [
      ["__proto__", "[redacted]"],
      ["content-type", "text/plain"]
    ])
    assert.strictEqual(Object.getPrototypeOf(shown), Object.prototype)
    assert.strictEqual(JSON.stringify(shown), '{"__proto__":"[redacted]","content-type":"text/plain"}')
  })

  it("property: no value of a header off the list is written, whatever its name; a listed value is printable", () => {
    const marker = "Mk7"
    const tried = new Set<string>()
    let leaked = 0
    const name = fc.oneof(
      fc.constantFrom(...hiddenHeaderNames),
      fc.stringMatching(/^[a-z0-9!#$%&'*+.^_`|~-]{1,24}$/).filter((n) => !shownHeaderNames.includes(n)),
      fc.constantFrom(...shownHeaderNames)
    )
    const value = fc
      .string({ unit: fc.constantFrom(...'aZ09 ;=,/"\u0085\u00a0\t\u00ff'), maxLength: 12 })
      .map((v) => `${marker}${v}${marker}`)
    fc.assert(
      fc.property(fc.array(fc.tuple(name, value), { minLength: 1, maxLength: 6 }), (pairs) => {
        const shown = redactedHeaders(pairs)
        for (const [n] of pairs) {
          tried.add(n)
          const listed = shownHeaderNames.includes(n)
          if (!listed && shown[n]!.includes(marker)) leaked += 1
          assert.strictEqual(shown[n] === "[redacted]", !listed, n)
          // eslint-disable-next-line no-control-regex -- control characters are what it looks for
          assert.notMatch(shown[n]!, /[\u0000-\u001f\u007f-\u009f]/)
        }
      }),
      { numRuns: 500 }
    )
    assert.strictEqual(leaked, 0)
    assert.includeMembers([...tried], hiddenHeaderNames)
    assert.isAbove(tried.size, 200)
  })
})
