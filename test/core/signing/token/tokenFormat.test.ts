/**
 * The two bound-auth token forms: chosen by `boundAuthToken.format` (or the page's `hba-meta`
 * `data-token-format`), formatted and parsed exactly, and accepted by the security frame's protocol.
 */
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Option from "effect/Option"
import * as Schema from "effect/Schema"
import { TestClock } from "effect/testing"
import { platformConfigFromPageMetadata } from "../../../../src/core/config/fromPageMetadata.ts"
import { PlatformConfig } from "../../../../src/core/config/PlatformConfig.ts"
import { makeRequest } from "../../../../src/core/http/request.ts"
import { readAnswer } from "../../../../src/core/signing/frame/frameAnswer.ts"
import {
  base64,
  BoundAuthTokenString,
  formatBoundAuthToken,
  formatOf,
  parseBoundAuthToken,
  pathSignedString,
  signedString
} from "../../../../src/core/signing/token/BoundAuthToken.ts"
import { makeUrlPathMemo, urlPath } from "../../../../src/core/signing/token/BoundAuthTokenSigner.ts"
import { RequestSigner } from "../../../../src/core/signing/RequestSigner.ts"
import { MemoryLogger } from "../../../../src/testing/memory/MemoryLogger.ts"
import { MemoryPageMetadata } from "../../../../src/testing/memory/MemoryPageMetadata.ts"
import { directSignerLayer, publicSpki, signingConfig } from "../harness.ts"
import { verifyPathSignature, verifyToken } from "../verifier.ts"

const hash = `${"A".repeat(43)}=`
const sig1 = `${"B".repeat(86)}==`
const sig2 = `${"C".repeat(86)}==`

/** Run `body` with every `new URL(…)` recorded (the URL given) in the array it gets. */
const withCountedParses = (body: (parsed: Array<string>) => void): void => {
  const Original = globalThis.URL
  const parsed: Array<string> = []
  globalThis.URL = class extends Original {
    constructor(url: string | URL, base?: string | URL) {
      parsed.push(String(url))
      super(url, base)
    }
  }
  try {
    body(parsed)
  } finally {
    globalThis.URL = Original
  }
}

describe("the token's two forms", () => {
  it("format and parse round-trip; the signed strings are exact", () => {
    const four = formatBoundAuthToken({ bodyHash: hash, timestamp: 1_700_000_000, signature: sig1 })
    const five = formatBoundAuthToken({
      bodyHash: hash,
      timestamp: 1_700_000_000,
      signature: sig1,
      pathSignature: sig2
    })
    assert.strictEqual(four, `v1|${hash}|1700000000|${sig1}`)
    assert.strictEqual(five, `v1|${hash}|1700000000|${sig1}|${sig2}`)
    assert.deepStrictEqual(Option.getOrUndefined(parseBoundAuthToken(four)), {
      bodyHash: hash,
      timestamp: 1_700_000_000,
      signature: sig1
    })
    const parsed = Option.getOrThrow(parseBoundAuthToken(five))
    assert.deepStrictEqual(parsed, { bodyHash: hash, timestamp: 1_700_000_000, signature: sig1, pathSignature: sig2 })
    assert.deepStrictEqual(
      [formatOf(Option.getOrThrow(parseBoundAuthToken(four))), formatOf(parsed)],
      ["4-field", "5-field"]
    )
    assert.strictEqual(
      signedString(hash, 5, "https://a.example.com/x?q=1", "post"),
      `${hash}|5|https://a.example.com/x?q=1|POST`
    )
    assert.strictEqual(pathSignedString(5, "/x", "delete"), "|5|/x|DELETE")
  })

  it("anything but 4 or 5 well-formed fields after v1 is not a token", () => {
    for (const bad of [
      `v1|${hash}|1700000000`,
      `v1|${hash}|1700000000|${sig1}|${sig2}|${sig2}`,
      `v2|${hash}|1700000000|${sig1}|${sig2}`,
      `${hash}|1700000000|${sig1}`,
      `v1|${hash}|1700000000|${sig1}|`,
      `v1|${hash}|1700000000|${sig1}|${sig2.slice(1)}`,
      `v1|${hash}|17000000000000|${sig1}|${sig2}`
    ]) {
      assert.isTrue(Option.isNone(parseBoundAuthToken(bad)), bad)
    }
  })

  it("the security frame's answer accepts a header of either form", () => {
    for (const header of [`v1|${hash}|1|${sig1}`, `v1|${hash}|1|${sig1}|${sig2}`]) {
      const answer = { type: "batHeader", identifier: "r-1", batHeader: { "x-bound-auth-token": header } } as const
      assert.deepStrictEqual(readAnswer(answer, "x-bound-auth-token"), { token: header })
    }
    assert.isTrue(Option.isSome(Schema.decodeUnknownOption(BoundAuthTokenString)(`v1|${hash}|1|${sig1}|${sig2}`)))
  })
})

