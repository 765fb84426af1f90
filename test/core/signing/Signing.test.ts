import { assert, describe, it } from "@effect/vitest"
import * as Cause from "effect/Cause"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import * as Fiber from "effect/Fiber"
import * as Layer from "effect/Layer"
import { TestClock } from "effect/testing"
import { Crypto } from "../../../src/core/browser/Crypto.ts"
import { PlatformConfig, type PlatformConfigInput } from "../../../src/core/config/PlatformConfig.ts"
import { makeRequest, setHeader } from "../../../src/core/http/request.ts"
import { RequestSigner, type RequestSignerShape } from "../../../src/core/signing/RequestSigner.ts"
import { missingSignatureEvent } from "../../../src/core/signing/reportSigningFailure.ts"
import type { SigningCode } from "../../../src/core/wiring/signingChunk.ts"
import * as chunk from "../../../src/core/wiring/signingCode.ts"
import { loadFailure } from "../../../src/core/wiring/onDemand.ts"
import { makeSigning, Signing, signerUnavailable, signingMode } from "../../../src/core/signing/Signing.ts"
import { MemoryFrames } from "../../../src/testing/memory/MemoryFrames.ts"
import { MemoryKeyDatabase } from "../../../src/testing/memory/MemoryKeyDatabase.ts"
import { MemoryLogger } from "../../../src/testing/memory/MemoryLogger.ts"
import { MemoryTelemetry } from "../../../src/testing/memory/MemoryTelemetry.ts"
import { metricsLayer, pageOrigin, wwwOrigin } from "./frame/harness.ts"
import { loggedAt } from "../../security/support.ts"
import { signingConfig } from "./harness.ts"

const url = "https://apis.example.com/v1/things"
const header = "x-bound-auth-token"

/** A stand-in for the loaded direct signer: marks every request. */
const marking: RequestSignerShape = { sign: (request) => Effect.succeed(setHeader(request, header, "signed")) }

/** A chunk loader that counts its loads; each load gives what `answer` gives for that count. */
const counting = (answer: (load: number) => Promise<SigningCode>) => {
  const counter = { loads: 0, load: () => answer(++counter.loads) }
  return counter
}

/** The real chunk with the browser's direct signer replaced by {@link marking}. */
const markingChunk = (): Promise<SigningCode> =>
  Promise.resolve({ ...chunk, makeBrowserDirectSigner: Effect.succeed(marking) })

const chunkNotFound = () => Promise.reject(new Error("chunk not found"))
const stalled = () => new Promise<never>(() => {})

/** `signer` over memory capabilities for a page at `origin` (www: signs directly), with a memory logger. */
const withSigner = <A, E, R>(
  signer: Layer.Layer<A, E, R>,
  config: PlatformConfigInput = signingConfig(),
  origin: string = wwwOrigin
) =>
  signer.pipe(
    Layer.provideMerge(
      Layer.mergeAll(
        MemoryFrames.layer({ origin }),
        MemoryKeyDatabase.layer(),
        Crypto.browser,
        metricsLayer,
        PlatformConfig.layer(config),
        MemoryTelemetry.layer(),
        MemoryLogger.layer()
      )
    )
  )

const sign = (request = makeRequest("GET", url)) => Effect.flatMap(RequestSigner, (signer) => signer.sign(request))

/** The reason the signer gives for leaving `request` unsigned (the pipeline then sends it as it is). */
const unsignedReason = (request = makeRequest("GET", url)) =>
  Effect.map(Effect.flip(sign(request)), (failure) => failure.reason)

const logs = (level: string) =>
  Effect.map(
    Effect.flatMap(MemoryLogger, (m) => m.entries),
    (entries) => entries.filter((l) => l.level === level).map((l) => l.text)
  )

const events = Effect.map(
  Effect.flatMap(MemoryTelemetry, (t) => t.recorded),
  (r) => r.events
)

const unavailableWarning = `Request sent without a bound-auth token (Unknown): ${signerUnavailable}`

describe("signingMode", () => {
  it("compares the page's origin with the www origin", () => {
    const www = "https://www.example.com"
    assert.deepStrictEqual(
      [
        signingMode("https://www.example.com", www),
        signingMode("https://www.example.com", `${www}/prefix/`),
        signingMode("https://create.example.com", www),
        signingMode("http://www.example.com", www),
        signingMode("https://www.example.com:8443", www),
        signingMode("null", www),
        signingMode("about:blank", www),
        signingMode("https://create.example.com", "not a url")
      ],
      ["direct", "direct", "frame", "frame", "frame", "direct", "direct", "direct"]
    )
  })
})

