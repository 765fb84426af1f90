/**
 * The page side reads the frame's batHeader answers: which request an answer is for (identifier, or the one
 * request waiting), what it says (isError, the token under the configured header, nothing else), and who may send
 * it (the www origin, from the frame's own window).
 */
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Fiber from "effect/Fiber"
import { TestClock } from "effect/testing"
import { SecurityFrame } from "../../../../src/core/signing/frame/SecurityFrame.ts"
import type { SignableRequest } from "../../../../src/core/signing/token/SignableRequest.ts"
import { MemoryFrames } from "../../../../src/testing/memory/MemoryFrames.ts"
import { signingConfig } from "../harness.ts"
import {
  batAnswer,
  loadFrame,
  pageLayer,
  pageOrigin,
  postedSigningRequests,
  settle,
  token4,
  token5,
  wwwOrigin
} from "./harness.ts"

const request: SignableRequest = {
  url: "https://apis.example.com/v1/things",
  host: "apis.example.com",
  method: "POST",
  body: "{}"
}

/** Start `count` requests and let them post; their fibers. */
const waitingRequests = (count: number) =>
  Effect.gen(function* () {
    const frame = yield* SecurityFrame
    const fibers = []
    for (let i = 0; i < count; i++) fibers.push(yield* Effect.forkChild(Effect.result(frame.token(request))))
    yield* settle
    return fibers
  })

/** Deliver `data` as the frame (its window, the www origin) unless told otherwise. */
const fromFrame = (data: unknown, sender: { origin?: string; source?: unknown } = {}) =>
  Effect.gen(function* () {
    const frames = yield* MemoryFrames
    const source = (yield* frames.frames)[0]!.source
    yield* frames.dispatch({
      origin: sender.origin ?? wwwOrigin,
      source: "source" in sender ? sender.source : source,
      data
    })
    yield* settle
  })

/** The failure detail of a finished request fiber, or its token. */
const outcome = <E extends { readonly detail: string }>(
  result: { _tag: "Success"; success: string } | { _tag: "Failure"; failure: E }
) => (result._tag === "Success" ? result.success : result.failure.detail)

