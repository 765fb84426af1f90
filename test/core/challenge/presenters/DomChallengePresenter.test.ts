import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Base64Url from "effect/encoding/Base64Url"
import * as Fiber from "effect/Fiber"
import * as Option from "effect/Option"
import * as Scope from "effect/Scope"
import { ChallengeComponent } from "../../../../src/core/challenge/presenters/ChallengeComponent.ts"
import { ChallengeError } from "../../../../src/core/challenge/ChallengeError.ts"
import { makeChallengeMessageFilter } from "../../../../src/core/challenge/presenters/messageFilter.ts"
import { pageMessage } from "../../../../src/core/challenge/presenters/messages.ts"
import { PlatformHttp } from "../../../../src/core/http/PlatformHttp.ts"
import { MemoryChallengeFrames } from "../../../../src/testing/MemoryChallengeFrames.ts"
import { MemoryLogger } from "../../../../src/testing/memory/MemoryLogger.ts"
import { StubFetch } from "../../../../src/testing/StubFetch.ts"
import {
  appUrl,
  b64,
  captchaMetadata,
  continueUrl,
  domChallengeLayer,
  platform,
  waitFor,
  wwwOrigin
} from "../harness.ts"

const post = Effect.flatMap(PlatformHttp, (http) => http.post(appUrl, { body: {} }))
const frames = Effect.flatMap(MemoryChallengeFrames, (f) => f.frames)
const showingCount = Effect.map(frames, (fs) => fs.filter((f) => !f.removed).length)
const framesShowing = (n: number) =>
  waitFor(
    Effect.map(showingCount, (c) => c === n),
    `${n} frames showing`
  )
const requests = Effect.map(StubFetch, (s) => s.requests)
const container = { element: "host-container" }
const attachHost = Effect.flatMap(ChallengeComponent, (c) => c.attach(container))

const completed = pageMessage("challengeCompleted", { challengeMetadata: { captchaToken: "tok" } })

/** 500 messages that must change nothing: foreign origins, other windows, and malformed data from the frame. */
const crafted = (frameSource: object): Array<{ origin: string; source: unknown; data: unknown }> => {
  const valid = [
    completed,
    pageMessage("challengeAbandoned"),
    pageMessage("challengeInvalidated", { reason: "x" }),
    pageMessage("challengePageLoaded", false),
    pageMessage("challengeParsed", false)
  ]
  const foreignOrigins = [
    "https://evil.test",
    "https://www.example.com.evil.test",
    "https://www.example.com/",
    "http://www.example.com",
    "https://www.example.com:444",
    "https://example.com",
    "null",
    "*",
    "",
    "https://WWW.EXAMPLE.COM"
  ]
  const otherSources: Array<unknown> = [{}, null, undefined, { frame: "other" }, globalThis]
  const malformed: Array<unknown> = [
    null,
    undefined,
    42,
    "challengeCompleted",
    JSON.stringify(completed),
    [completed],
    { type: "challengeCompleted" },
    { genericChallengeResponse: null },
    { genericChallengeResponse: { type: "challengeCompleted", data: { challengeMetadata: "not an object" } } },
    { genericChallengeResponse: { type: "challengeCompleted", data: { challengeId: "" } } },
    { genericChallengeResponse: { type: "challengeCompleted", data: 7 } },
    { genericChallengeResponse: { type: "challengePageLoaded", data: "false" } },
    { genericChallengeResponse: { type: "challengeParsed" } },
    { genericChallengeResponse: { type: "challengeExploded", data: {} } },
    { genericChallengeResponse: { type: "ChallengeCompleted", data: {} } },
    { genericChallengeResponse: "challengeCompleted" },
    { genericchallengeresponse: { type: "challengeCompleted", data: {} } }
  ]
  const out: Array<{ origin: string; source: unknown; data: unknown }> = []
  for (let i = 0; out.length < 500; i++) {
    switch (i % 3) {
      case 0:
        out.push({
          origin: foreignOrigins[i % foreignOrigins.length]!,
          source: frameSource,
          data: valid[i % valid.length]
        })
        break
      case 1:
        out.push({ origin: wwwOrigin, source: otherSources[i % otherSources.length], data: valid[i % valid.length] })
        break
      default:
        out.push({ origin: wwwOrigin, source: frameSource, data: malformed[i % malformed.length] })
    }
  }
  return out
}

