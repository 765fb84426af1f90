/**
 * The signing of one request is bounded (RequestSigningTimeout, default 2 s; TestClock): PlatformHttp with the
 * direct signer over a WebCrypto whose digest and signature answer only when the test says so (key generation is
 * the real one). Past the bound the request goes out once, unsigned, reported once as `SigningTimedOut`; each
 * send (a CSRF re-send) has its own bound; the key pair's first load is bounded by its own time-out, not this one;
 * a healthy signer is unaffected; WebCrypto's late answer is ignored.
 */
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Fiber from "effect/Fiber"
import * as Layer from "effect/Layer"
import { TestClock } from "effect/testing"
import { Crypto } from "../../../src/core/browser/Crypto.ts"
import { KeyDatabase } from "../../../src/core/browser/KeyDatabase.ts"
import { PlatformConfig } from "../../../src/core/config/PlatformConfig.ts"
import { type PipelineEvent, PipelineObserver } from "../../../src/core/http/observer.ts"
import { PlatformHttp } from "../../../src/core/http/PlatformHttp.ts"
import { KeyStore } from "../../../src/core/signing/keys/KeyStore.ts"
import { RequestSigningTimeout } from "../../../src/core/signing/makeRequestSigner.ts"
import { directSigner } from "../../../src/core/wiring/signingCode.ts"
import { MemoryKeyDatabase } from "../../../src/testing/memory/MemoryKeyDatabase.ts"
import { MemoryLogger } from "../../../src/testing/memory/MemoryLogger.ts"
import { MemoryTelemetry } from "../../../src/testing/memory/MemoryTelemetry.ts"
import { jsonResponse, StubFetch, type StubHandler } from "../../../src/testing/StubFetch.ts"
import { platformHttpLayer } from "../http/harness.ts"
import { location, signingConfig } from "./harness.ts"
import { verifyToken } from "./verifier.ts"

const header = "x-bound-auth-token"

/**
 * A WebCrypto whose digest and sign are the real ones while `hung` is false, else never settle by themselves:
 * `release()` lets every held operation go on (to the real WebCrypto), as a late answer.
 */
const controlledWebCrypto = () => {
  const real = globalThis.crypto.subtle
  const held: Array<() => void> = []
  const control = { hung: true, started: 0, late: 0 }
  const hold = <A>(f: () => Promise<A>): Promise<A> => {
    control.started++
    if (!control.hung) return f()
    return new Promise<A>((resolve, reject) => held.push(() => void f().then(resolve, reject)))
  }
  const subtle = {
    generateKey: real.generateKey.bind(real),
    exportKey: real.exportKey.bind(real),
    digest: (algorithm: AlgorithmIdentifier, data: BufferSource) => hold(() => real.digest(algorithm, data)),
    sign: (algorithm: EcdsaParams, key: CryptoKey, data: BufferSource) => hold(() => real.sign(algorithm, key, data))
  } as unknown as SubtleCrypto
  const release = () => {
    for (const go of held.splice(0)) {
      control.late++
      go()
    }
  }
  return { control, release, layer: Crypto.fromWebCrypto(() => ({ subtle, randomUUID: () => "id" })) }
}

/**
 * PlatformHttp signing directly (the default 5-field form, or `options.format`) over `crypto` and `database`, every
 * pipeline event recorded.
 */
const page = (
  handler: StubHandler,
  crypto: Layer.Layer<Crypto>,
  events: Array<PipelineEvent>,
  options: { readonly format?: "4-field" | "5-field"; readonly database?: Layer.Layer<KeyDatabase> } = {}
) => {
  const config = signingConfig(options.format === undefined ? {} : { boundAuthToken: { format: options.format } })
  return PlatformHttp.layerNoDeps.pipe(
    Layer.provideMerge(platformHttpLayer(handler, config)),
    Layer.provide(PipelineObserver.layer((event) => events.push(event))),
    Layer.provideMerge(
      directSigner.pipe(
        Layer.provideMerge(
          Layer.mergeAll(
            options.database ?? MemoryKeyDatabase.layer(),
            crypto,
            MemoryTelemetry.layer(),
            PlatformConfig.layer(config)
          )
        )
      )
    ),
    Layer.provideMerge(MemoryLogger.layer())
  )
}

