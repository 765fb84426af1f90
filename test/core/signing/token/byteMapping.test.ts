/**
 * The bytes signed. The library signs the UTF-8 bytes of its strings (the spec's rule). The real site's signer maps
 * each UTF-16 code unit to its low byte instead (a bug its own code marks as known), which equals UTF-8 for ASCII
 * only. Here: the two mappings give identical bytes for ASCII text (every code point below 128, and ASCII bodies),
 * differ past it; and every string the library signs is ASCII (the URL as serialised by the WHATWG parser, base64,
 * decimal, the method), so a verifier using the site's mapping accepts the library's tokens, for URLs and bodies
 * that are not ASCII too.
 */
import { createPublicKey, verify } from "node:crypto"
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as fc from "fast-check"
import { makeRequest } from "../../../../src/core/http/request.ts"
import { pathSignedString, signedString } from "../../../../src/core/signing/token/BoundAuthToken.ts"
import { RequestSigner } from "../../../../src/core/signing/RequestSigner.ts"
import { directSignerLayer, publicSpki } from "../harness.ts"

/** The real site's mapping of a string to bytes: the low byte of each UTF-16 code unit. */
const lowBytes = (text: string): Uint8Array =>
  Uint8Array.from({ length: text.length }, (_, i) => text.charCodeAt(i) & 0xff)

const utf8 = (text: string): Uint8Array => new TextEncoder().encode(text)

/** A signature check over the site's bytes of `text`. */
const holdsOverLowBytes = (spki: Uint8Array, text: string, signature: string): boolean =>
  verify(
    "sha256",
    lowBytes(text),
    { key: createPublicKey({ key: Buffer.from(spki), format: "der", type: "spki" }), dsaEncoding: "ieee-p1363" },
    Buffer.from(signature, "base64")
  )

describe("the site's byte mapping and UTF-8", () => {
  it("identical for every ASCII code point, and for ASCII bodies", () => {
    const ascii = String.fromCharCode(...Array.from({ length: 128 }, (_, i) => i))
    assert.deepStrictEqual([...lowBytes(ascii)], [...utf8(ascii)])
    fc.assert(
      fc.property(fc.string({ unit: fc.integer({ min: 0, max: 127 }).map((c) => String.fromCharCode(c)) }), (body) => {
        assert.deepStrictEqual([...lowBytes(body)], [...utf8(body)])
      }),
      { numRuns: 500 }
    )
    const json = JSON.stringify({ name: "thing", tags: ["a", "b"], n: 1.5, ok: true })
    assert.deepStrictEqual([...lowBytes(json)], [...utf8(json)])
  })

  it("different past ASCII (where the library follows UTF-8)", () => {
    assert.deepStrictEqual([...lowBytes("é")], [0xe9])
    assert.deepStrictEqual([...utf8("é")], [0xc3, 0xa9])
    assert.deepStrictEqual([...lowBytes("✓")], [0x13])
    assert.deepStrictEqual([...utf8("✓")], [0xe2, 0x9c, 0x93])
  })

  it.effect("every string the library signs is ASCII: a verifier with the site's mapping accepts its tokens", () =>
    Effect.gen(function* () {
      const signer = yield* RequestSigner
      const spki = yield* publicSpki
      const cases = [
        ["https://apis.example.com/v1/things", '{"name":"thing"}', "https://apis.example.com/v1/things"],
        [
          "https://apis.example.com/v1/ä ö?q=héllo&r=✓#frag",
          '{"name":"héllo ✓ 𝄞"}',
          "https://apis.example.com/v1/%C3%A4%20%C3%B6?q=h%C3%A9llo&r=%E2%9C%93"
        ],
        ["https://bücher.example.com/x", "", "https://xn--bcher-kva.example.com/x"]
      ] as const
      for (const [url, body, sentUrl] of cases) {
        const signed = yield* signer.sign({ ...makeRequest("POST", url), body })
        const [, bodyHash, timestamp, sig1, sig2] = signed.headers["x-bound-auth-token"]!.split("|") as [
          string,
          string,
          string,
          string,
          string
        ]
        const sig1String = signedString(bodyHash, Number(timestamp), sentUrl, "POST")
        const sig2String = pathSignedString(Number(timestamp), new URL(sentUrl).pathname, "POST")
        assert.match(sig1String, /^[\x20-\x7e]*$/, url)
        assert.match(sig2String, /^[\x20-\x7e]*$/, url)
        assert.isTrue(holdsOverLowBytes(spki, sig1String, sig1), url)
        assert.isTrue(holdsOverLowBytes(spki, sig2String, sig2), url)
      }
    }).pipe(Effect.provide(directSignerLayer()))
  )
})