describe("choosing the form", () => {
  const request = { ...makeRequest("POST", "https://apis.example.com/v1/things?x=1"), body: '{"a":1}' }
  const received = { url: "https://apis.example.com/v1/things?x=1", method: "POST", body: '{"a":1}' }

  it.effect(
    "by default the 5-field form: sig1 over the URL with the body, sig2 over the path alone, both at the Clock's second",
    () =>
      Effect.gen(function* () {
        yield* TestClock.setTime(1_760_000_123_999)
        const token = (yield* Effect.flatMap(RequestSigner, (s) => s.sign(request))).headers["x-bound-auth-token"]!
        assert.match(token, /^v1\|[A-Za-z0-9+/]{43}=\|1760000123\|[A-Za-z0-9+/]{86}==\|[A-Za-z0-9+/]{86}==$/)
        const spki = yield* publicSpki
        assert.strictEqual(verifyToken(token, received, spki, "5-field"), "verified")
        assert.strictEqual(
          verifyPathSignature(token, { url: "https://apis.example.com/v1/things", method: "POST" }, spki),
          "verified"
        )
        assert.strictEqual(verifyToken(token, received, spki, "4-field"), "malformed")
      }).pipe(Effect.provide(directSignerLayer()))
  )

  it.effect("format 4-field (the spec's, an option): v1|bodyHash|seconds|sig1, no path signature", () =>
    Effect.gen(function* () {
      yield* TestClock.setTime(1_760_000_123_999)
      const token = (yield* Effect.flatMap(RequestSigner, (s) => s.sign(request))).headers["x-bound-auth-token"]!
      assert.match(token, /^v1\|[A-Za-z0-9+/]{43}=\|1760000123\|[A-Za-z0-9+/]{86}==$/)
      const spki = yield* publicSpki
      assert.strictEqual(verifyToken(token, received, spki, "4-field"), "verified")
      assert.strictEqual(verifyToken(token, received, spki, "5-field"), "malformed")
    }).pipe(Effect.provide(directSignerLayer(signingConfig({ boundAuthToken: { format: "4-field" } }))))
  )

  const fromPage = (tokenFormat: string) =>
    Effect.gen(function* () {
      const config = yield* platformConfigFromPageMetadata
      const logs = yield* (yield* MemoryLogger).entries
      return {
        format: config.boundAuthToken.format,
        warnings: logs.filter((l) => l.level === "Warn").map((l) => l.text)
      }
    }).pipe(
      Effect.provide(
        Layer.merge(
          MemoryPageMetadata.layer({ "platform-hosts": { domain: "site.test" }, "hba-meta": { tokenFormat } }),
          MemoryLogger.layer()
        )
      )
    )

  it.effect(
    "the page's hba-meta data-token-format picks it (any case); anything else keeps the default 5-field with a Warning",
    () =>
      Effect.gen(function* () {
        assert.deepStrictEqual(yield* fromPage("4-field"), { format: "4-field", warnings: [] })
        assert.deepStrictEqual(yield* fromPage("5-FIELD"), { format: "5-field", warnings: [] })
        assert.deepStrictEqual(yield* fromPage("6-field"), {
          format: "5-field",
          warnings: [
            'Page metadata <meta name="hba-meta"> data-token-format is malformed (expected 4-field, 5-field); using the default'
          ]
        })
        assert.strictEqual((yield* PlatformConfig).boundAuthToken.format, "5-field")
      }).pipe(Effect.provide(PlatformConfig.layer({})))
  )
})

