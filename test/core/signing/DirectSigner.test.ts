import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Random from "effect/Random"
import { TestClock } from "effect/testing"
import { Crypto, CryptoError, type CryptoShape } from "../../../src/core/browser/Crypto.ts"
import { type HttpRequest, makeRequest, setHeader } from "../../../src/core/http/request.ts"
import { RequestSigner } from "../../../src/core/signing/RequestSigner.ts"
import { missingSignatureEvent } from "../../../src/core/signing/reportSigningFailure.ts"
import type { SigningFailureReason } from "../../../src/core/signing/SigningFailure.ts"
import { MemoryKeyDatabase } from "../../../src/testing/memory/MemoryKeyDatabase.ts"
import { MemoryLogger } from "../../../src/testing/memory/MemoryLogger.ts"
import { MemoryTelemetry } from "../../../src/testing/memory/MemoryTelemetry.ts"
import { directSignerLayer, publicSpki, signingConfig } from "./harness.ts"
import { timestampOf, verifyToken } from "./verifier.ts"

const header = "x-bound-auth-token"
const now = 1_760_000_123_456 // ms; whole seconds 1760000123

/** The request as it goes out: signed, or as it was when the signer fails (having reported why). */
const signWith = (request: HttpRequest) =>
  Effect.flatMap(RequestSigner, (signer) => Effect.catch(signer.sign(request), () => Effect.succeed(request)))

/** Why the signer leaves `request` unsigned. */
const failureOf = (request: HttpRequest) => Effect.flip(Effect.flatMap(RequestSigner, (signer) => signer.sign(request)))

/** The Crypto of the page with one operation replaced. */
const cryptoWith = (patch: (real: CryptoShape) => Partial<CryptoShape>) =>
  Layer.effect(
    Crypto,
    Effect.map(Crypto, (real) => Crypto.of({ ...real, ...patch(real) }))
  ).pipe(Layer.provide(Crypto.browser))