describe("Signing.auto", () => {
  it.effect("on the www origin signs directly and creates no frame", () =>
    Effect.gen(function* () {
      const signed = yield* sign()
      assert.isString(signed.headers[header])
      assert.deepStrictEqual(yield* (yield* MemoryFrames).frames, [])
      assert.strictEqual(yield* (yield* MemoryKeyDatabase).reads, 1)
    }).pipe(Effect.provide(withSigner(Signing.auto)))
  )

  it.effect("on another sub-domain creates the security frame and never touches its own key database", () =>
    Effect.gen(function* () {
      const frames = yield* (yield* MemoryFrames).frames
      assert.deepStrictEqual(
        frames.map((f) => f.url),
        ["https://www.example.com/hba/iframe"]
      )
      assert.strictEqual(yield* (yield* MemoryKeyDatabase).reads, 0)
    }).pipe(Effect.provide(withSigner(Signing.auto, signingConfig(), pageOrigin)))
  )
})

describe("the direct signer on demand (Signing.browser; outside a browser the page signs directly)", () => {
  it.effect("a page that cannot sign (a guest) loads nothing: every request is RequestExempt, whatever its URL", () => {
    const chunkLoads = counting(markingChunk)
    return Effect.gen(function* () {
      assert.strictEqual(yield* unsignedReason(makeRequest("GET", url)), "RequestExempt")
      assert.strictEqual(yield* unsignedReason(makeRequest("GET", "not a url")), "RequestExempt")
      assert.deepStrictEqual(yield* logs("Debug"), [
        "Request signing mode: direct",
        "Request not signed (RequestExempt): user is not authenticated",
        "Request not signed (RequestExempt): user is not authenticated"
      ])
      assert.deepStrictEqual([yield* logs("Warn"), chunkLoads.loads], [[], 0])
    }).pipe(
      Effect.provide(
        withSigner(makeSigning(chunkLoads.load).browser, signingConfig({ user: { authenticated: false } }))
      )
    )
  })

  it.effect("a page that can sign loads the signer with its first request, once", () => {
    const chunkLoads = counting(markingChunk)
    return Effect.gen(function* () {
      assert.strictEqual(chunkLoads.loads, 0)
      const signed = yield* Effect.forEach([1, 2, 3], () => sign(), { concurrency: "unbounded" })
      assert.deepStrictEqual(
        signed.map((r) => r.headers[header]),
        ["signed", "signed", "signed"]
      )
      assert.strictEqual((yield* sign()).headers[header], "signed")
      assert.strictEqual(chunkLoads.loads, 1)
    }).pipe(Effect.provide(withSigner(makeSigning(chunkLoads.load).browser)))
  })

  it.effect(
    "a chunk that cannot load fails Unknown (the request goes out unsigned), reported; the next request tries again",
    () => {
      const chunkLoads = counting((n) => (n === 1 ? chunkNotFound() : markingChunk()))
      return Effect.gen(function* () {
        assert.strictEqual(yield* unsignedReason(), "Unknown")
        assert.deepStrictEqual(yield* logs("Warn"), [unavailableWarning])
        assert.deepStrictEqual(yield* events, [
          { name: missingSignatureEvent, properties: { kind: "Unknown", host: "" } }
        ])
        assert.strictEqual((yield* sign()).headers[header], "signed")
        assert.strictEqual(chunkLoads.loads, 2)
      }).pipe(Effect.provide(withSigner(makeSigning(chunkLoads.load).browser)))
    }
  )

  it.effect(
    "a stalled chunk holds the first requests 10 s, not forever: then they go out unsigned, reported; the next loads again",
    () => {
      const chunkLoads = counting((n) => (n === 1 ? stalled() : markingChunk()))
      return Effect.gen(function* () {
        const requests = [makeRequest("POST", url), makeRequest("POST", `${url}/2`)]
        const waiting = yield* Effect.forEach(requests, (r) =>
          Effect.forkChild(unsignedReason(r), { startImmediately: true })
        )
        yield* TestClock.adjust("9999 millis")
        assert.deepStrictEqual(
          waiting.map((f) => f.pollUnsafe()),
          [undefined, undefined]
        )
        yield* TestClock.adjust("1 millis")
        assert.deepStrictEqual(yield* Effect.forEach(waiting, Fiber.join), ["Unknown", "Unknown"])
        assert.deepStrictEqual(yield* logs("Warn"), [unavailableWarning, unavailableWarning])
        assert.deepStrictEqual(yield* events, [
          { name: missingSignatureEvent, properties: { kind: "Unknown", host: "" } },
          { name: missingSignatureEvent, properties: { kind: "Unknown", host: "" } }
        ])
        assert.strictEqual((yield* sign()).headers[header], "signed")
        assert.strictEqual(chunkLoads.loads, 2)
      }).pipe(Effect.provide(withSigner(makeSigning(chunkLoads.load).browser)))
    }
  )
})

