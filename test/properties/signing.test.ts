/**
 * Signing round trips checked by an independent verifier (node:crypto), for both token forms: 200 random requests
 * all verify, and tampering with any field (the body, the body hash, the timestamp, the URL, the path, the method,
 * sig1, sig2, the field count or the version) is rejected 200 times of 200. In the 5-field form, sig2 alone (what a
 * gateway that never sees the body checks) rejects a changed path and ignores a changed body or query.
 */
import * as Effect from "effect/Effect"
import * as ManagedRuntime from "effect/ManagedRuntime"
import fc from "fast-check"
import { afterAll, describe, expect, it } from "vitest"
import { makeRequest } from "../../src/core/http/request.ts"
import { RequestSigner } from "../../src/core/signing/RequestSigner.ts"
import { directSignerLayer, publicSpki, signingConfig } from "../core/signing/harness.ts"
import { type Form, type Received, verifyPathSignature, verifyToken } from "../core/signing/verifier.ts"

const methods = ["GET", "POST", "PATCH", "PUT", "DELETE"] as const

/** A request to an allow-listed host, and what the server receives for it. */
const arbitraryRequest = fc.record({
  method: fc.constantFrom(...methods),
  sub: fc.constantFrom("apis", "www", "catalog", "a.b"),
  segments: fc.array(fc.webSegment(), { maxLength: 4 }),
  params: fc.array(
    fc.tuple(fc.string({ minLength: 1, maxLength: 8 }), fc.string({ maxLength: 12, unit: "grapheme" })),
    {
      maxLength: 3
    }
  ),
  body: fc.option(fc.string({ maxLength: 200, unit: "grapheme" }), { nil: undefined })
})

type Case = typeof arbitraryRequest extends fc.Arbitrary<infer A> ? A : never

const flip = (bytes: Uint8Array, index: number, mask: number): Uint8Array => {
  const copy = new Uint8Array(bytes)
  const at = index % copy.length
  copy[at] = copy[at]! ^ mask
  return copy
}

const flipString = (s: string, index: number, mask: number): string =>
  Buffer.from(flip(Buffer.from(s, "latin1"), index, mask)).toString("latin1")

const flipBase64 = (field: string, index: number, mask: number): string =>
  Buffer.from(flip(Buffer.from(field, "base64"), index, mask)).toString("base64")

/** The token with field `at` replaced. */
const withField = (token: string, at: number, change: (field: string) => string): string => {
  const parts = token.split("|")
  parts[at] = change(parts[at]!)
  return parts.join("|")
}

type Tamper = (token: string, received: Received, index: number, mask: number) => readonly [string, Received]

const tampers = (form: Form): ReadonlyArray<readonly [string, Tamper]> => [
  [
    "body",
    (token, r, i, m) => {
      const bytes = Buffer.from(typeof r.body === "string" ? r.body : "", "utf8")
      return [token, { ...r, body: bytes.length === 0 ? new Uint8Array([m]) : flip(bytes, i, m) }]
    }
  ],
  ["body hash", (token, r, i, m) => [withField(token, 1, (hash) => flipBase64(hash, i, m)), r]],
  [
    "timestamp",
    (token, r, i, m) => [
      withField(token, 2, (ts) => {
        const at = i % ts.length
        const digit = (Number(ts[at]) + 1 + (m % 9)) % 10 // a different digit
        return ts.slice(0, at) + String(digit) + ts.slice(at + 1)
      }),
      r
    ]
  ],
  ["URL", (token, r, i, m) => [token, { ...r, url: flipString(r.url, i, m) }]],
  [
    "path",
    (token, r, i) => {
      const url = new URL(r.url)
      url.pathname = i % 2 === 0 ? `${url.pathname}x` : `/x${url.pathname}`
      return [token, { ...r, url: url.href }]
    }
  ],
  // 0x20 only changes a letter's case, which the upper-casing verifier ignores by design
  ["method", (token, r, i, m) => [token, { ...r, method: flipString(r.method, i, m === 0x20 ? 0x21 : m) }]],
  ["sig1", (token, r, i, m) => [withField(token, 3, (sig) => flipBase64(sig, i, m)), r]],
  ...(form === "5-field"
    ? [
        [
          "sig2",
          (token: string, r: Received, i: number, m: number) =>
            [withField(token, 4, (sig) => flipBase64(sig, i, m)), r] as const
        ] as const
      ]
    : []),
  [
    "field count",
    (token, r, i) => {
      const parts = token.split("|")
      // drop the last field (a 5-field token downgraded to 4, a 4-field token cut to 3) or add one
      return [i % 2 === 0 ? parts.slice(0, -1).join("|") : `${token}|${parts[3]}`, r]
    }
  ],
  ["version", (token, r, i) => [withField(token, 0, () => ["v2", "V1", "v0", "", "v1 ", "v11"][i % 6]!), r]]
]