describe("DirectSigner", () => {
  it.effect("a JSON POST carries v1|bodyHash|seconds|sig1|sig2 (the default form), verified by node:crypto", () =>
    Effect.gen(function* () {
      yield* TestClock.setTime(now)
      const body = JSON.stringify({ name: "héllo wörld ✓", n: 1 })
      const request: HttpRequest = {
        ...setHeader(
          makeRequest("POST", "https://apis.example.com/v1/things", { b: "2 3", a: "1" }),
          "content-type",
          "application/json"
        ),
        body
      }
      const signed = yield* signWith(request)
      const token = signed.headers[header]!
      assert.strictEqual(timestampOf(token), 1_760_000_123)
      assert.match(token, /^v1\|[A-Za-z0-9+/]{43}=\|1760000123\|[A-Za-z0-9+/]{86}==\|[A-Za-z0-9+/]{86}==$/)
      const spki = yield* publicSpki
      assert.strictEqual(
        verifyToken(token, { url: "https://apis.example.com/v1/things?b=2+3&a=1", method: "POST", body }, spki),
        "verified"
      )
      // signing does not touch anything else
      assert.deepStrictEqual({ ...signed.headers, [header]: undefined }, { ...request.headers, [header]: undefined })
    }).pipe(Effect.provide(directSignerLayer()))
  )

  it.effect("a request without a body hashes the empty string; the method is signed upper-case", () =>
    Effect.gen(function* () {
      const signed = yield* signWith(makeRequest("GET", "https://www.example.com"))
      const token = signed.headers[header]!
      assert.strictEqual(token.split("|")[1], "47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU=")
      assert.strictEqual(timestampOf(token), 0)
      // the URL as fetch sends it: the WHATWG parser adds the root path
      assert.strictEqual(
        verifyToken(token, { url: "https://www.example.com/", method: "get", body: undefined }, yield* publicSpki),
        "verified"
      )
    }).pipe(Effect.provide(directSignerLayer()))
  )

  it.effect("the key is read from the database once, then served from memory", () =>
    Effect.gen(function* () {
      for (let i = 0; i < 25; i++) yield* signWith(makeRequest("GET", `https://apis.example.com/v1/${i}`))
      const db = yield* MemoryKeyDatabase
      assert.strictEqual(yield* db.reads, 1)
      assert.strictEqual(yield* db.writes, 1)
    }).pipe(Effect.provide(directSignerLayer()))
  )

  describe("exempt requests fail RequestExempt (the pipeline sends them unsigned), logged at Debug only, without an event", () => {
    const cases: ReadonlyArray<readonly [string, Parameters<typeof signingConfig>[0], string, string]> = [
      [
        "guest",
        { user: { id: undefined, authenticated: false } },
        "https://apis.example.com/x",
        "user is not authenticated"
      ],
      [
        "authenticated without id",
        { user: { id: undefined } },
        "https://apis.example.com/x",
        "user is not authenticated"
      ],
      ["host not allow-listed", {}, "https://apis.example.org/x", "host is not allow-listed"],
      ["look-alike host", {}, "https://evilexample.com/x", "host is not allow-listed"],
      [
        "settings disabled",
        { boundAuthToken: { enabled: false } },
        "https://apis.example.com/x",
        "bound-auth-token signing is disabled"
      ],
      [
        "no database name",
        { boundAuthToken: { databaseName: undefined } },
        "https://apis.example.com/x",
        "key database names are missing"
      ],
      [
        "empty store name",
        { boundAuthToken: { storeName: "" } },
        "https://apis.example.com/x",
        "key database names are missing"
      ],
      [
        "no key name",
        { boundAuthToken: { keyName: undefined } },
        "https://apis.example.com/x",
        "key database names are missing"
      ],
      [
        "not in sample (42 mod 1e6 = 42 ≥ 42)",
        { boundAuthToken: { sampleRatePerMillion: 42 } },
        "https://apis.example.com/x",
        "user is not in the sample"
      ],
      [
        "not in sample (rate 0)",
        { boundAuthToken: { sampleRatePerMillion: 0 } },
        "https://apis.example.com/x",
        "user is not in the sample"
      ],
      [
        "big id not in sample (3,000,500 mod 1e6 = 500)",
        { user: { id: 3_000_500 }, boundAuthToken: { sampleRatePerMillion: 500 } },
        "https://apis.example.com/x",
        "user is not in the sample"
      ]
    ]
    for (const [name, overrides, url, detail] of cases) {
      it.effect(name, () =>
        Effect.gen(function* () {
          assert.strictEqual((yield* failureOf(makeRequest("POST", url))).reason, "RequestExempt")
          const logs = yield* (yield* MemoryLogger).entries
          assert.deepStrictEqual(
            logs.map((l) => [l.level, l.text]),
            [["Debug", `Request not signed (RequestExempt): ${detail}`]]
          )
          assert.deepStrictEqual((yield* (yield* MemoryTelemetry).recorded).events, [])
        }).pipe(Effect.provide(Layer.merge(directSignerLayer(signingConfig(overrides)), MemoryLogger.layer())))
      )
    }
  })

  it.effect("sampled users are signed: 3,000,499 mod 1e6 = 499 < 500, and any user at rate 1,000,000", () =>
    Effect.gen(function* () {
      const signed = yield* signWith(makeRequest("GET", "https://apis.example.com/x"))
      assert.isString(signed.headers[header])
    }).pipe(
      Effect.provide(
        directSignerLayer(
          signingConfig({
            user: { id: 3_000_499 },
            boundAuthToken: { sampleRatePerMillion: 500 }
          })
        )
      )
    )
  )

  const failing = (
    name: string,
    kind: SigningFailureReason,
    detail: string,
    request: HttpRequest,
    layer: Layer.Layer<never, never, never> | undefined,
    crypto?: Layer.Layer<Crypto>,
    setup: Effect.Effect<void, never, MemoryKeyDatabase> = Effect.void
  ) =>
    it.effect(`${kind}: ${name}`, () =>
      Effect.gen(function* () {
        yield* setup
        const failure = yield* failureOf(request)
        assert.deepStrictEqual([failure.reason, failure.detail], [kind, detail])
        const logs = (yield* (yield* MemoryLogger).entries).filter((l) => l.level === "Warn")
        assert.deepStrictEqual(
          logs.map((l) => [l.text, l.annotations["signingFailureReason"]]),
          [[`Request sent without a bound-auth token (${kind}): ${detail}`, kind]]
        )
        assert.deepStrictEqual((yield* (yield* MemoryTelemetry).recorded).events, [
          { name: missingSignatureEvent, properties: { kind, host: "apis.example.com" } }
        ])
      }).pipe(
        Effect.provide(
          Layer.merge(directSignerLayer(signingConfig(), layer ?? Layer.empty, crypto), MemoryLogger.layer())
        )
      )
    )

  const post = makeRequest("POST", "https://apis.example.com/v1/things")
  failing(
    "the database cannot be read",
    "GetKeyPairFailed",
    "key pair could not be read",
    post,
    undefined,
    undefined,
    Effect.flatMap(MemoryKeyDatabase, (db) => db.failing(["get"]))
  )
  failing(
    "the new pair cannot be stored",
    "UpdateKeyPairFailed",
    "new key pair could not be stored",
    post,
    undefined,
    undefined,
    Effect.flatMap(MemoryKeyDatabase, (db) => db.failing(["put"]))
  )
  failing(
    "the new pair cannot be generated",
    "UpdateKeyPairFailed",
    "key pair generation failed",
    post,
    undefined,
    cryptoWith(() => ({ generateSigningKeyPair: Effect.fail(new CryptoError({ operation: "generateKey" })) }))
  )
  failing(
    "the generated pair is not a signing pair",
    "NoKeyPairFound",
    "generated key pair is not a usable signing pair",
    post,
    undefined,
    cryptoWith(() => ({ generateSigningKeyPair: Effect.succeed({} as CryptoKeyPair) }))
  )
  failing(
    "a blob body",
    "RequestBodyHashFailed",
    "blob body cannot be hashed",
    { ...post, body: new Blob(["x"]) },
    undefined
  )
  failing(
    "a form-data body",
    "RequestBodyHashFailed",
    "form-data body cannot be hashed",
    { ...post, body: new FormData() },
    undefined
  )
  failing(
    "a URL-encoded body",
    "RequestBodyHashFailed",
    "url-encoded body cannot be hashed",
    { ...post, body: new URLSearchParams({ a: "1" }) },
    undefined
  )
  failing(
    "the digest fails",
    "RequestBodyHashFailed",
    "body hash failed",
    post,
    undefined,
    cryptoWith(() => ({ sha256ThenSign: () => Effect.fail(new CryptoError({ operation: "digest" })) }))
  )
  failing(
    "WebCrypto refuses to sign",
    "SignatureFailed",
    "signing failed",
    post,
    undefined,
    cryptoWith(() => ({ sha256ThenSign: () => Effect.fail(new CryptoError({ operation: "sign" })) }))
  )
  failing(
    "the real WebCrypto rejects the key",
    "SignatureFailed",
    "signing failed",
    post,
    undefined,
    cryptoWith((real) => ({
      sha256ThenSign: (data, _key, message) =>
        Effect.flatMap(
          Effect.promise(() => crypto.subtle.generateKey({ name: "HMAC", hash: "SHA-256" }, false, ["sign"])),
          (hmac) => real.sha256ThenSign(data, hmac, message)
        )
    }))
  )
  failing(
    "an unexpected defect",
    "Unknown",
    "unexpected defect while signing",
    post,
    undefined,
    cryptoWith(() => ({ sha256ThenSign: () => Effect.die(new Error("boom")) }))
  )

  it.effect("RequestExemptError: a URL that cannot be resolved goes out unsigned, no host in the event", () =>
    Effect.gen(function* () {
      assert.strictEqual((yield* failureOf(makeRequest("GET", "not a url"))).reason, "RequestExemptError")
      const logs = (yield* (yield* MemoryLogger).entries).filter((l) => l.level === "Warn")
      assert.deepStrictEqual(
        logs.map((l) => l.text),
        ["Request sent without a bound-auth token (RequestExemptError): request URL cannot be parsed"]
      )
      assert.deepStrictEqual((yield* (yield* MemoryTelemetry).recorded).events, [
        { name: missingSignatureEvent, properties: { kind: "RequestExemptError", host: "" } }
      ])
    }).pipe(Effect.provide(Layer.merge(directSignerLayer(), MemoryLogger.layer())))
  )

  it.effect(
    "the missing-signature event is sampled per million: 0 never, 1,000,000 always, 250,000 about a quarter",
    () =>
      Effect.gen(function* () {
        const run = (rate: number) =>
          Effect.gen(function* () {
            for (let i = 0; i < 2000; i++) yield* signWith(makeRequest("GET", "https://apis.example.com/x"))
            return (yield* (yield* MemoryTelemetry).recorded).events.length
          }).pipe(
            Effect.provide(
              directSignerLayer(
                signingConfig({ boundAuthToken: { eventSampleRatePerMillion: rate } }),
                Layer.empty,
                cryptoWith(() => ({ sha256ThenSign: () => Effect.fail(new CryptoError({ operation: "sign" })) }))
              )
            ),
            Random.withSeed("signing")
          )
        assert.strictEqual(yield* run(0), 0)
        assert.strictEqual(yield* run(1_000_000), 2000)
        const quarter = yield* run(250_000)
        assert.isAtLeast(quarter, 400)
        assert.isAtMost(quarter, 600)
      })
  )

  it.effect("a failed key load is remembered for 30 s, then tried again", () =>
    Effect.gen(function* () {
      const db = yield* MemoryKeyDatabase
      yield* db.failing(["get"])
      const request = makeRequest("GET", "https://apis.example.com/x")
      yield* signWith(request)
      yield* signWith(request)
      assert.strictEqual(yield* db.reads, 1)
      yield* db.failing([])
      yield* TestClock.adjust("29 seconds")
      assert.isUndefined((yield* signWith(request)).headers[header])
      yield* TestClock.adjust("1 second")
      assert.isString((yield* signWith(request)).headers[header])
      assert.strictEqual(yield* db.reads, 2)
    }).pipe(Effect.provide(directSignerLayer()))
  )
})