describe("the signer loaded when the layer is built (Signing.auto; frame mode of Signing.browser)", () => {
  it.effect("a chunk that cannot load: a Warning, then every request unsigned and reported as Unknown", () =>
    Effect.gen(function* () {
      assert.strictEqual(yield* unsignedReason(makeRequest("POST", url)), "Unknown")
      assert.deepStrictEqual(yield* logs("Warn"), [
        `Request signing: ${signerUnavailable}: Error: chunk not found`,
        unavailableWarning
      ])
      assert.deepStrictEqual(yield* (yield* MemoryFrames).frames, [])
    }).pipe(Effect.provide(withSigner(makeSigning(chunkNotFound).auto, signingConfig(), pageOrigin)))
  )

  it.effect("the Warning is one line: what the load threw, every URL in it redacted; never the error object", () => {
    const chunkUrl = "https://cdn.example.net/assets/signingCode-1a2b.js?Signature=CDN-SECRET-1&Expires=9"
    const importFailed = () => Promise.reject(new TypeError(`Failed to fetch dynamically imported module: ${chunkUrl}`))
    return Effect.gen(function* () {
      yield* unsignedReason(makeRequest("POST", url))
      const { everything, messages } = yield* loggedAt("Warn")
      assert.deepStrictEqual(messages[0], [
        `Request signing: ${signerUnavailable}:`,
        "TypeError: Failed to fetch dynamically imported module: https://cdn.example.net/assets/signingCode-1a2b.js?Signature=[redacted]&Expires=[redacted]"
      ])
      assert.notInclude(everything, "CDN-SECRET-1")
    }).pipe(Effect.provide(withSigner(makeSigning(importFailed).auto, signingConfig(), pageOrigin)))
  })

  it("a long load failure: the chunk's URL is redacted before the line is cut, so the cut never falls in its token", () => {
    const chunk = "https://cdn.example.net/assets/signingCode-1a2bc.js"
    const padding = "x".repeat(431)
    const line = loadFailure(new TypeError(`${padding} ${chunk}?Signature=CDN-SECRET-LONG-TOKEN&Expires=9`))
    // the message cut at 500 characters (499 and an ellipsis), after the token became [redacted]
    assert.strictEqual(line, `TypeError: ${padding} ${chunk}?Signature=[reda…`)
  })

  it.effect("a stalled chunk: the layer is built at the 10 s time-out, its requests unsigned and reported", () =>
    Effect.gen(function* () {
      const built = yield* Effect.forkChild(
        Effect.gen(function* () {
          assert.strictEqual(yield* unsignedReason(makeRequest("POST", url)), "Unknown")
          return yield* logs("Warn")
        }).pipe(Effect.provide(withSigner(makeSigning(stalled).auto, signingConfig(), pageOrigin))),
        { startImmediately: true }
      )
      yield* TestClock.adjust("9999 millis")
      assert.isUndefined(built.pollUnsafe())
      yield* TestClock.adjust("1 millis")
      assert.deepStrictEqual(yield* Fiber.join(built), [
        `Request signing: ${signerUnavailable}: Error: the on-demand code did not load within 10000 ms`,
        unavailableWarning
      ])
    })
  )
})

describe("Signing.browser", () => {
  it.effect(
    "outside a browser the page signs directly; the signer loads with the first request (no IndexedDB here)",
    () =>
      Effect.gen(function* () {
        assert.strictEqual(yield* unsignedReason(), "GetKeyPairFailed")
        const warnings = yield* logs("Warn")
        assert.strictEqual(warnings.length, 1)
        assert.match(warnings[0]!, /^Request sent without a bound-auth token \(GetKeyPairFailed\)/)
      }).pipe(Effect.provide(withSigner(Signing.browser)))
  )
})

describe("Signing.direct and Signing.viaSecurityFrame", () => {
  it.effect("load the chunk when built; a chunk that does not load in time fails the build (bounded)", () =>
    Effect.gen(function* () {
      const build = yield* Effect.forkChild(Effect.exit(Layer.build(withSigner(makeSigning(stalled).direct))), {
        startImmediately: true
      })
      yield* TestClock.adjust("9999 millis")
      assert.isUndefined(build.pollUnsafe())
      yield* TestClock.adjust("1 millis")
      const exit = yield* Fiber.join(build)
      assert.isTrue(Exit.isFailure(exit) && Cause.hasDies(exit.cause))
      assert.strictEqual(
        Exit.isFailure(exit) && (Cause.squash(exit.cause) as Error).message,
        "the on-demand code did not load within 10000 ms"
      )
    }).pipe(Effect.scoped)
  )
})
