import { assert, describe, it } from "@effect/vitest"
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Fiber from "effect/Fiber"
import * as Layer from "effect/Layer"
import { TestClock } from "effect/testing"
import { SecurityFrame } from "../../../src/core/security-frame/SecurityFrame.ts"
import type { SignableRequest } from "../../../src/core/signing/SignableRequest.ts"
import { MemoryFrames } from "../../../src/testing/memory/MemoryFrames.ts"
import { signingConfig } from "../signing/harness.ts"
import { frameUrl, pageLayer, pageOrigin, RecordedMetrics, wwwOrigin } from "./harness.ts"

const header = `v1|${"A".repeat(43)}=|1700000000|${"B".repeat(86)}==`
const request: SignableRequest = {
  url: "https://apis.example.com/v1/things?x=1",
  host: "apis.example.com",
  method: "POST",
  body: "{\"a\":1}"
}

/** Let forked fibers run. */
const settle = Effect.gen(function*() {
  for (let i = 0; i < 20; i++) yield* Effect.yieldNow
})

/** Load the frame: fire load, answer checkLoadedRequest after `after` ms. */
const loadFrame = (after = 0) =>
  Effect.gen(function*() {
    const frames = yield* MemoryFrames
    yield* frames.onPost((post) => {
      if ((post.message as { msg?: string }).msg === "checkLoadedRequest") {
        post.respond({ msg: "dataFromHbaFrame", data: { type: "loaded" } })
      }
    })
    yield* TestClock.adjust(after)
    yield* frames.load
    yield* settle
  })

/** Answer signing requests with a header (or an error reason). */
const answerSigning = (answer: (requestId: string) => unknown) =>
  Effect.flatMap(MemoryFrames, (frames) =>
    frames.onPost((post) => {
      const message = post.message as { msg?: string; data?: { requestId?: string } }
      if (message.msg === "signSubdomainRequest") post.respond(answer(message.data!.requestId!))
    }))

