import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import { TestClock } from "effect/testing"
import { Crypto } from "../../../../src/core/browser/Crypto.ts"
import { makePlatformConfig } from "../../../../src/core/config/PlatformConfig.ts"
import { parseAllowedParentOrigins } from "../../../../src/core/signing/frame/frameMain.ts"
import { allowedParent, serveSecurityFrame } from "../../../../src/core/signing/frame/frameSide.ts"
import { BoundAuthTokenSigner } from "../../../../src/core/signing/token/BoundAuthTokenSigner.ts"
import { KeyStore } from "../../../../src/core/signing/keys/KeyStore.ts"
import { MemoryFrames } from "../../../../src/testing/memory/MemoryFrames.ts"
import { MemoryKeyDatabase } from "../../../../src/testing/memory/MemoryKeyDatabase.ts"
import { MemoryLogger } from "../../../../src/testing/memory/MemoryLogger.ts"
import { location, signingConfig } from "../harness.ts"
import { verifyToken } from "../verifier.ts"
import { frameLayer, pageOrigin, settle, token4 } from "./harness.ts"

/** Send `data` from the parent window at `origin` and collect the replies (waits for real WebCrypto when signing). */
const ask = (origin: string, data: unknown) =>
  Effect.gen(function* () {
    const replies: Array<{ message: unknown; targetOrigin: string }> = []
    const frames = yield* MemoryFrames
    yield* frames.dispatch({
      origin,
      data,
      source: frames.parent,
      onReply: (message, targetOrigin) => replies.push({ message, targetOrigin })
    })
    for (let i = 0; i < 200 && replies.length === 0; i++)
      yield* Effect.promise(() => new Promise((r) => setTimeout(r, 1)))
    yield* settle
    return replies
  })

/** A `signSubdomainRequest` as a real page side posts it. */
const signRequest = (identifier: string, data: unknown) => ({
  msg: "signSubdomainRequest",
  identifier,
  serializedSubdomainRequestData: typeof data === "string" ? data : JSON.stringify(data)
})

const refusal = (identifier: string) => ({
  msg: "dataFromHbaFrame",
  data: { type: "batHeader", identifier, isError: true, batHeader: {} }
})

/** A signer that signs anything with a fixed token, recording what it was asked to sign. */
const spySigner = () => {
  const asked: Array<{ url: string; method: string; body: string | Uint8Array }> = []
  const layer = Layer.succeed(
    BoundAuthTokenSigner,
    BoundAuthTokenSigner.of({
      token: (request) =>
        Effect.sync(() => (asked.push({ url: request.url, method: request.method, body: request.body }), token4)),
      tokenAt: () => Effect.succeed(token4)
    })
  )
  return { asked, layer }
}