describe("DomChallengePresenter", () => {
  it.effect("without a mounted host the component is not available: logged, original error", () =>
    Effect.gen(function* () {
      const error = yield* Effect.flip(post)
      assert.strictEqual(error._tag, "ResponseError")
      const lines = (yield* Effect.flatMap(MemoryLogger, (l) => l.entries)).filter((l) => l.level === "Error")
      assert.deepStrictEqual(
        lines.map((l) => l.text),
        ["Got challenge but challenge component not available"]
      )
      assert.deepStrictEqual(yield* frames, [])
    }).pipe(Effect.provide(domChallengeLayer(platform())))
  )

  it.effect("loads /challenge/cdn/hybrid on the www origin in the host's container, inside the locked modal", () =>
    Effect.gen(function* () {
      yield* attachHost
      const component = yield* ChallengeComponent
      const fiber = yield* Effect.forkChild(post)
      yield* framesShowing(1)
      const [frame] = yield* frames
      const query = new URLSearchParams([
        ["challenge-type", "generic"],
        ["dark-mode", "true"],
        ["barista-mode", "true"],
        ["app-type", "unknown"],
        ["generic-challenge-type", "Captcha"],
        ["generic-challenge-id", "c-1"],
        ["challenge-metadata-json", Base64Url.encode(JSON.stringify(captchaMetadata()))],
        ["origin", "www"]
      ])
      assert.strictEqual(frame!.url, `${wwwOrigin}/challenge/cdn/hybrid?${query.toString()}`)
      assert.strictEqual(frame!.container, container)
      assert.strictEqual(frame!.title, "Security challenge")
      assert.deepStrictEqual(
        [frame!.id, frame!.allow],
        ["challenge-frame", "publickey-credentials-get; publickey-credentials-create"]
      )
      assert.deepStrictEqual(component.active.get(), {
        challengeType: "Captcha",
        modal: { type: 4, locked: true },
        customError: "Unknown error occured, please try again."
      })
      yield* Effect.flatMap(MemoryChallengeFrames, (f) => f.postAsFrame(completed, wwwOrigin))
      assert.deepStrictEqual(yield* Fiber.join(fiber), { ok: true })
      assert.strictEqual(yield* showingCount, 0)
      assert.strictEqual(component.active.get(), undefined)
      const resent = (yield* requests).at(-1)!
      assert.strictEqual(resent.headers["rblx-challenge-metadata"], b64({ captchaToken: "tok" }))
    }).pipe(Effect.provide(domChallengeLayer(platform())))
  )

  it.effect("500 crafted or foreign-origin messages change nothing; the page's own message then completes", () =>
    Effect.gen(function* () {
      yield* attachHost
      const fiber = yield* Effect.forkChild(post)
      yield* framesShowing(1)
      const memory = yield* MemoryChallengeFrames
      const [frame] = yield* frames
      const messages = crafted(frame!.source)
      assert.strictEqual(messages.length, 500)
      for (const message of messages) yield* memory.dispatch(message)
      for (let i = 0; i < 20; i++) yield* Effect.yieldNow
      yield* Effect.promise(() => new Promise((resolve) => setTimeout(resolve, 20)))
      assert.isUndefined(fiber.pollUnsafe())
      assert.strictEqual(yield* showingCount, 1)
      assert.deepStrictEqual(
        (yield* requests).map((r) => r.url),
        [appUrl]
      )

      yield* memory.postAsFrame(completed, wwwOrigin)
      assert.deepStrictEqual(yield* Fiber.join(fiber), { ok: true })
      const sent = yield* requests
      assert.deepStrictEqual(
        sent.map((r) => r.url),
        [appUrl, continueUrl, appUrl]
      )
      assert.strictEqual(sent.filter((r) => r.headers["rblx-challenge-id"] === "c-1").length, 1)
    }).pipe(Effect.provide(domChallengeLayer(platform())))
  )

  it.effect("the host unmounting during a challenge removes the frame and abandons it", () =>
    Effect.gen(function* () {
      const hostScope = yield* Scope.make()
      yield* Scope.provide(attachHost, hostScope)
      const fiber = yield* Effect.forkChild(Effect.flip(post))
      yield* framesShowing(1)
      yield* Scope.close(hostScope, Effect.void as never)
      const error = (yield* Fiber.join(fiber)) as ChallengeError
      assert.strictEqual(error.reason, "abandoned")
      assert.strictEqual(error.message, "The challenge frame was closed before the challenge ended.")
      assert.strictEqual(yield* showingCount, 0)
    }).pipe(Effect.provide(domChallengeLayer(platform())))
  )

  it.effect("5 concurrent challenged requests mount one frame and are each re-sent exactly once", () =>
    Effect.gen(function* () {
      yield* attachHost
      const urls = [1, 2, 3, 4, 5].map((n) => `${appUrl}/${n}`)
      const fiber = yield* Effect.forkChild(
        Effect.forEach(urls, (url) => Effect.flatMap(PlatformHttp, (http) => http.post(url, { body: {} })), {
          concurrency: "unbounded"
        })
      )
      yield* waitFor(
        Effect.map(requests, (r) => r.length === 5),
        "5 requests"
      )
      yield* framesShowing(1)
      yield* Effect.promise(() => new Promise((resolve) => setTimeout(resolve, 20)))
      assert.strictEqual((yield* frames).length, 1)
      yield* Effect.flatMap(MemoryChallengeFrames, (f) => f.postAsFrame(completed, wwwOrigin))
      assert.strictEqual((yield* Fiber.join(fiber)).length, 5)
      assert.strictEqual((yield* frames).length, 1)
      const sent = yield* requests
      for (const url of urls)
        assert.strictEqual(sent.filter((r) => r.url === url && r.headers["rblx-challenge-id"] === "c-1").length, 1)
    }).pipe(Effect.provide(domChallengeLayer(platform())))
  )
})

