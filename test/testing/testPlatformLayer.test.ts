import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import { TestClock } from "effect/testing"
import { Crypto } from "../../src/core/browser/Crypto.ts"
import { ChallengeError } from "../../src/core/challenge/ChallengeError.ts"
import { PlatformHttp } from "../../src/core/http/PlatformHttp.ts"
import { MemoryFrames } from "../../src/testing/memory/MemoryFrames.ts"
import { MemoryKeyDatabase } from "../../src/testing/memory/MemoryKeyDatabase.ts"
import { ScriptedChallengeControl, ScriptedChallengePresenter } from "../../src/testing/ScriptedChallengePresenter.ts"
import { jsonResponse, StubFetch } from "../../src/testing/StubFetch.ts"
import { testPlatformLayer } from "../../src/testing/testPlatformLayer.ts"
import { appUrl, continueUrl, platform } from "../core/challenge/harness.ts"
import { location, signingConfig } from "../core/signing/harness.ts"
import { verifyToken } from "../core/signing/verifier.ts"

const header = "x-bound-auth-token"

/** The public key (SPKI) of the pair the signer stored in the memory key database. */
const storedSpki = Effect.gen(function* () {
  const pair = (yield* (yield* MemoryKeyDatabase).peek(location)) as CryptoKeyPair
  return yield* (yield* Crypto).exportSpki(pair.publicKey)
})

describe("testPlatformLayer", () => {
  it.effect("PlatformHttp over the stub fetch and the memory capabilities; nothing signed, no challenge flow", () =>
    Effect.gen(function* () {
      assert.deepStrictEqual(yield* (yield* PlatformHttp).post(appUrl, { body: { n: 1 } }), { ok: true })
      const [request] = (yield* StubFetch).requests
      assert.deepStrictEqual([request!.url, request!.headers[header]], [appUrl, undefined])
    }).pipe(Effect.provide(testPlatformLayer(() => jsonResponse({ ok: true }), signingConfig())))
  )

  it.effect(
    "signing: a page on the www origin signs with a key in the memory key database (verified with node:crypto)",
    () =>
      Effect.gen(function* () {
        yield* TestClock.setTime(1_700_000_000_000)
        yield* (yield* PlatformHttp).post(appUrl, { body: { n: 1 } })
        const [request] = (yield* StubFetch).requests
        assert.strictEqual(verifyToken(request!.headers[header], request!, yield* storedSpki), "verified")
        assert.strictEqual(yield* (yield* MemoryKeyDatabase).reads, 1)
        assert.deepStrictEqual(yield* (yield* MemoryFrames).frames, [])
      }).pipe(Effect.provide(testPlatformLayer(() => jsonResponse({ ok: true }), signingConfig(), { signing: true })))
  )

  it.effect("signing: a guest's requests go out unsigned and the key database is never read", () =>
    Effect.gen(function* () {
      yield* (yield* PlatformHttp).post(appUrl, { body: { n: 1 } })
      assert.isUndefined((yield* StubFetch).requests[0]!.headers[header])
      assert.strictEqual(yield* (yield* MemoryKeyDatabase).reads, 0)
    }).pipe(
      Effect.provide(
        testPlatformLayer(
          () => jsonResponse({ ok: true }),
          signingConfig({ user: { id: undefined, authenticated: false } }),
          { signing: true }
        )
      )
    )
  )

  it.effect("signing: a page on another origin (its url) signs through the security frame over memory frames", () =>
    Effect.gen(function* () {
      const frames = yield* (yield* MemoryFrames).frames
      assert.deepStrictEqual(
        frames.map((f) => f.url),
        ["https://www.example.com/hba/iframe"]
      )
      assert.strictEqual(yield* (yield* MemoryKeyDatabase).reads, 0)
    }).pipe(
      Effect.provide(
        testPlatformLayer(() => jsonResponse({ ok: true }), signingConfig(), {
          signing: true,
          url: "https://create.example.com/dashboard"
        })
      )
    )
  )

  it.effect("challenges: a challenged POST is shown by the scripted presenter, completed and re-sent once", () =>
    Effect.gen(function* () {
      assert.deepStrictEqual(yield* (yield* PlatformHttp).post(appUrl), { ok: true })
      assert.strictEqual((yield* (yield* ScriptedChallengeControl).presentations).length, 1)
      assert.deepStrictEqual(
        (yield* StubFetch).requests.map((r) => r.url),
        [appUrl, continueUrl, appUrl]
      )
    }).pipe(Effect.provide(testPlatformLayer(platform(), {}, { challenges: true })))
  )

  it.effect("challenges with a script: an abandoned challenge is a ChallengeError, and nothing is re-sent", () =>
    Effect.gen(function* () {
      const error = yield* Effect.flip((yield* PlatformHttp).post(appUrl))
      assert.instanceOf(error, ChallengeError)
      assert.strictEqual((error as ChallengeError).reason, "abandoned")
      assert.deepStrictEqual(
        (yield* StubFetch).requests.map((r) => r.url),
        [appUrl]
      )
    }).pipe(
      Effect.provide(
        testPlatformLayer(
          platform(),
          {},
          {
            challenges: { script: () => ScriptedChallengePresenter.abandon() }
          }
        )
      )
    )
  )

  it.effect("signing and challenges together: the continue call and the re-sent request are signed too", () =>
    Effect.gen(function* () {
      yield* TestClock.setTime(1_700_000_000_000)
      assert.deepStrictEqual(yield* (yield* PlatformHttp).post(appUrl, { body: { n: 1 } }), { ok: true })
      const requests = (yield* StubFetch).requests
      assert.deepStrictEqual(
        requests.map((r) => r.url),
        [appUrl, continueUrl, appUrl]
      )
      const spki = yield* storedSpki
      assert.deepStrictEqual(
        requests.map((r) => verifyToken(r.headers[header], r, spki)),
        ["verified", "verified", "verified"]
      )
    }).pipe(Effect.provide(testPlatformLayer(platform(), signingConfig(), { signing: true, challenges: true })))
  )
})