for (const form of ["4-field", "5-field"] as const) {
  describe(`signing round trips, ${form} form (node:crypto verifier)`, () => {
    const runtime = ManagedRuntime.make(directSignerLayer(signingConfig({ boundAuthToken: { format: form } })))
    afterAll(() => runtime.dispose())

    const sign = async (c: Case) => {
      const base = `https://${c.sub}.example.com/${c.segments.join("/")}`
      const query = new URLSearchParams(c.params.map(([k, v]) => [k, v])).toString()
      const request = { ...makeRequest(c.method, query === "" ? base : `${base}?${query}`), body: c.body }
      const signed = await runtime.runPromise(Effect.flatMap(RequestSigner, (s) => s.sign(request)))
      // what the server receives: the URL as the WHATWG URL parser serialises it, with the parameters appended
      const url = new URL(base)
      for (const [k, v] of c.params) url.searchParams.append(k, v)
      const received: Received = { url: url.href, method: c.method, body: c.body }
      return { token: signed.headers["x-bound-auth-token"]!, received }
    }

    it("200 of 200 random requests verify, with exactly the fields of the form", async () => {
      const spki = await runtime.runPromise(publicSpki)
      let verified = 0
      await fc.assert(
        fc.asyncProperty(arbitraryRequest, async (c) => {
          const { received, token } = await sign(c)
          expect(token.split("|").length).toBe(form === "5-field" ? 5 : 4)
          if (verifyToken(token, received, spki, form) === "verified") verified++
        }),
        { numRuns: 200 }
      )
      expect(verified).toBe(200)
    })

    const mask = fc.integer({ min: 1, max: 255 })
    for (const [name, tamper] of tampers(form)) {
      it(`a tampered ${name} is rejected 200 of 200`, async () => {
        const spki = await runtime.runPromise(publicSpki)
        let rejected = 0
        let runs = 0
        await fc.assert(
          fc.asyncProperty(arbitraryRequest, fc.nat(), mask, async (c, index, m) => {
            runs++
            const { received, token } = await sign(c)
            expect(verifyToken(token, received, spki, form)).toBe("verified")
            const [badToken, badReceived] = tamper(token, received, index, m)
            if (verifyToken(badToken, badReceived, spki, form) !== "verified") rejected++
            // a gateway checking sig2 alone also rejects a changed path, method, timestamp or sig2
            if (form === "5-field" && ["path", "method", "timestamp", "sig2"].includes(name)) {
              expect(verifyPathSignature(badToken, badReceived, spki)).not.toBe("verified")
            }
          }),
          { numRuns: 200 }
        )
        expect([runs, rejected]).toEqual([200, 200])
      })
    }

    if (form === "5-field") {
      it("sig2 alone holds whatever the body and the query (what a gateway that sees neither checks); sig1 does not", async () => {
        const spki = await runtime.runPromise(publicSpki)
        await fc.assert(
          fc.asyncProperty(arbitraryRequest, fc.string({ minLength: 1, maxLength: 20 }), async (c, other) => {
            const { received, token } = await sign(c)
            const url = new URL(received.url)
            url.searchParams.append("extra", other)
            const changed: Received = { url: url.href, method: received.method, body: `${received.body ?? ""}${other}` }
            expect(verifyPathSignature(token, changed, spki)).toBe("verified")
            expect(verifyToken(token, changed, spki, form)).not.toBe("verified")
          }),
          { numRuns: 200 }
        )
      })
    }
  })
}
