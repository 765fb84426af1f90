import { assert, describe, it } from "@effect/vitest"
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Fiber from "effect/Fiber"
import * as Layer from "effect/Layer"
import { TestClock } from "effect/testing"
import { SecurityFrame } from "../../../../src/core/signing/frame/SecurityFrame.ts"
import type { SignableRequest } from "../../../../src/core/signing/token/SignableRequest.ts"
import { MemoryFrames } from "../../../../src/testing/memory/MemoryFrames.ts"
import { signingConfig } from "../harness.ts"
import {
  batAnswer,
  frameUrl,
  loadedAnswer,
  loadFrame,
  pageLayer,
  playFrame,
  postedSigningRequests,
  RecordedMetrics,
  settle,
  token4,
  wwwOrigin
} from "./harness.ts"

const request: SignableRequest = {
  url: "https://apis.example.com/v1/things?x=1",
  host: "apis.example.com",
  method: "POST",
  body: '{"a":1}'
}

const signed = (identifier: string) => batAnswer(identifier, { "x-bound-auth-token": token4 })

describe("SecurityFrame (page side): the frame and its load", () => {
  it.effect(
    "creates the hidden frame hba-frame at {www}/hba/iframe and posts checkLoadedRequest to the www origin once it loads",
    () =>
      Effect.gen(function* () {
        const frame = yield* SecurityFrame
        const frames = yield* MemoryFrames
        yield* settle
        const [created] = yield* frames.frames
        assert.deepStrictEqual([created!.url, created!.id, created!.posts], [frameUrl, "hba-frame", []])
        assert.strictEqual(yield* frame.state, "NotLoaded")
        yield* playFrame()
        yield* TestClock.adjust(250)
        yield* frames.load
        yield* settle
        assert.deepStrictEqual((yield* frames.frames)[0]!.posts, [
          { message: { msg: "checkLoadedRequest" }, targetOrigin: wwwOrigin, delivered: true }
        ])
        assert.strictEqual(yield* frame.state, "Loaded")
        assert.deepStrictEqual(yield* (yield* RecordedMetrics).all, [
          { name: "load_time_hba_frame", value: 250, labelValues: { origin_site: "create" } }
        ])
      }).pipe(Effect.provide(pageLayer()))
  )

  it.effect(
    "load time-out: still NotLoaded at 1499 ms, Failed at 1500 ms with FrameLoadTimedOut; never retried, later requests unsigned at once",
    () =>
      Effect.gen(function* () {
        const frame = yield* SecurityFrame
        const frames = yield* MemoryFrames
        yield* frames.load // loads but never answers
        yield* settle
        yield* TestClock.adjust(1499)
        assert.strictEqual(yield* frame.state, "NotLoaded")
        // a request made while loading waits for the outcome
        const waiting = yield* Effect.forkChild(Effect.flip(frame.token(request)))
        yield* settle
        assert.isUndefined(waiting.pollUnsafe())
        yield* TestClock.adjust(1)
        assert.strictEqual(yield* frame.state, "Failed")
        const failure = yield* Fiber.join(waiting)
        assert.deepStrictEqual([failure.reason, failure.detail], ["Unknown", "security frame is not loaded"])
        assert.deepStrictEqual(yield* (yield* RecordedMetrics).all, [
          { name: "event_hba_frame", value: 1, labelValues: { origin_site: "create", event_type: "FrameLoadTimedOut" } }
        ])
        // a late "loaded" changes nothing, nothing is retried, later requests fail at once without a post
        const [created] = yield* frames.frames
        yield* frames.dispatch({ origin: wwwOrigin, data: loadedAnswer, source: created!.source })
        yield* TestClock.adjust("10 minutes")
        yield* settle
        assert.strictEqual(yield* frame.state, "Failed")
        assert.strictEqual((yield* Effect.flip(frame.token(request))).detail, "security frame is not loaded")
        assert.strictEqual((yield* frames.frames).length, 1)
        assert.deepStrictEqual(
          (yield* frames.frames)[0]!.posts.map((p) => (p.message as { msg: string }).msg),
          ["checkLoadedRequest"]
        )
        assert.strictEqual((yield* (yield* RecordedMetrics).all).length, 1)
      }).pipe(Effect.provide(pageLayer()))
  )

  it.effect("a frame that never fires load times out the same way, without a post", () =>
    Effect.gen(function* () {
      const frame = yield* SecurityFrame
      yield* settle
      yield* TestClock.adjust(1500)
      assert.strictEqual(yield* frame.settled, "Failed")
      assert.deepStrictEqual((yield* (yield* MemoryFrames).frames)[0]!.posts, [])
    }).pipe(Effect.provide(pageLayer()))
  )

  it.effect("a flood of 10,000 junk messages before and 10,000 after the answer cannot push it out: Loaded", () =>
    Effect.gen(function* () {
      const frame = yield* SecurityFrame
      const frames = yield* MemoryFrames
      yield* settle
      const frameWindow = (yield* frames.frames)[0]!.source
      // other sites, other windows, the www origin from another window, the frame's window from a look-alike origin
      const junk = [
        { origin: "https://evil.test", source: { evil: true } },
        { origin: "https://evil.test", source: frameWindow },
        { origin: wwwOrigin, source: { sibling: true } },
        { origin: `${wwwOrigin}.evil.test`, source: frameWindow },
        { origin: "null", source: frameWindow }
      ]
      const flood = () => {
        for (let i = 0; i < 10_000; i++) frames.dispatchUnsafe({ ...junk[i % junk.length]!, data: loadedAnswer })
      }
      yield* frames.onPost((post) => {
        if ((post.message as { msg?: string }).msg !== "checkLoadedRequest") return
        flood()
        post.respond(loadedAnswer)
        flood()
      })
      yield* frames.load
      yield* settle
      assert.strictEqual(yield* frame.state, "Loaded")
      assert.strictEqual(yield* frames.dropped, 20_000)
    }).pipe(Effect.provide(pageLayer()))
  )

  it.effect("a www base URL that is not a URL: Failed at once, no frame", () =>
    Effect.gen(function* () {
      assert.strictEqual(yield* (yield* SecurityFrame).settled, "Failed")
      assert.deepStrictEqual(yield* (yield* MemoryFrames).frames, [])
    }).pipe(Effect.provide(pageLayer(signingConfig({ baseUrls: { www: "not a url" } }))))
  )

  it.effect("the frame is removed when the layer's scope closes", () =>
    Effect.gen(function* () {
      const control = yield* Effect.scoped(
        Effect.map(Layer.build(pageLayer()), (context) => Context.get(context, MemoryFrames))
      )
      assert.deepStrictEqual(
        (yield* control.frames).map((f) => f.removed),
        [true]
      )
    })
  )
})