/** The key pair loaded (real WebCrypto generation, real time), so that only the request's own signing is timed. */
const keyReady = Effect.flatMap(KeyStore, (keys) => keys.keyPair(location))

const post = (n: number) =>
  Effect.flatMap(PlatformHttp, (http) => http.post({ service: "apis", path: `/v1/things/${n}` }, { body: { n } }))

const sent = Effect.gen(function* () {
  return (yield* StubFetch).requests
})

const warnings = Effect.gen(function* () {
  return (yield* (yield* MemoryLogger).entries).filter((l) => l.level === "Warn").map((l) => l.text)
})

const missingEvents = Effect.gen(function* () {
  return (yield* (yield* MemoryTelemetry).recorded).events.map((e) => [
    e.name,
    e.properties["kind"],
    e.properties["host"]
  ])
})

/** Run `call`: nothing is sent and it is not done before `millis`; give its result at `millis` exactly. */
const doneAt = <A, E, R>(millis: number, call: Effect.Effect<A, E, R>) =>
  Effect.gen(function* () {
    const fiber = yield* Effect.forkChild(call)
    yield* TestClock.adjust(millis - 1)
    assert.strictEqual((yield* sent).length, 0)
    assert.isUndefined(fiber.pollUnsafe())
    yield* TestClock.adjust(1)
    return yield* Fiber.join(fiber)
  })

const timedOutLine = "Request sent without a bound-auth token (SigningTimedOut): signing did not finish within 2000 ms"

/** Let real promises (the real WebCrypto, released operations) settle. */
const realTurn = Effect.promise(() => new Promise<void>((resolve) => setTimeout(resolve, 20)))

