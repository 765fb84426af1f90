import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import { PlatformConfig, type PlatformConfigInput } from "../../../src/core/config/PlatformConfig.ts"
import { makeRequest, setHeader } from "../../../src/core/http/request.ts"
import { autoWith } from "../../../src/core/signing/auto.ts"
import {
  directSignerOnDemand,
  frameSignerOrUnsigned,
  signerUnavailable
} from "../../../src/core/signing/onDemandSigner.ts"
import { RequestSigner, type RequestSignerShape } from "../../../src/core/signing/RequestSigner.ts"
import { missingSignatureEvent } from "../../../src/core/signing/reportSigningFailure.ts"
import { Signing } from "../../../src/core/signing/Signing.ts"
import { MemoryFrames } from "../../../src/testing/memory/MemoryFrames.ts"
import { MemoryLogger } from "../../../src/testing/memory/MemoryLogger.ts"
import { MemoryTelemetry } from "../../../src/testing/memory/MemoryTelemetry.ts"
import { signingConfig } from "./harness.ts"

const url = "https://apis.example.com/v1/things"
const header = "x-bound-auth-token"

/** A stand-in for the loaded direct signer: marks every request. */
const marking: RequestSignerShape = { sign: (request) => Effect.succeed(setHeader(request, header, "signed")) }

const withSigner = <A, E, R>(signer: Layer.Layer<A, E, R>, config: PlatformConfigInput = signingConfig()) =>
  signer.pipe(Layer.provideMerge(Layer.mergeAll(
    PlatformConfig.layer(config),
    MemoryTelemetry.layer(),
    MemoryLogger.layer()
  )))

const sign = (request = makeRequest("GET", url)) => Effect.flatMap(RequestSigner, (signer) => signer.sign(request))

/** The reason the signer gives for leaving `request` unsigned (the pipeline then sends it as it is). */
const unsignedReason = (request = makeRequest("GET", url)) => Effect.map(Effect.flip(sign(request)), (failure) => failure.reason)

const logs = (level: string) =>
  Effect.map(Effect.flatMap(MemoryLogger, (m) => m.entries), (entries) =>
    entries.filter((l) => l.level === level).map((l) => l.text))

describe("the direct signer on demand", () => {
  it.effect("a page that cannot sign (a guest) loads nothing: every request is RequestExempt, whatever its URL", () => {
    let loads = 0
    return Effect.gen(function*() {
      assert.strictEqual(yield* unsignedReason(makeRequest("GET", url)), "RequestExempt")
      assert.strictEqual(yield* unsignedReason(makeRequest("GET", "not a url")), "RequestExempt")
      assert.deepStrictEqual(yield* logs("Debug"), [
        "Request not signed (RequestExempt): user is not authenticated",
        "Request not signed (RequestExempt): user is not authenticated"
      ])
      assert.deepStrictEqual([yield* logs("Warn"), loads], [[], 0])
    }).pipe(Effect.provide(withSigner(
      directSignerOnDemand(() => {
        loads++
        return Promise.resolve(Effect.succeed(marking))
      }),
      signingConfig({ user: { authenticated: false } })
    )))
  })

  it.effect("a page that can sign loads the signer with its first request, once", () => {
    let loads = 0
    return Effect.gen(function*() {
      assert.strictEqual(loads, 0)
      const signed = yield* Effect.forEach([1, 2, 3], () => sign(), { concurrency: "unbounded" })
      assert.deepStrictEqual(signed.map((r) => r.headers[header]), ["signed", "signed", "signed"])
      assert.strictEqual((yield* sign()).headers[header], "signed")
      assert.strictEqual(loads, 1)
    }).pipe(Effect.provide(withSigner(directSignerOnDemand(() => {
      loads++
      return Promise.resolve(Effect.succeed(marking))
    }))))
  })

  it.effect("a signer that cannot load fails Unknown (the request goes out unsigned), reported; the next request tries again", () => {
    let loads = 0
    return Effect.gen(function*() {
      assert.strictEqual(yield* unsignedReason(), "Unknown")
      assert.deepStrictEqual(yield* logs("Warn"), [
        `Request sent without a bound-auth token (Unknown): ${signerUnavailable}`
      ])
      assert.deepStrictEqual((yield* (yield* MemoryTelemetry).recorded).events, [
        { name: missingSignatureEvent, properties: { kind: "Unknown", host: "" } }
      ])
      assert.strictEqual((yield* sign()).headers[header], "signed")
      assert.strictEqual(loads, 2)
    }).pipe(Effect.provide(withSigner(directSignerOnDemand<never>(() =>
      ++loads === 1 ? Promise.reject(new Error("chunk not found")) : Promise.resolve(Effect.succeed(marking))
    ))))
  })
})

describe("the frame signer on demand", () => {
  it.effect("a frame signer that cannot load: a Warning, then every request unsigned and reported as Unknown", () =>
    Effect.gen(function*() {
      assert.strictEqual(yield* unsignedReason(makeRequest("POST", url)), "Unknown")
      assert.deepStrictEqual(yield* logs("Warn"), [
        `Request signing: ${signerUnavailable}`,
        `Request sent without a bound-auth token (Unknown): ${signerUnavailable}`
      ])
    }).pipe(Effect.provide(withSigner(frameSignerOrUnsigned<never>(() => Promise.reject(new Error("chunk not found")))))))

  it.effect("auto picks by the page's origin and falls back the same way (frame mode, code not loaded)", () => {
    let directLoads = 0
    return Effect.gen(function*() {
      assert.strictEqual(yield* unsignedReason(), "Unknown")
      assert.deepStrictEqual([yield* (yield* MemoryFrames).frames, directLoads], [[], 0])
    }).pipe(Effect.provide(withSigner(
      autoWith<never, never>({
        direct: () => {
          directLoads++
          return Promise.resolve(Effect.succeed(marking))
        },
        frame: () => Promise.reject(new Error("chunk not found"))
      }).pipe(Layer.provideMerge(MemoryFrames.layer({ origin: "https://create.example.com" })))
    )))
  })
})

describe("Signing.browser", () => {
  it.effect("outside a browser the page signs directly; the signer loads with the first request (no IndexedDB here)", () =>
    Effect.gen(function*() {
      assert.strictEqual(yield* unsignedReason(), "GetKeyPairFailed")
      const warnings = yield* logs("Warn")
      assert.strictEqual(warnings.length, 1)
      assert.match(warnings[0]!, /^Request sent without a bound-auth token \(GetKeyPairFailed\)/)
    }).pipe(Effect.provide(withSigner(Signing.browser))))
})