describe("SecurityFrame (page side)", () => {
  it.effect("creates the hidden frame at {www}/hba/iframe and asks checkLoadedRequest of the www origin once it loads", () =>
    Effect.gen(function*() {
      const frame = yield* SecurityFrame
      const frames = yield* MemoryFrames
      yield* settle
      const [created] = yield* frames.frames
      assert.strictEqual(created!.url, frameUrl)
      assert.deepStrictEqual(created!.posts, [])
      assert.strictEqual(yield* frame.state, "NotLoaded")
      yield* loadFrame(250)
      assert.deepStrictEqual((yield* frames.frames)[0]!.posts, [
        { message: { msg: "checkLoadedRequest" }, targetOrigin: wwwOrigin, delivered: true }
      ])
      assert.strictEqual(yield* frame.state, "Loaded")
      assert.deepStrictEqual(yield* (yield* RecordedMetrics).all, [
        { name: "load_time_hba_frame", value: 250, labelValues: { origin_site: pageOrigin } }
      ])
    }).pipe(Effect.provide(pageLayer())))

  it.effect("load time-out: still NotLoaded at 1499 ms, Failed at 1500 ms with FrameLoadTimedOut; never retried", () =>
    Effect.gen(function*() {
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
        { name: "event_hba_frame", value: 1, labelValues: { event_type: "FrameLoadTimedOut", origin_site: pageOrigin } }
      ])
      // a late "loaded" changes nothing, nothing is retried, later requests fail at once without a post
      const [created] = yield* frames.frames
      yield* frames.dispatch({ origin: wwwOrigin, data: { msg: "dataFromHbaFrame", data: { type: "loaded" } }, source: created!.source })
      yield* TestClock.adjust("10 minutes")
      yield* settle
      assert.strictEqual(yield* frame.state, "Failed")
      assert.strictEqual((yield* Effect.flip(frame.token(request))).detail, "security frame is not loaded")
      assert.strictEqual((yield* frames.frames).length, 1)
      assert.deepStrictEqual((yield* frames.frames)[0]!.posts.map((p) => (p.message as { msg: string }).msg), [
        "checkLoadedRequest"
      ])
    }).pipe(Effect.provide(pageLayer())))

  it.effect("a flood of 10,000 junk messages before and 10,000 after the answer cannot push it out: Loaded", () =>
    Effect.gen(function*() {
      const frame = yield* SecurityFrame
      const frames = yield* MemoryFrames
      yield* settle
      const frameWindow = (yield* frames.frames)[0]!.source
      const loaded = { msg: "dataFromHbaFrame", data: { type: "loaded" } }
      // other sites, other windows, the www origin from another window, the frame's window from a look-alike origin
      const junk = [
        { origin: "https://evil.test", source: { evil: true } },
        { origin: "https://evil.test", source: frameWindow },
        { origin: wwwOrigin, source: { sibling: true } },
        { origin: `${wwwOrigin}.evil.test`, source: frameWindow },
        { origin: "null", source: frameWindow }
      ]
      const flood = () => {
        for (let i = 0; i < 10_000; i++) frames.dispatchUnsafe({ ...junk[i % junk.length]!, data: loaded })
      }
      yield* frames.onPost((post) => {
        if ((post.message as { msg?: string }).msg !== "checkLoadedRequest") return
        flood()
        post.respond(loaded)
        flood()
      })
      yield* frames.load
      yield* settle
      assert.strictEqual(yield* frame.state, "Loaded")
      assert.strictEqual(yield* frames.dropped, 20_000)
    }).pipe(Effect.provide(pageLayer())))

  it.effect("a frame that never fires load times out the same way", () =>
    Effect.gen(function*() {
      const frame = yield* SecurityFrame
      yield* settle
      yield* TestClock.adjust(1500)
      assert.strictEqual(yield* frame.settled, "Failed")
      assert.deepStrictEqual((yield* (yield* MemoryFrames).frames)[0]!.posts, [])
    }).pipe(Effect.provide(pageLayer())))

  it.effect("signs through the frame: signSubdomainRequest with a fresh id to the www origin, batHeader answer", () =>
    Effect.gen(function*() {
      const frame = yield* SecurityFrame
      const frames = yield* MemoryFrames
      yield* loadFrame()
      yield* answerSigning((requestId) => ({ msg: "dataFromHbaFrame", data: { type: "batHeader", requestId, header } }))
      assert.strictEqual(yield* frame.token(request), header)
      assert.strictEqual(yield* frame.token({ ...request, body: new TextEncoder().encode("ü") }), header)
      const posts = (yield* frames.frames)[0]!.posts.slice(1)
      assert.strictEqual(posts.length, 2)
      const ids = posts.map((p) => (p.message as { data: { requestId: string } }).data.requestId)
      assert.notStrictEqual(ids[0], ids[1])
      for (const id of ids) assert.match(id, /^[0-9a-f-]{36}$/)
      assert.deepStrictEqual(posts[0], {
        message: {
          msg: "signSubdomainRequest",
          data: { requestId: ids[0], request: { url: request.url, method: "POST", body: "{\"a\":1}" } }
        },
        targetOrigin: wwwOrigin,
        delivered: true
      })
      assert.deepStrictEqual((posts[1]!.message as { data: { request: { body: string } } }).data.request.body, "ü")
      yield* settle
      const metrics = yield* (yield* RecordedMetrics).all
      assert.deepStrictEqual(metrics.map((m) => [m.name, m.labelValues]), [
        ["load_time_hba_frame", { origin_site: pageOrigin }],
        ["response_time_hba_frame", { origin_site: pageOrigin }],
        ["response_time_hba_frame", { origin_site: pageOrigin }]
      ])
    }).pipe(Effect.provide(pageLayer())))

  it.effect("data time-out: pending at 99 ms, Unknown with FrameResponseTimedOut at 100 ms; the frame stays Loaded", () =>
    Effect.gen(function*() {
      const frame = yield* SecurityFrame
      const frames = yield* MemoryFrames
      yield* loadFrame()
      let lastId = ""
      yield* frames.onPost((post) => void (lastId = (post.message as { data: { requestId: string } }).data.requestId))
      const fiber = yield* Effect.forkChild(Effect.flip(frame.token(request)))
      yield* settle
      yield* TestClock.adjust(99)
      assert.isUndefined(fiber.pollUnsafe())
      yield* TestClock.adjust(1)
      const failure = yield* Fiber.join(fiber)
      assert.deepStrictEqual([failure.reason, failure.detail], ["Unknown", "security frame response timed out"])
      assert.strictEqual(yield* frame.state, "Loaded")
      yield* settle
      const metrics = yield* (yield* RecordedMetrics).all
      assert.deepStrictEqual(metrics.slice(1), [
        { name: "event_hba_frame", value: 1, labelValues: { event_type: "FrameResponseTimedOut", origin_site: pageOrigin } }
      ])
      // the late answer is ignored; the next request is answered normally
      const source = (yield* frames.frames)[0]!.source
      yield* frames.dispatch({
        origin: wwwOrigin,
        source,
        data: { msg: "dataFromHbaFrame", data: { type: "batHeader", requestId: lastId, header } }
      })
      yield* answerSigning((requestId) => ({ msg: "dataFromHbaFrame", data: { type: "batHeader", requestId, header } }))
      assert.strictEqual(yield* frame.token(request), header)
    }).pipe(Effect.provide(pageLayer())))

  it.effect("an error answer fails with the reason the frame reported", () =>
    Effect.gen(function*() {
      const frame = yield* SecurityFrame
      yield* loadFrame()
      yield* answerSigning((requestId) => ({
        msg: "dataFromHbaFrame",
        data: { type: "batHeader", requestId, error: "GetKeyPairFailed" }
      }))
      const failure = yield* Effect.flip(frame.token(request))
      assert.deepStrictEqual([failure.reason, failure.detail], ["GetKeyPairFailed", "security frame could not sign"])
    }).pipe(Effect.provide(pageLayer())))

  it.effect("a body that is not UTF-8 is RequestBodyHashFailed, without a post", () =>
    Effect.gen(function*() {
      const frame = yield* SecurityFrame
      yield* loadFrame()
      const failure = yield* Effect.flip(frame.token({ ...request, body: new Uint8Array([0xff, 0xfe]) }))
      assert.strictEqual(failure.reason, "RequestBodyHashFailed")
      assert.strictEqual((yield* (yield* MemoryFrames).frames)[0]!.posts.length, 1)
    }).pipe(Effect.provide(pageLayer())))

  it.effect("a www base URL that is not a URL: Failed at once, no frame", () =>
    Effect.gen(function*() {
      assert.strictEqual(yield* (yield* SecurityFrame).settled, "Failed")
      assert.deepStrictEqual(yield* (yield* MemoryFrames).frames, [])
    }).pipe(Effect.provide(pageLayer(signingConfig({ baseUrls: { www: "not a url" } })))))

  it.effect("the frame is removed when the layer's scope closes", () =>
    Effect.gen(function*() {
      const control = yield* Effect.scoped(
        Effect.map(Layer.build(pageLayer()), (context) => Context.get(context, MemoryFrames))
      )
      assert.deepStrictEqual((yield* control.frames).map((f) => f.removed), [true])
    }))
})