describe("SecurityFrame (page side): signSubdomainRequest", () => {
  it.effect(
    "posts the real message to the www origin: a fresh UUID identifier, the request as JSON { url, requestInit }",
    () =>
      Effect.gen(function* () {
        const frame = yield* SecurityFrame
        const frames = yield* MemoryFrames
        yield* loadFrame((posted) => signed(posted.identifier))
        assert.strictEqual(yield* frame.token(request), token4)
        assert.strictEqual(
          yield* frame.token({ ...request, url: "https://apis.example.com/v1/me", method: "GET", body: "" }),
          token4
        )
        const posts = (yield* frames.frames)[0]!.posts.slice(1)
        const [first, second] = yield* postedSigningRequests
        assert.match(first!.identifier, /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/)
        assert.notStrictEqual(first!.identifier, second!.identifier)
        assert.deepStrictEqual(posts[0], {
          message: {
            msg: "signSubdomainRequest",
            identifier: first!.identifier,
            serializedSubdomainRequestData:
              '{"url":"https://apis.example.com/v1/things?x=1","requestInit":{"method":"POST","body":"{\\"a\\":1}"}}'
          },
          targetOrigin: wwwOrigin,
          delivered: true
        })
        // no body: requestInit has the method alone
        assert.strictEqual(
          second!.serializedSubdomainRequestData,
          '{"url":"https://apis.example.com/v1/me","requestInit":{"method":"GET"}}'
        )
      }).pipe(Effect.provide(pageLayer()))
  )

  it.effect(
    "a bytes body crosses as the UTF-8 text it encodes, a byte-order mark kept; bytes that are not UTF-8 are not posted",
    () =>
      Effect.gen(function* () {
        const frame = yield* SecurityFrame
        yield* loadFrame((posted) => signed(posted.identifier))
        const bytes = new Uint8Array([0xef, 0xbb, 0xbf, ...new TextEncoder().encode('{"name":"ü"}')])
        assert.strictEqual(yield* frame.token({ ...request, body: bytes }), token4)
        const [posted] = yield* postedSigningRequests
        const body = (JSON.parse(posted!.serializedSubdomainRequestData) as { requestInit: { body: string } })
          .requestInit.body
        assert.deepStrictEqual(new TextEncoder().encode(body), bytes)

        const failure = yield* Effect.flip(frame.token({ ...request, body: new Uint8Array([0xff, 0xfe]) }))
        assert.deepStrictEqual([failure.reason, failure.detail], ["RequestBodyHashFailed", "body is not UTF-8 text"])
        assert.strictEqual((yield* postedSigningRequests).length, 1)
      }).pipe(Effect.provide(pageLayer()))
  )

  it.effect("a request whose serialised form exceeds 1 MiB is not posted: RequestBodyHashFailed", () =>
    Effect.gen(function* () {
      const frame = yield* SecurityFrame
      yield* loadFrame((posted) => signed(posted.identifier))
      const failure = yield* Effect.flip(frame.token({ ...request, body: "x".repeat(1_048_576) }))
      assert.deepStrictEqual(
        [failure.reason, failure.detail],
        ["RequestBodyHashFailed", "request too large for the security frame"]
      )
      assert.deepStrictEqual(yield* postedSigningRequests, [])
    }).pipe(Effect.provide(pageLayer()))
  )

  it.effect(
    "no answer: pending at 99 ms, Unknown with FrameResponseTimedOut at 100 ms; the frame stays Loaded, the late answer is ignored",
    () =>
      Effect.gen(function* () {
        const frame = yield* SecurityFrame
        const frames = yield* MemoryFrames
        yield* loadFrame()
        const fiber = yield* Effect.forkChild(Effect.flip(frame.token(request)))
        yield* settle
        yield* TestClock.adjust(99)
        assert.isUndefined(fiber.pollUnsafe())
        yield* TestClock.adjust(1)
        const failure = yield* Fiber.join(fiber)
        assert.deepStrictEqual([failure.reason, failure.detail], ["Unknown", "security frame response timed out"])
        assert.strictEqual(yield* frame.state, "Loaded")
        yield* settle
        assert.deepStrictEqual((yield* (yield* RecordedMetrics).all).slice(1), [
          {
            name: "event_hba_frame",
            value: 1,
            labelValues: { origin_site: "create", event_type: "FrameResponseTimedOut" }
          }
        ])
        // the late answer is ignored; the next request is answered normally
        const [late] = yield* postedSigningRequests
        const source = (yield* frames.frames)[0]!.source
        yield* frames.dispatch({ origin: wwwOrigin, source, data: signed(late!.identifier) })
        yield* playFrame((posted) => signed(posted.identifier))
        assert.strictEqual(yield* frame.token(request), token4)
        yield* settle
        assert.strictEqual(
          (yield* (yield* RecordedMetrics).all).filter((m) => m.name === "response_time_hba_frame").length,
          1
        )
      }).pipe(Effect.provide(pageLayer()))
  )
})