describe("RequestSigningTimeout: the signing of one request is bounded", () => {
  it.effect(
    "WebCrypto never answers: nothing is sent before 2 s; at 2 s the POST goes out once, unsigned, reported once",
    () => {
      const webCrypto = controlledWebCrypto()
      const events: Array<PipelineEvent> = []
      return Effect.gen(function* () {
        yield* keyReady
        assert.deepStrictEqual(yield* doneAt(2000, post(1)), { ok: true })
        const requests = yield* sent
        assert.strictEqual(requests.length, 1)
        assert.strictEqual(requests[0]!.url, "https://apis.example.com/v1/things/1")
        assert.strictEqual(requests[0]!.body, JSON.stringify({ n: 1 }))
        assert.isUndefined(requests[0]!.headers[header])
        assert.strictEqual(requests[0]!.headers["content-type"], "application/json")
        assert.deepStrictEqual(yield* warnings, [timedOutLine])
        assert.deepStrictEqual(yield* missingEvents, [["boundAuthTokenMissing", "SigningTimedOut", "apis.example.com"]])
        assert.deepStrictEqual(
          events.filter((e) => e._tag === "Signed" || e._tag === "NotSigned"),
          [{ _tag: "NotSigned", call: 1, reason: "SigningTimedOut" }]
        )
        // the digest and, alongside it, the path signature were asked for; neither answered
        assert.strictEqual(webCrypto.control.started, 2)
      }).pipe(Effect.provide(page(() => jsonResponse({ ok: true }), webCrypto.layer, events)))
    }
  )

  it.effect("a CSRF re-send is bounded on its own: the 403 goes out at 2 s, the re-send at 4 s, both unsigned", () => {
    const webCrypto = controlledWebCrypto()
    const events: Array<PipelineEvent> = []
    const handler: StubHandler = (r) =>
      r.headers["x-csrf-token"] === "fresh"
        ? jsonResponse({ ok: true })
        : jsonResponse({}, { status: 403, headers: { "x-csrf-token": "fresh" } })
    return Effect.gen(function* () {
      yield* keyReady
      const fiber = yield* Effect.forkChild(post(2))
      yield* TestClock.adjust("1999 millis")
      assert.strictEqual((yield* sent).length, 0)
      yield* TestClock.adjust("1 millis")
      assert.strictEqual((yield* sent).length, 1)
      yield* TestClock.adjust("1999 millis")
      assert.strictEqual((yield* sent).length, 1)
      assert.isUndefined(fiber.pollUnsafe())
      yield* TestClock.adjust("1 millis")
      assert.deepStrictEqual(yield* Fiber.join(fiber), { ok: true })
      const requests = yield* sent
      assert.deepStrictEqual(
        requests.map((r) => [r.headers["x-csrf-token"], r.headers[header]]),
        [
          [undefined, undefined],
          ["fresh", undefined]
        ]
      )
      assert.deepStrictEqual(yield* warnings, [timedOutLine, timedOutLine])
      assert.deepStrictEqual(
        events.filter((e) => e._tag === "NotSigned").map((e) => e._tag === "NotSigned" && e.reason),
        ["SigningTimedOut", "SigningTimedOut"]
      )
    }).pipe(Effect.provide(page(handler, webCrypto.layer, events)))
  })

  it.effect(
    "4-field tokens (the option): the digest never answers, no path signature is asked for: unsigned at 2 s",
    () => {
      const webCrypto = controlledWebCrypto()
      return Effect.gen(function* () {
        yield* keyReady
        yield* doneAt(2000, post(3))
        assert.deepStrictEqual(
          (yield* sent).map((r) => r.headers[header]),
          [undefined]
        )
        // only the digest was started, and it did not answer
        assert.strictEqual(webCrypto.control.started, 1)
        assert.deepStrictEqual(yield* warnings, [timedOutLine])
      }).pipe(Effect.provide(page(() => jsonResponse({ ok: true }), webCrypto.layer, [], { format: "4-field" })))
    }
  )

  it.effect(
    "an attacker-sized body still being hashed at 2 s goes out unsigned; WebCrypto's late answer is ignored",
    () => {
      const webCrypto = controlledWebCrypto()
      const huge = "x".repeat(8 * 1024 * 1024)
      return Effect.gen(function* () {
        yield* keyReady
        const http = yield* PlatformHttp
        yield* doneAt(2000, http.post({ service: "apis", path: "/v1/upload" }, { body: { huge } }))
        assert.deepStrictEqual(
          (yield* sent).map((r) => [r.body?.length, r.headers[header]]),
          [[huge.length + 11, undefined]]
        )
        // the digest and the path signature answer late (then sig1): nothing else is sent, nothing else is reported
        webCrypto.control.hung = false
        webCrypto.release()
        yield* realTurn
        assert.strictEqual(webCrypto.control.late, 2)
        assert.strictEqual((yield* sent).length, 1)
        assert.deepStrictEqual(yield* warnings, [timedOutLine])
        assert.deepStrictEqual(yield* missingEvents, [["boundAuthTokenMissing", "SigningTimedOut", "apis.example.com"]])
      }).pipe(Effect.provide(page(() => jsonResponse({ ok: true }), webCrypto.layer, [])))
    }
  )

  it.effect("a healthy signer is unaffected: signed at once with a valid token, nothing reported", () => {
    const webCrypto = controlledWebCrypto()
    webCrypto.control.hung = false
    const events: Array<PipelineEvent> = []
    return Effect.gen(function* () {
      yield* keyReady
      assert.deepStrictEqual(yield* post(4), { ok: true })
      const requests = yield* sent
      assert.strictEqual(requests.length, 1)
      const spki = yield* (yield* Crypto).exportSpki((yield* keyReady).publicKey)
      assert.strictEqual(verifyToken(requests[0]!.headers[header], requests[0]!, spki), "verified")
      assert.deepStrictEqual(yield* warnings, [])
      assert.deepStrictEqual(yield* missingEvents, [])
      assert.deepStrictEqual(
        events.filter((e) => e._tag === "Signed" || e._tag === "NotSigned"),
        [{ _tag: "Signed", call: 1 }]
      )
    }).pipe(Effect.provide(page(() => jsonResponse({ ok: true }), webCrypto.layer, events)))
  })

  it.effect("the key pair's first load is not counted: a 3 s read (within the key store's own 5 s) still signs", () => {
    const webCrypto = controlledWebCrypto()
    webCrypto.control.hung = false
    const stored = new Map<string, unknown>()
    const slowDatabase = Layer.succeed(KeyDatabase, {
      get: () => Effect.as(Effect.sleep("3 seconds"), undefined),
      put: (_, value) => Effect.sync(() => void stored.set("pair", value)),
      delete: () => Effect.void
    })
    return Effect.gen(function* () {
      const fiber = yield* Effect.forkChild(post(5))
      yield* TestClock.adjust("3 seconds")
      assert.deepStrictEqual(yield* Fiber.join(fiber), { ok: true })
      assert.strictEqual(stored.size, 1)
      assert.isString((yield* sent)[0]!.headers[header])
      assert.deepStrictEqual(yield* warnings, [])
    }).pipe(Effect.provide(page(() => jsonResponse({ ok: true }), webCrypto.layer, [], { database: slowDatabase })))
  })

  it.effect("the bound is RequestSigningTimeout: set to 500 ms, the request goes out unsigned at 500 ms", () => {
    const webCrypto = controlledWebCrypto()
    return Effect.gen(function* () {
      yield* keyReady
      yield* doneAt(500, post(6))
      assert.deepStrictEqual(
        (yield* sent).map((r) => r.headers[header]),
        [undefined]
      )
      assert.deepStrictEqual(yield* warnings, [
        "Request sent without a bound-auth token (SigningTimedOut): signing did not finish within 500 ms"
      ])
    }).pipe(
      Effect.provide(
        page(() => jsonResponse({ ok: true }), webCrypto.layer, []).pipe(
          Layer.provide(Layer.succeed(RequestSigningTimeout, "500 millis"))
        )
      )
    )
  })

  it.live(
    "under Effect's live clock (the shared deadline timer): WebCrypto never answers, the POST goes out unsigned at the bound",
    () => {
      const webCrypto = controlledWebCrypto()
      const events: Array<PipelineEvent> = []
      return Effect.gen(function* () {
        yield* keyReady
        assert.deepStrictEqual(yield* post(7), { ok: true })
        assert.deepStrictEqual(
          (yield* sent).map((r) => r.headers[header]),
          [undefined]
        )
        assert.deepStrictEqual(yield* warnings, [
          "Request sent without a bound-auth token (SigningTimedOut): signing did not finish within 30 ms"
        ])
        assert.deepStrictEqual(
          events.filter((e) => e._tag === "Signed" || e._tag === "NotSigned"),
          [{ _tag: "NotSigned", call: 1, reason: "SigningTimedOut" }]
        )
        // released late (the digest and the path signature): nothing else is sent or reported
        webCrypto.control.hung = false
        webCrypto.release()
        yield* realTurn
        assert.strictEqual(webCrypto.control.late, 2)
        assert.strictEqual((yield* sent).length, 1)
        assert.strictEqual((yield* warnings).length, 1)
      }).pipe(
        Effect.provide(
          page(() => jsonResponse({ ok: true }), webCrypto.layer, events).pipe(
            Layer.provide(Layer.succeed(RequestSigningTimeout, "30 millis"))
          )
        )
      )
    }
  )

  it.live("under Effect's live clock a healthy signer signs (the bound cancelled, the token valid)", () => {
    const webCrypto = controlledWebCrypto()
    webCrypto.control.hung = false
    return Effect.gen(function* () {
      yield* keyReady
      assert.deepStrictEqual(yield* post(8), { ok: true })
      const requests = yield* sent
      const spki = yield* (yield* Crypto).exportSpki((yield* keyReady).publicKey)
      assert.strictEqual(verifyToken(requests[0]!.headers[header], requests[0]!, spki), "verified")
      assert.deepStrictEqual(yield* warnings, [])
    }).pipe(Effect.provide(page(() => jsonResponse({ ok: true }), webCrypto.layer, [])))
  })
})
