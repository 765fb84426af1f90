/**
 * The emulator's verifier (src/emulator/hba/verify.ts) on tokens the library makes, without HTTP: a session with a
 * bound key, the received request changed one part at a time. It verifies tokens as the real site forms them
 * (5-field: sig2 over the pathname, the body hash over the received bytes, sig1 over the whole URL, ±60 s, replay
 * refused) and refuses the 4-field form unless asked to accept it (the 4-field option's tests).
 */
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import { Crypto } from "../../../src/core/browser/Crypto.ts"
import { type BoundAuthTokenFormat } from "../../../src/core/signing/token/BoundAuthToken.ts"
import { computeBoundAuthToken } from "../../../src/core/signing/token/BoundAuthTokenSigner.ts"
import { makeHbaState } from "../../../src/emulator/hba/HbaState.ts"
import {
  boundAuthVerdict,
  gatewayVerdict,
  serviceVerdict,
  type SignedRequestInput,
  type VerifyOptions
} from "../../../src/emulator/hba/verify.ts"

const session = "cookie:u7"
const now = 1_760_000_000_000
const url = "https://apis.example.com/v1/things?a=1"
const body = '{"name":"thing"}'
const bytes = (text: string) => new TextEncoder().encode(text)

/** A session with a freshly bound key, and tokens signed with it (as the library signs them). */
const kit = Effect.gen(function* () {
  const crypto = yield* Crypto
  const pair = yield* crypto.generateSigningKeyPair
  const hba = makeHbaState()
  hba.bind(session, pair.publicKey)
  const token = (
    signed: {
      readonly url?: string
      readonly method?: string
      readonly body?: string | Uint8Array
      readonly at?: number
    } = {},
    format: BoundAuthTokenFormat = "5-field"
  ) =>
    computeBoundAuthToken(
      crypto,
      pair.privateKey,
      { url: signed.url ?? url, method: signed.method ?? "POST", body: signed.body ?? body },
      signed.at ?? now,
      format
    )
  /** The verdict on `header` for the request as received (default: the one signed), at `nowMs`. */
  const verdict = (header: string | undefined, received: Partial<SignedRequestInput> = {}, options?: VerifyOptions) =>
    Effect.promise(() =>
      boundAuthVerdict(
        hba,
        { sessionKey: session, method: "POST", url, body: bytes(body), header, nowMs: now, ...received },
        options
      )
    )
  return { hba, token, verdict }
}).pipe(Effect.provide(Crypto.browser))

describe("the emulator's verdicts on 5-field tokens", () => {
  it.effect("verified once; the same token again is a replay", () =>
    Effect.gen(function* () {
      const { token, verdict } = yield* kit
      const good = yield* token()
      assert.strictEqual(yield* verdict(good), "signature verified")
      assert.strictEqual(yield* verdict(good), "replayed token")
    })
  )

  it.effect("a tampered path, query, method, body or host each gets its verdict", () =>
    Effect.gen(function* () {
      const { token, verdict } = yield* kit
      const verdicts = [
        // sig2 covers the pathname and the method: the gateway refuses
        yield* verdict(yield* token(), { url: "https://apis.example.com/v1/other?a=1" }),
        yield* verdict(yield* token(), { url: "https://apis.example.com/v1/things/?a=1" }),
        yield* verdict(yield* token(), { method: "PUT" }),
        // the query and the host are not in sig2: sig1 refuses
        yield* verdict(yield* token(), { url: "https://apis.example.com/v1/things?a=2" }),
        yield* verdict(yield* token(), { url: "https://apis.example.com/v1/things" }),
        yield* verdict(yield* token(), { url: "https://www.example.com/v1/things?a=1" }),
        // the body hash is recomputed from the bytes received
        yield* verdict(yield* token(), { body: bytes('{"name":"other"}') }),
        yield* verdict(yield* token(), { body: new Uint8Array() })
      ]
      assert.deepStrictEqual(verdicts, [
        "bad signature (path signature)",
        "bad signature (path signature)",
        "bad signature (path signature)",
        "bad signature",
        "bad signature",
        "bad signature",
        "bad signature (body hash mismatch)",
        "bad signature (body hash mismatch)"
      ])
    })
  )

  it.effect("a token whose body hash was replaced to match another body fails sig1", () =>
    Effect.gen(function* () {
      const { token, verdict } = yield* kit
      const other = '{"name":"other"}'
      const [v, , ts, sig1, sig2] = (yield* token()).split("|")
      const otherHash = (yield* token({ body: other })).split("|")[1]
      assert.strictEqual(
        yield* verdict([v, otherHash, ts, sig1, sig2].join("|"), { body: bytes(other) }),
        "bad signature"
      )
    })
  )

  it.effect("the timestamp: within ±60 s verified, beyond it stale (both ways)", () =>
    Effect.gen(function* () {
      const { token, verdict } = yield* kit
      assert.deepStrictEqual(
        [
          yield* verdict(yield* token({ at: now - 60_000 })),
          yield* verdict(yield* token({ at: now + 60_999 })),
          yield* verdict(yield* token({ at: now - 61_000 })),
          yield* verdict(yield* token({ at: now + 61_000 }))
        ],
        ["signature verified", "signature verified", "stale timestamp (+61 s)", "stale timestamp (-61 s)"]
      )
    })
  )

  it.effect("sig2 is over the WHATWG-normalised pathname: dot segments and encoding as the parser writes them", () =>
    Effect.gen(function* () {
      const { token, verdict } = yield* kit
      const sentUrl = "https://apis.example.com/v1/a%20b/d?q=1"
      // the library signs the URL as fetch sends it; a received URL with the same pathname verifies
      assert.strictEqual(yield* verdict(yield* token({ url: sentUrl }), { url: sentUrl }), "signature verified")
      const literal = yield* token({ url: "https://apis.example.com/v1/a b/./c/../d?q=1" })
      // signed as written (not normalised), sig2 still verifies over the parsed pathname; sig1 does not
      assert.strictEqual(yield* verdict(literal, { url: sentUrl }), "bad signature")
    })
  )

  it.effect("missing, malformed, unbound", () =>
    Effect.gen(function* () {
      const { token, verdict } = yield* kit
      assert.strictEqual(yield* verdict(undefined), "signature missing")
      assert.strictEqual(yield* verdict(""), "signature missing")
      assert.strictEqual(yield* verdict("v1|x|1|y|z"), "bad signature (malformed token)")
      assert.strictEqual(
        yield* verdict(yield* token(), { sessionKey: "cookie:u8" }),
        "bad signature (no key bound to the session)"
      )
    })
  )
})