describe("makeChallengeMessageFilter", () => {
  const a = "https://www.example.com"
  const b = "https://challenge.example.com"
  const s1 = { w: 1 }
  const s2 = { w: 2 }
  const loaded = pageMessage("challengePageLoaded", true)

  it("accepts only allowed origins, the frame's windows, and page messages", () => {
    const filter = makeChallengeMessageFilter({ allowedOrigins: [a, b], isFrameWindow: (s) => s === s1 || s === s2 })
    assert.isTrue(Option.isNone(filter({ origin: "https://evil.test", source: s1, data: loaded })))
    assert.isTrue(Option.isNone(filter({ origin: a, source: {}, data: loaded })))
    assert.isTrue(Option.isNone(filter({ origin: a, source: s1, data: { nope: 1 } })))
    assert.deepStrictEqual(
      filter({ origin: a, source: s1, data: loaded }),
      Option.some({ type: "challengePageLoaded", success: true })
    )
  })

  it("pins origin and source after the first valid message", () => {
    const filter = makeChallengeMessageFilter({ allowedOrigins: [a, b], isFrameWindow: (s) => s === s1 || s === s2 })
    assert.isTrue(Option.isSome(filter({ origin: b, source: s2, data: loaded })))
    assert.isTrue(Option.isNone(filter({ origin: a, source: s2, data: loaded })))
    assert.isTrue(Option.isNone(filter({ origin: b, source: s1, data: loaded })))
    assert.isTrue(Option.isSome(filter({ origin: b, source: s2, data: pageMessage("challengeDisplayed") })))
  })

  it("malformed messages do not pin", () => {
    const filter = makeChallengeMessageFilter({ allowedOrigins: [a, b], isFrameWindow: (s) => s === s1 || s === s2 })
    assert.isTrue(Option.isNone(filter({ origin: a, source: s1, data: "junk" })))
    assert.isTrue(Option.isSome(filter({ origin: b, source: s2, data: loaded })))
  })
})
