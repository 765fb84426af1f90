import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import { Crypto } from "../../../src/core/browser/Crypto.ts"
import { PlatformConfig } from "../../../src/core/config/PlatformConfig.ts"
import { makeRequest } from "../../../src/core/http/request.ts"
import { RequestSigner } from "../../../src/core/signing/RequestSigner.ts"
import { Signing, signingMode } from "../../../src/core/signing/Signing.ts"
import { MemoryFrames } from "../../../src/testing/memory/MemoryFrames.ts"
import { MemoryKeyDatabase } from "../../../src/testing/memory/MemoryKeyDatabase.ts"
import { MemoryTelemetry } from "../../../src/testing/memory/MemoryTelemetry.ts"
import { metricsLayer } from "../security-frame/harness.ts"
import { signingConfig } from "./harness.ts"

const autoLayer = (pageOrigin: string) =>
  Signing.auto.pipe(Layer.provideMerge(Layer.mergeAll(
    MemoryFrames.layer({ origin: pageOrigin }),
    MemoryKeyDatabase.layer(),
    Crypto.browser,
    metricsLayer,
    MemoryTelemetry.layer(),
    PlatformConfig.layer(signingConfig())
  )))

describe("Signing: which signer a page uses", () => {
  it("signingMode compares the page's origin with the www origin", () => {
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

  it.effect("auto on the www origin signs directly and creates no frame", () =>
    Effect.gen(function*() {
      const signed = yield* (yield* RequestSigner).sign(makeRequest("GET", "https://apis.example.com/x"))
      assert.isString(signed.headers["x-bound-auth-token"])
      assert.deepStrictEqual(yield* (yield* MemoryFrames).frames, [])
      assert.strictEqual(yield* (yield* MemoryKeyDatabase).reads, 1)
    }).pipe(Effect.provide(autoLayer("https://www.example.com"))))

  it.effect("auto on another sub-domain creates the security frame and never touches its own key database", () =>
    Effect.gen(function*() {
      const frames = yield* (yield* MemoryFrames).frames
      assert.deepStrictEqual(frames.map((f) => f.url), ["https://www.example.com/hba/iframe"])
      assert.strictEqual(yield* (yield* MemoryKeyDatabase).reads, 0)
    }).pipe(Effect.provide(autoLayer("https://create.example.com"))))
})