describe("SecurityFrame (page side): the frame's answers", () => {
  it.effect(
    "the token is the batHeader entry of the configured header (any case, either form); other keys are ignored",
    () =>
      Effect.gen(function* () {
        const frame = yield* SecurityFrame
        const answers = [
          { "x-bound-auth-token": token4, "x-csrf-token": "not-ours", cookie: "a=b" },
          { "X-Bound-Auth-Token": token5 },
          { "x-bound-auth-token": `${token4} ` },
          { "x-bound-auth-token": ["v1"] },
          { authorization: token4 },
          {}
        ]
        let n = 0
        yield* loadFrame((posted) => batAnswer(posted.identifier, answers[n++]!))
        const got = []
        for (let i = 0; i < answers.length; i++) got.push(outcome(yield* Effect.result(frame.token(request))))
        const malformed = "security frame answered without a well-formed token"
        assert.deepStrictEqual(got, [token4, token5, malformed, malformed, malformed, malformed])
      }).pipe(Effect.provide(pageLayer()))
  )

  it.effect("a page configured with another header name reads that key only", () =>
    Effect.gen(function* () {
      const frame = yield* SecurityFrame
      yield* loadFrame((posted) =>
        batAnswer(posted.identifier, { "x-bound-auth-token": token4, "x-signed-by": token5 })
      )
      assert.strictEqual(yield* frame.token(request), token5)
    }).pipe(Effect.provide(pageLayer(signingConfig({ headers: { boundAuthToken: "x-signed-by" } }))))
  )

  it.effect("isError: true is a signing failure at once (Unknown), even with a token beside it", () =>
    Effect.gen(function* () {
      const frame = yield* SecurityFrame
      yield* loadFrame((posted) => batAnswer(posted.identifier, { "x-bound-auth-token": token4 }, { isError: true }))
      const failure = yield* Effect.flip(frame.token(request))
      assert.deepStrictEqual([failure.reason, failure.detail], ["Unknown", "security frame could not sign (isError)"])
      // isError: false is an ordinary answer
      yield* loadFrame((posted) => batAnswer(posted.identifier, { "x-bound-auth-token": token4 }, { isError: false }))
      assert.strictEqual(yield* frame.token(request), token4)
    }).pipe(Effect.provide(pageLayer()))
  )

  it.effect("an answer without identifier is taken when exactly one request waits", () =>
    Effect.gen(function* () {
      const frame = yield* SecurityFrame
      yield* loadFrame(() => batAnswer(undefined, { "x-bound-auth-token": token4 }))
      assert.strictEqual(yield* frame.token(request), token4)
    }).pipe(Effect.provide(pageLayer()))
  )

  it.effect("an answer without identifier is ignored while two requests wait: both time out at 100 ms", () =>
    Effect.gen(function* () {
      yield* loadFrame()
      const fibers = yield* waitingRequests(2)
      yield* fromFrame(batAnswer(undefined, { "x-bound-auth-token": token4 }))
      assert.deepStrictEqual(
        fibers.map((f) => f.pollUnsafe()),
        [undefined, undefined]
      )
      yield* TestClock.adjust(100)
      for (const fiber of fibers)
        assert.strictEqual(outcome(yield* Fiber.join(fiber)), "security frame response timed out")
    }).pipe(Effect.provide(pageLayer()))
  )

  it.effect("a flood of 10,000 answers with wrong identifiers changes nothing; the right one is then taken", () =>
    Effect.gen(function* () {
      yield* loadFrame()
      const [fiber] = yield* waitingRequests(1)
      const [posted] = yield* postedSigningRequests
      const frames = yield* MemoryFrames
      const source = (yield* frames.frames)[0]!.source
      for (let i = 0; i < 10_000; i++) {
        const identifier = i % 2 === 0 ? `wrong-${i}` : posted!.identifier.toUpperCase()
        frames.dispatchUnsafe({
          origin: wwwOrigin,
          source,
          data: batAnswer(identifier, { "x-bound-auth-token": token5 })
        })
        if (i % 100 === 99) yield* settle
      }
      assert.isUndefined(fiber!.pollUnsafe())
      yield* fromFrame(batAnswer(posted!.identifier, { "x-bound-auth-token": token4 }))
      assert.strictEqual(outcome(yield* Fiber.join(fiber!)), token4)
    }).pipe(Effect.provide(pageLayer()))
  )

  it.effect(
    "the right answer from another origin, or from the www origin in another window, is dropped: the request times out",
    () =>
      Effect.gen(function* () {
        yield* loadFrame()
        const [fiber] = yield* waitingRequests(1)
        const [posted] = yield* postedSigningRequests
        const answer = batAnswer(posted!.identifier, { "x-bound-auth-token": token4 })
        const frameWindow = (yield* (yield* MemoryFrames).frames)[0]!.source
        for (const sender of [
          { origin: "https://evil.test", source: frameWindow },
          { origin: pageOrigin, source: frameWindow },
          { origin: "https://www.example.com.evil.test", source: frameWindow },
          { origin: "http://www.example.com", source: frameWindow },
          { origin: wwwOrigin, source: { sibling: true } },
          { origin: wwwOrigin, source: null }
        ])
          yield* fromFrame(answer, sender)
        assert.strictEqual(yield* (yield* MemoryFrames).dropped, 6)
        yield* TestClock.adjust(100)
        assert.strictEqual(outcome(yield* Fiber.join(fiber!)), "security frame response timed out")
      }).pipe(Effect.provide(pageLayer()))
  )

  it.effect("malformed answers from the frame itself are ignored (never a defect): the request times out", () =>
    Effect.gen(function* () {
      yield* loadFrame()
      const [fiber] = yield* waitingRequests(1)
      const [posted] = yield* postedSigningRequests
      const id = posted!.identifier
      for (const data of [
        null,
        "dataFromHbaFrame",
        JSON.stringify(batAnswer(id, { "x-bound-auth-token": token4 })),
        { msg: "dataFromHbaFrame" },
        {
          msg: "dataFromHbaFrame",
          data: { type: "BatHeader", identifier: id, batHeader: { "x-bound-auth-token": token4 } }
        },
        {
          msg: "dataFromHBAFrame",
          data: { type: "batHeader", identifier: id, batHeader: { "x-bound-auth-token": token4 } }
        },
        {
          msg: "dataFromHbaFrame",
          data: { type: "batHeader", identifier: 7, batHeader: { "x-bound-auth-token": token4 } }
        },
        { msg: "dataFromHbaFrame", data: { type: "batHeader", identifier: id, isError: "true", batHeader: {} } },
        { msg: "dataFromHbaFrame", data: { type: "batHeader", identifier: id, batHeader: token4 } },
        { msg: "dataFromHbaFrame", data: { type: "batHeader", identifier: id, batHeader: null } },
        [batAnswer(id, { "x-bound-auth-token": token4 })]
      ])
        yield* fromFrame(data)
      assert.isUndefined(fiber!.pollUnsafe())
      yield* TestClock.adjust(100)
      assert.strictEqual(outcome(yield* Fiber.join(fiber!)), "security frame response timed out")
    }).pipe(Effect.provide(pageLayer()))
  )
})