describe("the token's parts", () => {
  it("base64 is standard base64 with padding, for every byte value and every padding length", () => {
    const every = Uint8Array.from({ length: 256 }, (_, i) => i)
    for (let length = 0; length <= 66; length++) {
      const bytes = every.slice(256 - length)
      assert.strictEqual(base64(bytes), Buffer.from(bytes).toString("base64"))
    }
    assert.strictEqual(base64(every), Buffer.from(every).toString("base64"))
    assert.strictEqual(base64(new Uint8Array([0xfb, 0xff])), "+/8=")
  })

  it("the 5-field token's path: as the URL parser serialises it, without query or fragment; memoised per URL", () => {
    const pathOf = makeUrlPathMemo(2)
    assert.strictEqual(pathOf("https://apis.example.com/v1/a b/%7e?q=1#f"), "/v1/a%20b/%7e")
    assert.strictEqual(pathOf("https://apis.example.com"), "/")
    assert.strictEqual(pathOf("https://apis.example.com/v1/./x/../y?z"), "/v1/y")
    assert.strictEqual(
      pathOf("https://apis.example.com/v1/./x/../y?z"),
      urlPath("https://apis.example.com/v1/./x/../y?z")
    )
    for (const cannotParse of ["/relative", "not a url"]) {
      const failure = pathOf(cannotParse)
      assert.strictEqual(typeof failure === "string" ? failure : failure.reason, "RequestExemptError")
      assert.strictEqual(typeof failure === "string" ? failure : failure.detail, "request URL cannot be parsed")
    }
  })

  it("the path memo keys a URL without its query or fragment: one parse for URLs that differ only there, the same path as parsing each", () => {
    withCountedParses((parsed) => {
      const pathOf = makeUrlPathMemo(4)
      const urls = [
        "https://apis.example.com/v1/a?cursor=1",
        "https://apis.example.com/v1/a?cursor=2&token=SECRET",
        "https://apis.example.com/v1/a#part",
        "https://apis.example.com/v1/a"
      ]
      const paths = urls.map(pathOf)
      // the key keeps the delimiter: the two queries share one parse, the fragment and the bare URL one each
      assert.deepStrictEqual(parsed, [
        "https://apis.example.com/v1/a?",
        "https://apis.example.com/v1/a#",
        "https://apis.example.com/v1/a"
      ])
      parsed.length = 0
      assert.deepStrictEqual(paths, urls.map(urlPath))
      // A `?` or `#` in the authority ends it for the parser too: the key's path is the whole URL's path.
      // A space or a control just before the delimiter stays in the path, encoded, as in the whole URL.
      for (const odd of [
        "https://u?@apis.example.com/v1/b",
        "https://u#@apis.example.com/v1/b",
        "https://apis.example.com\\v1\\c?x=\\d",
        "https://apis.example.com/v1/d ?x",
        "https://apis.example.com/v1/e\u0001#f"
      ]) {
        assert.strictEqual(pathOf(odd), urlPath(odd), odd)
      }
    })
  })

  it("the path memo parses a URL once until `capacity` URLs are kept, then starts over; failures are not kept", () => {
    withCountedParses((parsed) => {
      const pathOf = makeUrlPathMemo(2)
      const [a, b, c] = ["https://h/a", "https://h/b", "https://h/c"]
      assert.deepStrictEqual([pathOf(a), pathOf(a), pathOf(b), pathOf(a)], ["/a", "/a", "/b", "/a"])
      assert.deepStrictEqual(parsed, [a, b])
      pathOf("x")
      pathOf("x")
      assert.deepStrictEqual(parsed, [a, b, "x", "x"])
      // a third URL: the memo (full) starts over
      assert.deepStrictEqual([pathOf(c), pathOf(a), pathOf(c)], ["/c", "/a", "/c"])
      assert.deepStrictEqual(parsed, [a, b, "x", "x", c, a])
    })
  })
})
