/**
 * The page side of the security frame ignores crafted messages: 500 messages from a wrong origin, a wrong window,
 * of a wrong shape or for an unknown identifier change nothing while the frame loads, and 500 more change nothing
 * for a request waiting for its answer (it still times out after 100 ms).
 */
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Fiber from "effect/Fiber"
import { TestClock } from "effect/testing"
import fc from "fast-check"
import { SecurityFrame } from "../../src/core/signing/frame/SecurityFrame.ts"
import { MemoryFrames } from "../../src/testing/memory/MemoryFrames.ts"
import { batAnswer, pageLayer, RecordedMetrics, token4 as header, wwwOrigin } from "../core/signing/frame/harness.ts"

const nearOrigins = [
  "https://www.example.com.evil.com",
  "http://www.example.com",
  "https://www.example.com:8443",
  "https://WWW.example.com",
  "https://www.example.com/",
  "https://example.com",
  "https://create.example.com",
  "https://www.example.co",
  "null",
  "",
  "*"
]

/** 500 crafted messages against a frame whose window is `frameSource`; `id` is the id a request waits for. */
const crafted = (frameSource: unknown, id: string, seed: number) => {
  const loaded = { msg: "dataFromHbaFrame", data: { type: "loaded" } }
  const answer = (identifier: string) => batAnswer(identifier, { "x-bound-auth-token": header })
  const valid = fc.constantFrom(loaded, answer(id))
  const badShape = fc.oneof(
    fc.anything(),
    fc.constantFrom(
      { msg: "dataFromHbaFrame" },
      { msg: "dataFromHbaFrame", data: { type: "Loaded" } },
      { msg: "dataFromHBAFrame", data: { type: "loaded" } },
      {
        msg: "dataFromHbaFrame",
        data: { type: "BatHeader", identifier: id, batHeader: { "x-bound-auth-token": header } }
      },
      {
        msg: "dataFromHbaFrame",
        data: { type: "batHeader", identifier: 1, batHeader: { "x-bound-auth-token": header } }
      },
      { msg: "dataFromHbaFrame", data: { type: "batHeader", identifier: id, isError: "no", batHeader: {} } },
      { msg: "dataFromHbaFrame", data: { type: "batHeader", identifier: id, batHeader: header } },
      { msg: "dataFromHbaFrame", data: JSON.stringify(answer(id).data) },
      JSON.stringify(answer(id)),
      JSON.stringify(loaded),
      null,
      [loaded]
    )
  )
  const message = fc.oneof(
    fc.record({ origin: fc.constantFrom(...nearOrigins), source: fc.constant(frameSource), data: valid }),
    fc.record({
      origin: fc.constant(wwwOrigin),
      source: fc.constantFrom(undefined, null, {}, { frame: "x" }),
      data: valid
    }),
    fc.record({ origin: fc.constant(wwwOrigin), source: fc.constant(frameSource), data: badShape }),
    fc.record({
      origin: fc.constant(wwwOrigin),
      source: fc.constant(frameSource),
      data: fc
        .string({ minLength: 1, maxLength: 64 })
        .filter((s) => s !== id)
        .map(answer)
    })
  )
  return fc.sample(message, { numRuns: 500, seed })
}

/** Let the page's listener work through the queue (a few hundred messages). */
const settle = Effect.gen(function* () {
  for (let i = 0; i < 500; i++) yield* Effect.yieldNow
})

describe("security frame: crafted messages change nothing", () => {
  it.effect("500 while loading, 500 while a request waits", () =>
    Effect.gen(function* () {
      const frame = yield* SecurityFrame
      const frames = yield* MemoryFrames
      yield* settle
      const source = (yield* frames.frames)[0]!.source
      let requestId = ""
      yield* frames.onPost((post) => {
        const message = post.message as { msg: string; identifier?: string }
        if (message.msg === "checkLoadedRequest")
          post.respond({ msg: "dataFromHbaFrame", data: { type: "loaded" } }, "https://evil.com")
        if (message.msg === "signSubdomainRequest") requestId = message.identifier!
      })
      yield* frames.load

      // phase 1: the frame is loading; the only "loaded" answers come from wrong origins or windows
      const first = crafted(source, "none", 1)
      assert.strictEqual(first.length, 500)
      for (const m of first) yield* frames.dispatch(m)
      yield* settle
      assert.strictEqual(yield* frame.state, "NotLoaded")
      yield* frames.dispatch({ origin: wwwOrigin, source, data: { msg: "dataFromHbaFrame", data: { type: "loaded" } } })
      yield* settle
      assert.strictEqual(yield* frame.state, "Loaded")

      // phase 2: a request waits for its answer
      const waiting = yield* Effect.forkChild(
        Effect.flip(
          frame.token({
            url: "https://apis.example.com/x",
            host: "apis.example.com",
            method: "GET",
            body: ""
          })
        )
      )
      yield* settle
      assert.match(requestId, /^[0-9a-f-]{36}$/)
      const second = crafted(source, requestId, 2)
      assert.strictEqual(second.length, 500)
      for (const m of second) yield* frames.dispatch(m)
      yield* settle
      assert.isUndefined(waiting.pollUnsafe())
      yield* TestClock.adjust(100)
      assert.strictEqual((yield* Fiber.join(waiting)).detail, "security frame response timed out")
      assert.strictEqual(yield* frame.state, "Loaded")
      yield* settle
      assert.deepStrictEqual(
        (yield* (yield* RecordedMetrics).all).map((m) => m.name),
        ["load_time_hba_frame", "event_hba_frame"]
      )
    }).pipe(Effect.provide(pageLayer()))
  )
})
