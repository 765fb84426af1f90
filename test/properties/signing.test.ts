/**
 * Signing round trips checked by an independent verifier (node:crypto): 200 random requests all verify, and
 * flipping one byte of the body, the timestamp, the URL, the method or the signature is rejected 200 times of 200.
 */
import * as Effect from "effect/Effect"
import * as HttpClientRequest from "effect/http/HttpClientRequest"
import * as ManagedRuntime from "effect/ManagedRuntime"
import fc from "fast-check"
import { afterAll, describe, expect, it } from "vitest"
import { RequestSigner } from "../../src/core/signing/RequestSigner.ts"
import { directSignerLayer, publicSpki } from "../core/signing/harness.ts"
import { type Received, verifyToken } from "../core/signing/verifier.ts"

const runtime = ManagedRuntime.make(directSignerLayer())
afterAll(() => runtime.dispose())

const methods = ["GET", "POST", "PATCH", "PUT", "DELETE"] as const

/** A request to an allow-listed host, and what the server receives for it. */
const arbitraryRequest = fc.record({
  method: fc.constantFrom(...methods),
  sub: fc.constantFrom("apis", "www", "catalog", "a.b"),
  segments: fc.array(fc.webSegment(), { maxLength: 4 }),
  params: fc.array(fc.tuple(fc.string({ minLength: 1, maxLength: 8 }), fc.string({ maxLength: 12, unit: "grapheme" })), {
    maxLength: 3
  }),
  body: fc.option(fc.string({ maxLength: 200, unit: "grapheme" }), { nil: undefined })
})

type Case = typeof arbitraryRequest extends fc.Arbitrary<infer A> ? A : never

const sign = async (c: Case) => {
  const base = `https://${c.sub}.example.com/${c.segments.join("/")}`
  let request = HttpClientRequest.make(c.method)(base, { urlParams: c.params })
  if (c.body !== undefined) request = HttpClientRequest.bodyText(request, c.body, "application/json")
  const signed = await runtime.runPromise(Effect.flatMap(RequestSigner, (s) => s.sign(request)))
  // what the server receives: the URL as the WHATWG URL parser serialises it, with the parameters appended
  const url = new URL(base)
  for (const [k, v] of c.params) url.searchParams.append(k, v)
  const received: Received = { url: url.href, method: c.method, body: c.body }
  return { token: signed.headers["x-bound-auth-token"], received }
}

const flip = (bytes: Uint8Array, index: number, mask: number): Uint8Array => {
  const copy = new Uint8Array(bytes)
  const at = index % copy.length
  copy[at] = copy[at]! ^ mask
  return copy
}

const flipString = (s: string, index: number, mask: number): string =>
  Buffer.from(flip(Buffer.from(s, "latin1"), index, mask)).toString("latin1")

describe("signing round trips (node:crypto verifier)", () => {
  it("200 of 200 random requests verify", async () => {
    const spki = await runtime.runPromise(publicSpki)
    let verified = 0
    await fc.assert(
      fc.asyncProperty(arbitraryRequest, async (c) => {
        const { received, token } = await sign(c)
        if (verifyToken(token, received, spki) === "verified") verified++
      }),
      { numRuns: 200 }
    )
    expect(verified).toBe(200)
  })

  const mask = fc.integer({ min: 1, max: 255 })
  const tampers: ReadonlyArray<
    readonly [string, (token: string, received: Received, index: number, mask: number) => readonly [string, Received]]
  > = [
    ["body", (token, r, i, m) => {
      const bytes = Buffer.from(typeof r.body === "string" ? r.body : "", "utf8")
      return [token, { ...r, body: bytes.length === 0 ? new Uint8Array([m]) : flip(bytes, i, m) }]
    }],
    ["timestamp", (token, r, i, m) => {
      const parts = token.split("|")
      const ts = parts[2]!
      const at = i % ts.length
      const digit = (Number(ts[at]) + 1 + (m % 9)) % 10 // a different digit
      parts[2] = ts.slice(0, at) + String(digit) + ts.slice(at + 1)
      return [parts.join("|"), r]
    }],
    ["URL", (token, r, i, m) => [token, { ...r, url: flipString(r.url, i, m) }]],
    // 0x20 only changes a letter's case, which the upper-casing verifier ignores by design
    ["method", (token, r, i, m) => [token, { ...r, method: flipString(r.method, i, m === 0x20 ? 0x21 : m) }]],
    ["signature", (token, r, i, m) => {
      const parts = token.split("|")
      parts[3] = Buffer.from(flip(Buffer.from(parts[3]!, "base64"), i, m)).toString("base64")
      return [parts.join("|"), r]
    }]
  ]

  for (const [name, tamper] of tampers) {
    it(`a flipped byte in the ${name} is rejected 200 of 200`, async () => {
      const spki = await runtime.runPromise(publicSpki)
      let rejected = 0
      let runs = 0
      await fc.assert(
        fc.asyncProperty(arbitraryRequest, fc.nat(), mask, async (c, index, m) => {
          runs++
          const { received, token } = await sign(c)
          expect(verifyToken(token, received, spki)).toBe("verified")
          const [badToken, badReceived] = tamper(token!, received, index, m)
          if (verifyToken(badToken, badReceived, spki) !== "verified") rejected++
        }),
        { numRuns: 200 }
      )
      expect([runs, rejected]).toEqual([200, 200])
    })
  }
})
