import { assert, describe, it } from "@effect/vitest"
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Fiber from "effect/Fiber"
import * as Layer from "effect/Layer"
import { TestClock } from "effect/testing"
import { Crypto } from "../../../../src/core/browser/Crypto.ts"
import { PlatformConfig } from "../../../../src/core/config/PlatformConfig.ts"
import { PlatformHttp } from "../../../../src/core/http/PlatformHttp.ts"
import { serveSecurityFrame } from "../../../../src/core/signing/frame/frameSide.ts"
import { SecurityFrame } from "../../../../src/core/signing/frame/SecurityFrame.ts"
import { KeyStore } from "../../../../src/core/signing/keys/KeyStore.ts"
import { Signing } from "../../../../src/core/signing/Signing.ts"
import { MemoryFrames } from "../../../../src/testing/memory/MemoryFrames.ts"
import { MemoryTelemetry } from "../../../../src/testing/memory/MemoryTelemetry.ts"
import { jsonResponse, StubFetch } from "../../../../src/testing/StubFetch.ts"
import { platformHttpLayer } from "../../http/harness.ts"
import { location, signingConfig } from "../harness.ts"
import { verifyToken } from "../verifier.ts"
import { batAnswer, frameLayer, loadFrame, metricsLayer, pageOrigin, settle, token5 } from "./harness.ts"

const config = signingConfig()

/** PlatformHttp on the page, signing through the frame (Signing.viaSecurityFrame) over memory frames; fresh storage each time. */
const pageHttp = () =>
  PlatformHttp.layerNoDeps.pipe(
    Layer.provideMerge(
      platformHttpLayer(
        (r) =>
          r.headers["x-csrf-token"] === "fresh"
            ? jsonResponse({ ok: true })
            : jsonResponse({}, { status: 403, headers: { "x-csrf-token": "fresh" } }),
        config
      )
    ),
    Layer.provideMerge(
      Signing.viaSecurityFrame.pipe(
        Layer.provideMerge(
          Layer.mergeAll(
            MemoryFrames.layer({ origin: pageOrigin }),
            metricsLayer,
            Crypto.browser,
            PlatformConfig.layer(config),
            MemoryTelemetry.layer()
          )
        )
      )
    )
  )

describe("a page on another sub-domain, connected to the frame", () => {
  it.effect("a POST answered 403 is sent twice, each signed by the frame with the www key and verified", () =>
    Effect.gen(function* () {
      // the frame page, in its own context, connected to the page's memory frames
      const frame = yield* Layer.build(frameLayer())
      const frameWindow = Context.get(frame, MemoryFrames)
      const page = yield* MemoryFrames
      yield* page.onPost((post) =>
        frameWindow.dispatchUnsafe({
          origin: pageOrigin,
          source: frameWindow.parent,
          data: post.message,
          onReply: (answer) => post.respond(answer)
        })
      )
      yield* Effect.forkChild(Effect.scoped(serveSecurityFrame()).pipe(Effect.provideContext(frame)))
      for (let i = 0; i < 20; i++) yield* Effect.yieldNow // the frame starts listening
      yield* page.load
      assert.strictEqual(yield* (yield* SecurityFrame).settled, "Loaded")

      yield* (yield* PlatformHttp).post({ service: "apis", path: "/v1/things" }, { body: { name: "ü" } })
      const requests = (yield* StubFetch).requests
      assert.strictEqual(requests.length, 2)
      const pair = yield* Effect.flatMap(KeyStore, (s) => s.keyPair(location)).pipe(Effect.provideContext(frame))
      const spki = yield* Effect.flatMap(Crypto, (c) => c.exportSpki(pair.publicKey)).pipe(Effect.provideContext(frame))
      assert.deepStrictEqual(
        requests.map((r) => verifyToken(r.headers["x-bound-auth-token"], r, spki)),
        ["verified", "verified"]
      )
      assert.notStrictEqual(requests[0]!.headers["x-bound-auth-token"], requests[1]!.headers["x-bound-auth-token"])
      // every message of the page went to the exact www origin
      const posts = (yield* page.frames)[0]!.posts
      assert.deepStrictEqual(
        posts.map((p) => (p.message as { msg: string }).msg),
        ["checkLoadedRequest", "signSubdomainRequest", "signSubdomainRequest"]
      )
      assert.deepStrictEqual([...new Set(posts.map((p) => p.targetOrigin))], ["https://www.example.com"])
    }).pipe(Effect.provide(pageHttp()))
  )

  it.effect("only the bound-auth token of the frame's batHeader reaches the request: other keys are never copied", () =>
    Effect.gen(function* () {
      yield* loadFrame((posted) =>
        batAnswer(posted.identifier, {
          "x-bound-auth-token": token5,
          "x-csrf-token": "from-the-frame",
          cookie: "session=stolen",
          authorization: "Bearer x"
        })
      )
      yield* (yield* PlatformHttp).post({ service: "apis", path: "/v1/things" }, { body: {} })
      // the 403 and its re-send with the server's anti-forgery token: each carries the frame's token, nothing else of it
      assert.deepStrictEqual(
        (yield* StubFetch).requests.map((r) =>
          ["x-bound-auth-token", "x-csrf-token", "cookie", "authorization"].map((name) => r.headers[name])
        ),
        [
          [token5, undefined, undefined, undefined],
          [token5, "fresh", undefined, undefined]
        ]
      )
    }).pipe(Effect.provide(pageHttp()))
  )

  it.effect(
    "a frame that never loads: requests wait until 1500 ms, then go out unsigned; the frame is never created again",
    () =>
      Effect.gen(function* () {
        const http = yield* PlatformHttp
        // the stub answers GETs 403 (they carry no anti-forgery token): only what is sent matters here
        const first = yield* Effect.forkChild(Effect.exit(http.get({ service: "apis", path: "/v1/a" })))
        yield* settle
        yield* TestClock.adjust(1499)
        assert.deepStrictEqual((yield* StubFetch).requests, [])
        yield* TestClock.adjust(1)
        yield* Fiber.join(first)
        yield* Effect.exit(http.get({ service: "apis", path: "/v1/b" }))
        // the first GET's 403 brings a new anti-forgery token, so it is re-sent once: every send unsigned
        const sent = (yield* StubFetch).requests
        assert.deepStrictEqual(
          sent.map((r) => [r.url, r.headers["x-bound-auth-token"]]),
          [
            ["https://apis.example.com/v1/a", undefined],
            ["https://apis.example.com/v1/a", undefined],
            ["https://apis.example.com/v1/b", undefined]
          ]
        )
        const frames = yield* (yield* MemoryFrames).frames
        assert.deepStrictEqual(
          frames.map((f) => f.posts.length),
          [0]
        )
      }).pipe(Effect.provide(pageHttp()))
  )
})