describe("the 4-field form", () => {
  it.effect("refused by default (no sig2), whether made so or a 5-field token with its sig2 stripped", () =>
    Effect.gen(function* () {
      const { token, verdict } = yield* kit
      const four = yield* token({}, "4-field")
      const stripped = (yield* token({ at: now + 1000 })).split("|").slice(0, 4).join("|")
      assert.deepStrictEqual(
        [yield* verdict(four), yield* verdict(stripped)],
        ["bad signature (no path signature)", "bad signature (no path signature)"]
      )
    })
  )

  it.effect(
    "accepted when asked (the 4-field option's tests): checked by the service alone; a stripped sig2 is the same token, a replay",
    () =>
      Effect.gen(function* () {
        const { token, verdict } = yield* kit
        const accept = { acceptFourFieldTokens: true }
        const four = yield* token({}, "4-field")
        assert.strictEqual(yield* verdict(four, {}, accept), "signature verified")
        assert.strictEqual(
          yield* verdict(yield* token({}, "4-field"), { body: bytes("x") }, accept),
          "bad signature (body hash mismatch)"
        )
        const five = yield* token({ at: now + 1000 })
        assert.strictEqual(yield* verdict(five, {}, accept), "signature verified")
        assert.strictEqual(yield* verdict(five.split("|").slice(0, 4).join("|"), {}, accept), "replayed token")
        // a 5-field token is still checked in full when 4-field tokens are accepted
        assert.strictEqual(
          yield* verdict(yield* token({ at: now + 2000 }), { method: "PATCH" }, accept),
          "bad signature (path signature)"
        )
      })
  )
})

describe("the platform's split: gateway and service", () => {
  it.effect("the gateway checks sig2 without the body; the service checks the body and sig1 without sig2", () =>
    Effect.gen(function* () {
      const { hba, token } = yield* kit
      const good = yield* token()
      const gateway = (header: string, received: { readonly url?: string; readonly method?: string } = {}) =>
        Effect.promise(() =>
          gatewayVerdict(hba, { sessionKey: session, method: "POST", url, header, nowMs: now, ...received })
        )
      assert.strictEqual(yield* gateway(good), "path signature verified")
      assert.strictEqual(
        yield* gateway(good, { url: "https://apis.example.com/v1/things?a=changed" }),
        "path signature verified"
      )
      assert.strictEqual(
        yield* gateway(good, { url: "https://apis.example.com/v1/thing" }),
        "bad signature (path signature)"
      )
      assert.strictEqual(yield* gateway(good, { method: "GET" }), "bad signature (path signature)")
      const service = (header: string, received: Partial<SignedRequestInput> = {}) =>
        Effect.promise(() =>
          serviceVerdict(hba, {
            sessionKey: session,
            method: "POST",
            url,
            body: bytes(body),
            header,
            nowMs: now,
            ...received
          })
        )
      const [v, hash, ts, sig1, sig2] = good.split("|") as [string, string, string, string, string]
      const flipped = Buffer.from(sig2, "base64")
      flipped[3] = flipped[3]! ^ 1
      // the service does not look at sig2
      assert.strictEqual(
        yield* service([v, hash, ts, sig1, flipped.toString("base64")].join("|")),
        "signature verified"
      )
      assert.strictEqual(yield* service(good), "replayed token")
      assert.strictEqual(
        yield* service(yield* token({ at: now + 1000 }), { body: bytes("{}") }),
        "bad signature (body hash mismatch)"
      )
    })
  )
})
