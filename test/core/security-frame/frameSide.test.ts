import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import { TestClock } from "effect/testing"
import { Crypto } from "../../../src/core/browser/Crypto.ts"
import { makePlatformConfig, PlatformConfig } from "../../../src/core/config/PlatformConfig.ts"
import { allowedParent, serveSecurityFrame } from "../../../src/core/security-frame/frameSide.ts"
import { parseAllowedParentOrigins } from "../../../src/core/security-frame/frameMain.ts"
import { BoundAuthTokenSigner } from "../../../src/core/signing/BoundAuthTokenSigner.ts"
import { KeyStore } from "../../../src/core/signing/KeyStore.ts"
import { MemoryFrames } from "../../../src/testing/memory/MemoryFrames.ts"
import { location, signingConfig } from "../signing/harness.ts"
import { verifyToken } from "../signing/verifier.ts"
import { frameLayer, pageOrigin, wwwOrigin } from "./harness.ts"

const settle = Effect.gen(function*() {
  for (let i = 0; i < 20; i++) yield* Effect.yieldNow
})

/** Send `data` from the parent window at `origin` and collect the replies (waits for real WebCrypto when signing). */
const ask = (origin: string, data: unknown) =>
  Effect.gen(function*() {
    const replies: Array<{ message: unknown; targetOrigin: string }> = []
    const frames = yield* MemoryFrames
    yield* frames.dispatch({
      origin,
      data,
      source: frames.parent,
      onReply: (message, targetOrigin) => replies.push({ message, targetOrigin })
    })
    for (let i = 0; i < 200 && replies.length === 0; i++) yield* Effect.promise(() => new Promise((r) => setTimeout(r, 1)))
    yield* settle
    return replies
  })

const signRequest = (requestId: string, request: { url: string; method: string; body: string }) => ({
  msg: "signSubdomainRequest",
  data: { requestId, request }
})