describe("security frame (frame side)", () => {
  it.effect("answers checkLoadedRequest with loaded, to exactly the sender's origin", () =>
    Effect.gen(function* () {
      yield* Effect.forkChild(serveSecurityFrame())
      yield* settle
      assert.deepStrictEqual(yield* ask(pageOrigin, { msg: "checkLoadedRequest" }), [
        { message: { msg: "dataFromHbaFrame", data: { type: "loaded" } }, targetOrigin: pageOrigin }
      ])
    }).pipe(Effect.provide(frameLayer()))
  )

  it.effect(
    "signs a request with the www origin's key: batHeader { x-bound-auth-token }, the identifier echoed; the token verifies",
    () =>
      Effect.gen(function* () {
        yield* Effect.forkChild(serveSecurityFrame())
        yield* settle
        const url = "https://apis.example.com/v1/things?x=1"
        const body = '{"ü":1}'
        const replies = yield* ask(
          pageOrigin,
          signRequest("4f1b7a52-3c9e-4d1a-9a55-0c8a3e6f1b21", {
            url,
            requestInit: {
              method: "patch",
              body,
              headers: { "content-type": "application/json" },
              credentials: "include"
            }
          })
        )
        assert.strictEqual(replies.length, 1)
        const answer = replies[0]!.message as { data: { batHeader: Record<string, string> } }
        const token = answer.data.batHeader["x-bound-auth-token"]!
        assert.deepStrictEqual(replies[0], {
          message: {
            msg: "dataFromHbaFrame",
            data: {
              type: "batHeader",
              identifier: "4f1b7a52-3c9e-4d1a-9a55-0c8a3e6f1b21",
              batHeader: { "x-bound-auth-token": token }
            }
          },
          targetOrigin: pageOrigin
        })
        const pair = yield* (yield* KeyStore).keyPair(location)
        const spki = yield* (yield* Crypto).exportSpki(pair.publicKey)
        assert.strictEqual(verifyToken(token, { url, method: "PATCH", body }, spki), "verified")
      }).pipe(Effect.provide(frameLayer()))
  )

  it.effect("no requestInit: a GET without a body; the URL signed is the one fetch sends (fragment removed)", () => {
    const spy = spySigner()
    return Effect.gen(function* () {
      yield* Effect.forkChild(serveSecurityFrame())
      yield* settle
      yield* ask(pageOrigin, signRequest("a", { url: "https://APIS.example.com/v1/a b#frag" }))
      yield* ask(
        pageOrigin,
        signRequest("b", { url: "https://apis.example.com/v1/c", requestInit: { method: "DELETE", body: null } })
      )
      assert.deepStrictEqual(spy.asked, [
        { url: "https://apis.example.com/v1/a%20b", method: "GET", body: "" },
        { url: "https://apis.example.com/v1/c", method: "DELETE", body: "" }
      ])
    }).pipe(Effect.provide(spy.layer), Effect.provide(frameLayer()))
  })

  it.effect(
    "answers isError, without signing, to requests it refuses: too large, not JSON, a foreign host, a relative URL…",
    () => {
      const spy = spySigner()
      return Effect.gen(function* () {
        yield* Effect.forkChild(serveSecurityFrame())
        yield* settle
        const api = "https://apis.example.com/v1/x"
        const get = (url: string) => ({ url, requestInit: { method: "GET" } })
        const offPlatform = "the request URL is not on a platform host"
        const notShaped = "the request is not { url, requestInit }"
        const refused: Array<[string, unknown, string]> = [
          [
            "too large",
            { url: api, requestInit: { method: "POST", body: "x".repeat(1_048_576) } },
            "the request is too large"
          ],
          ["not JSON", '{"url":', "the request is not JSON"],
          ["JSON of something else", '["https://apis.example.com/"]', notShaped],
          ["no url", { requestInit: { method: "GET" } }, notShaped],
          ["a body that is not text", { url: api, requestInit: { method: "POST", body: { a: 1 } } }, notShaped],
          [
            "a foreign host",
            { url: "https://evil.com/v1/x", requestInit: { method: "POST", body: "{}" } },
            offPlatform
          ],
          ["a look-alike host", get("https://apis.example.com.evil.com/"), offPlatform],
          [
            "the host in the user info",
            get("https://apis.example.com@evil.com/"),
            "the request URL carries credentials"
          ],
          ["credentials in the URL", get("https://u:p@apis.example.com/"), "the request URL carries credentials"],
          ["http on a platform host", get("http://apis.example.com/v1/x"), offPlatform],
          ["a relative URL", get("/v1/x"), "the request URL is not absolute"],
          ["a backslash path to another host", get("https:\\\\evil.com\\x"), offPlatform],
          ["an unknown method", { url: api, requestInit: { method: "BREW" } }, "the method cannot be signed"]
        ]
        for (const [name, data] of refused) {
          assert.deepStrictEqual(
            yield* ask(pageOrigin, signRequest(name, data)),
            [{ message: refusal(name), targetOrigin: pageOrigin }],
            name
          )
        }
        const logged = (yield* (yield* MemoryLogger).entries).filter((e) => e.text.startsWith("Security frame refused"))
        assert.deepStrictEqual(
          logged.map((e) => [e.level, e.text]),
          refused.map(([, , why]) => ["Warn", `Security frame refused to sign: ${why}`])
        )
        assert.deepStrictEqual(spy.asked, [])
      }).pipe(Effect.provide(spy.layer), Effect.provide(Layer.merge(frameLayer(), MemoryLogger.layer())))
    }
  )

  it.effect("a request the frame page's policy does not sign (its user is a guest): isError", () =>
    Effect.gen(function* () {
      yield* Effect.forkChild(serveSecurityFrame())
      yield* settle
      const replies = yield* ask(
        pageOrigin,
        signRequest("id-2", { url: "https://apis.example.com/", requestInit: { method: "GET" } })
      )
      assert.deepStrictEqual(
        replies.map((r) => r.message),
        [refusal("id-2")]
      )
    }).pipe(Effect.provide(frameLayer(signingConfig({ user: { id: undefined, authenticated: false } }))))
  )

  it.effect("a signature that never comes: answered isError at RequestSigningTimeout (2 s), not before", () => {
    const hungSigner = Layer.succeed(
      BoundAuthTokenSigner,
      BoundAuthTokenSigner.of({ token: () => Effect.never, tokenAt: () => Effect.never })
    )
    return Effect.gen(function* () {
      yield* Effect.forkChild(serveSecurityFrame())
      yield* settle
      const frames = yield* MemoryFrames
      const replies: Array<unknown> = []
      yield* frames.dispatch({
        origin: pageOrigin,
        data: signRequest("id-9", {
          url: "https://apis.example.com/v1/things",
          requestInit: { method: "POST", body: "{}" }
        }),
        source: frames.parent,
        onReply: (message) => replies.push(message)
      })
      yield* settle
      yield* TestClock.adjust("1999 millis")
      yield* settle
      assert.deepStrictEqual(replies, [])
      yield* TestClock.adjust("1 millis")
      yield* settle
      assert.deepStrictEqual(replies, [refusal("id-9")])
    }).pipe(Effect.provide(hungSigner), Effect.provide(frameLayer()))
  })

  it.effect("reads the key pair as it starts when its user can sign, so the first request does not wait for it", () =>
    Effect.gen(function* () {
      const database = yield* MemoryKeyDatabase
      assert.strictEqual(yield* database.reads, 0)
      yield* Effect.forkChild(serveSecurityFrame())
      yield* settle
      for (let i = 0; i < 200 && (yield* database.peek(location)) === undefined; i++) {
        yield* Effect.promise(() => new Promise((r) => setTimeout(r, 1)))
      }
      assert.strictEqual(yield* database.reads, 1)
      assert.isDefined(yield* database.peek(location))
    }).pipe(Effect.provide(frameLayer()))
  )

  it.effect("ignores other origins, other windows and malformed messages: no answer at all", () =>
    Effect.gen(function* () {
      yield* Effect.forkChild(serveSecurityFrame())
      yield* settle
      const frames = yield* MemoryFrames
      const good = { url: "https://apis.example.com/", requestInit: { method: "GET" } }
      for (const [origin, data] of [
        ["https://evil.com", { msg: "checkLoadedRequest" }],
        ["https://create.example.com.evil.com", signRequest("x", good)],
        ["http://create.example.com", { msg: "checkLoadedRequest" }],
        ["https://create.example.com:8443", { msg: "checkLoadedRequest" }],
        ["https://example.com", { msg: "checkLoadedRequest" }],
        ["null", { msg: "checkLoadedRequest" }],
        ["*", { msg: "checkLoadedRequest" }],
        [pageOrigin, { msg: "checkLoaded" }],
        [pageOrigin, "checkLoadedRequest"],
        [pageOrigin, null],
        [pageOrigin, [{ msg: "checkLoadedRequest" }]],
        [pageOrigin, { msg: "signSubdomainRequest", serializedSubdomainRequestData: JSON.stringify(good) }],
        [pageOrigin, signRequest("", good)],
        [pageOrigin, signRequest("x".repeat(129), good)],
        [
          pageOrigin,
          { msg: "signSubdomainRequest", identifier: 7, serializedSubdomainRequestData: JSON.stringify(good) }
        ],
        [pageOrigin, { msg: "signSubdomainRequest", identifier: "x", serializedSubdomainRequestData: good }],
        [
          pageOrigin,
          { msg: "signSubdomainRequest", data: { requestId: "x", request: { url: good.url, method: "GET", body: "" } } }
        ]
      ] as const)
        yield* frames.dispatch({ origin, data, source: frames.parent })
      // the right origin and data, from a window that is not the parent (a sibling frame, an opener, a popup)
      for (const source of [{ sibling: true }, undefined, null]) {
        yield* frames.dispatch({ origin: pageOrigin, data: { msg: "checkLoadedRequest" }, source })
      }
      yield* Effect.promise(() => new Promise((r) => setTimeout(r, 20)))
      yield* settle
      assert.deepStrictEqual(yield* frames.replies, [])
      // the seven foreign origins and the three foreign windows were dropped on arrival, before any decoding
      assert.strictEqual(yield* frames.dropped, 7 + 3)
    }).pipe(Effect.provide(frameLayer()))
  )

  it("allowed parents: an https origin on the default port strictly under the platform's domain, or an exact listed origin", () => {
    const rule = allowedParent(makePlatformConfig(signingConfig()), ["http://127.0.0.1:5174"])
    assert.deepStrictEqual(
      [
        "https://create.example.com",
        "https://studio.create.example.com",
        "https://www.example.com",
        "https://example.com",
        "http://create.example.com",
        "https://create.example.com:8443",
        "https://create.example.com.evil.com",
        "https://evilexample.com",
        "https://create.example.com/",
        "http://127.0.0.1:5174",
        "http://127.0.0.1:5175",
        "*",
        "null"
      ].map(rule),
      [true, true, true, false, false, false, false, false, false, true, false, false, false]
    )
    // an origin entry of platformHosts is not a parent unless listed
    const local = allowedParent(makePlatformConfig({ platformHosts: ["http://127.0.0.1:4010", ".example.com"] }))
    assert.deepStrictEqual(["http://127.0.0.1:4010", "https://a.example.com"].map(local), [false, true])
    assert.deepStrictEqual(parseAllowedParentOrigins(" http://127.0.0.1:5174, *, https://a.b/c, null,https://x.y "), [
      "http://127.0.0.1:5174",
      "https://x.y"
    ])
  })
})