describe("security frame (frame side)", () => {
  it.effect("answers checkLoadedRequest with loaded, to exactly the sender's origin", () =>
    Effect.gen(function*() {
      yield* Effect.forkChild(serveSecurityFrame())
      yield* settle
      assert.deepStrictEqual(yield* ask(pageOrigin, { msg: "checkLoadedRequest" }), [
        { message: { msg: "dataFromHbaFrame", data: { type: "loaded" } }, targetOrigin: pageOrigin }
      ])
    }).pipe(Effect.provide(frameLayer())))

  it.effect("signs a request with the www origin's key: the header verifies with node:crypto", () =>
    Effect.gen(function*() {
      yield* Effect.forkChild(serveSecurityFrame())
      yield* settle
      const request = { url: "https://apis.example.com/v1/things?x=1", method: "PATCH", body: "{\"ü\":1}" }
      const replies = yield* ask(pageOrigin, signRequest("id-1", request))
      assert.strictEqual(replies.length, 1)
      const answer = replies[0]!.message as { msg: string; data: { type: string; requestId: string; header: string } }
      assert.deepStrictEqual([answer.msg, answer.data.type, answer.data.requestId, replies[0]!.targetOrigin], [
        "dataFromHbaFrame",
        "batHeader",
        "id-1",
        pageOrigin
      ])
      const pair = yield* (yield* KeyStore).keyPair(location)
      const spki = yield* (yield* Crypto).exportSpki(pair.publicKey)
      assert.strictEqual(verifyToken(answer.data.header, request, spki), "verified")
    }).pipe(Effect.provide(frameLayer())))

  it.effect("answers the failure kind when it cannot sign (the frame page's user is a guest: RequestExempt)", () =>
    Effect.gen(function*() {
      yield* Effect.forkChild(serveSecurityFrame())
      yield* settle
      const replies = yield* ask(pageOrigin, signRequest("id-2", { url: "https://apis.example.com/", method: "GET", body: "" }))
      assert.deepStrictEqual(replies.map((r) => r.message), [
        { msg: "dataFromHbaFrame", data: { type: "batHeader", requestId: "id-2", error: "RequestExempt" } }
      ])
    }).pipe(Effect.provide(frameLayer(signingConfig({ user: { id: undefined, authenticated: false } })))))

  it.effect("a signature that never comes: answered SigningTimedOut at RequestSigningTimeout (2 s), not before", () => {
    const hungSigner = Layer.succeed(BoundAuthTokenSigner, BoundAuthTokenSigner.of({ token: () => Effect.never, tokenAt: () => Effect.never }))
    return Effect.gen(function*() {
      yield* Effect.forkChild(serveSecurityFrame())
      yield* settle
      const frames = yield* MemoryFrames
      const replies: Array<unknown> = []
      yield* frames.dispatch({
        origin: pageOrigin,
        data: signRequest("id-9", { url: "https://apis.example.com/v1/things", method: "POST", body: "{}" }),
        source: frames.parent,
        onReply: (message) => replies.push(message)
      })
      yield* settle
      yield* TestClock.adjust("1999 millis")
      yield* settle
      assert.deepStrictEqual(replies, [])
      yield* TestClock.adjust("1 millis")
      yield* settle
      assert.deepStrictEqual(replies, [
        { msg: "dataFromHbaFrame", data: { type: "batHeader", requestId: "id-9", error: "SigningTimedOut" } }
      ])
    }).pipe(Effect.provide(Layer.mergeAll(hungSigner, MemoryFrames.layer({ origin: wwwOrigin }), PlatformConfig.layer(signingConfig()))))
  })

  it.effect("ignores other origins, other windows and malformed messages: no answer at all", () =>
    Effect.gen(function*() {
      yield* Effect.forkChild(serveSecurityFrame())
      yield* settle
      const frames = yield* MemoryFrames
      for (
        const [origin, data] of [
          ["https://evil.com", { msg: "checkLoadedRequest" }],
          ["https://create.example.com.evil.com", { msg: "checkLoadedRequest" }],
          ["http://create.example.com", { msg: "checkLoadedRequest" }],
          ["null", { msg: "checkLoadedRequest" }],
          ["*", { msg: "checkLoadedRequest" }],
          [pageOrigin, { msg: "checkLoaded" }],
          [pageOrigin, "checkLoadedRequest"],
          [pageOrigin, signRequest("", { url: "https://apis.example.com/", method: "GET", body: "" })],
          [pageOrigin, signRequest("x", { url: "https://apis.example.com/", method: "BREW", body: "" })],
          [pageOrigin, { msg: "signSubdomainRequest", data: { requestId: "x", request: { url: "u", method: "GET" } } }]
        ] as const
      ) yield* frames.dispatch({ origin, data, source: frames.parent })
      // the right origin and data, from a window that is not the parent (a sibling frame, an opener, a popup)
      for (const source of [{ sibling: true }, undefined, null]) {
        yield* frames.dispatch({ origin: pageOrigin, data: { msg: "checkLoadedRequest" }, source })
      }
      yield* Effect.promise(() => new Promise((r) => setTimeout(r, 20)))
      yield* settle
      assert.deepStrictEqual(yield* frames.replies, [])
      // the five foreign origins and the three foreign windows were dropped on arrival, before any decoding
      assert.strictEqual(yield* frames.dropped, 5 + 3)
    }).pipe(Effect.provide(frameLayer())))

  it("allowed parents: same scheme and an allow-listed host, or an exact listed origin", () => {
    const rule = allowedParent(
      makePlatformConfig(signingConfig()),
      wwwOrigin,
      ["http://127.0.0.1:5174"]
    )
    assert.deepStrictEqual(
      [
        "https://create.example.com",
        "https://example.com",
        "https://www.example.com",
        "http://create.example.com",
        "https://create.example.com.evil.com",
        "https://evilexample.com",
        "https://create.example.com/",
        "http://127.0.0.1:5174",
        "http://127.0.0.1:5175",
        "*",
        "null"
      ].map(rule),
      [true, true, true, false, false, false, false, true, false, false, false]
    )
    assert.deepStrictEqual(parseAllowedParentOrigins(" http://127.0.0.1:5174, *, https://a.b/c, null,https://x.y "), [
      "http://127.0.0.1:5174",
      "https://x.y"
    ])
  })
})
