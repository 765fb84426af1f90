import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Fiber from "effect/Fiber"
import * as Layer from "effect/Layer"
import { TestClock } from "effect/testing"
import { componentMissingLog } from "../../../src/core/challenge/ChallengeHandler.ts"
import type { ChallengeInterceptorShape } from "../../../src/core/challenge/ChallengeInterceptor.ts"
import { challengeHeadersOf, hasChallengeHeader } from "../../../src/core/challenge/headerNames.ts"
import { readChallengeHeaders } from "../../../src/core/challenge/headers.ts"
import { PlatformConfig } from "../../../src/core/config/PlatformConfig.ts"
import { PlatformHttp } from "../../../src/core/http/PlatformHttp.ts"
import { setHeader } from "../../../src/core/http/request.ts"
import {
  challengeFlowOnDemand,
  Challenges,
  flowUnavailableLog,
  makeChallenges
} from "../../../src/core/challenge/Challenges.ts"
import type { ChallengeCode } from "../../../src/core/wiring/challengeChunk.ts"
import * as chunk from "../../../src/core/wiring/challengeCode.ts"
import { platformLayer } from "../../../src/core/wiring/platformLayer.ts"
import { MemoryKeyValueStore } from "../../../src/testing/memory/MemoryKeyValueStore.ts"
import { MemoryLogger } from "../../../src/testing/memory/MemoryLogger.ts"
import { MemoryTelemetry } from "../../../src/testing/memory/MemoryTelemetry.ts"
import {
  ScriptedChallengeControl,
  ScriptedChallengePresenter
} from "../../../src/testing/ScriptedChallengePresenter.ts"
import { ScriptedScriptRunner } from "../../../src/testing/ScriptedScriptRunner.ts"
import { jsonResponse, type StubHandler, StubFetch } from "../../../src/testing/StubFetch.ts"
import { appUrl, challenged, challengeHeaders, isResend, platform } from "./harness.ts"

/** A stand-in flow: re-sends a challenged request once, marked as solved. */
const fakeFlow: ChallengeInterceptorShape = {
  intercept: (request, _response, send) => send(setHeader(request, "rblx-challenge-id", "solved"))
}

/** The real chunk with the scripted-presenter flow replaced by {@link fakeFlow}. */
const fakeChunk = (): Promise<ChallengeCode> =>
  Promise.resolve({ ...chunk, makeChallengeInterceptor: Effect.succeed(fakeFlow) })
const chunkNotFound = () => Promise.reject(new Error("chunk not found"))
const stalled = () => new Promise<never>(() => {})

const base = (handler: StubHandler) =>
  Layer.mergeAll(
    StubFetch.layer(handler),
    PlatformConfig.layer({}),
    MemoryKeyValueStore.layer(),
    MemoryTelemetry.layer()
  )

/** PlatformHttp whose challenge flow (`Challenges.layer` over a scripted presenter) comes from the chunk `load` gives. */
const onDemandLayer = (handler: StubHandler, load: () => Promise<ChallengeCode>) =>
  platformLayer({ challenges: makeChallenges(load).layer }).pipe(
    Layer.provideMerge(Layer.merge(ScriptedChallengePresenter.layer(), ScriptedScriptRunner.layer())),
    Layer.provideMerge(base(handler)),
    Layer.provideMerge(MemoryLogger.layer())
  )

/** A loader that counts its loads; each load gives what `answer` gives for that count. */
const counting = (answer: (load: number) => Promise<ChallengeCode>) => {
  const counter = { loads: 0, load: () => answer(++counter.loads) }
  return counter
}

const app = (request: Parameters<StubHandler>[0]) =>
  request.url.endsWith("/ok")
    ? jsonResponse({ ok: true })
    : isResend(request)
      ? jsonResponse({ solved: true })
      : challenged()

const errorLogs = Effect.map(
  Effect.flatMap(MemoryLogger, (m) => m.entries),
  (entries) => entries.filter((l) => l.level === "Error").map((l) => l.text)
)

describe("the challenge flow on demand", () => {
  it.effect("answers without loading anything until a failed response carries a challenge header", () => {
    const chunkLoads = counting(fakeChunk)
    return Effect.gen(function* () {
      const http = yield* PlatformHttp
      assert.deepStrictEqual(yield* http.get(`${appUrl}/ok`), { ok: true })
      const plain = yield* Effect.flip(http.get(`${appUrl}/missing`))
      assert.deepStrictEqual([plain._tag, chunkLoads.loads], ["ResponseError", 0])
      assert.deepStrictEqual(yield* http.get(appUrl), { solved: true })
      assert.deepStrictEqual(yield* http.get(appUrl), { solved: true })
      assert.strictEqual(chunkLoads.loads, 1)
    }).pipe(
      Effect.provide(
        onDemandLayer(
          (request) => (request.url.endsWith("/missing") ? jsonResponse({}, { status: 404 }) : app(request)),
          chunkLoads.load
        )
      )
    )
  })

  it.effect("responses challenged while the flow loads wait for the same load", () => {
    let release = () => {}
    const arrived = new Promise<void>((resolve) => (release = resolve))
    const chunkLoads = counting(() => arrived.then(fakeChunk))
    return Effect.gen(function* () {
      const http = yield* PlatformHttp
      const calls = yield* Effect.forEach([1, 2, 3], () =>
        Effect.forkChild(http.get(appUrl), { startImmediately: true })
      )
      yield* Effect.promise(() => new Promise((resolve) => setTimeout(resolve, 10)))
      release()
      assert.deepStrictEqual(yield* Effect.forEach(calls, Fiber.join), [
        { solved: true },
        { solved: true },
        { solved: true }
      ])
      assert.strictEqual(chunkLoads.loads, 1)
    }).pipe(Effect.provide(onDemandLayer(app, chunkLoads.load)))
  })

  it.effect("a flow that cannot load leaves the original error, logs it, and is tried again next time", () => {
    const chunkLoads = counting((n) => (n === 1 ? chunkNotFound() : fakeChunk()))
    return Effect.gen(function* () {
      const http = yield* PlatformHttp
      const error = yield* Effect.flip(http.get(appUrl))
      assert.deepStrictEqual([error._tag, error._tag === "ResponseError" ? error.status : 0], ["ResponseError", 403])
      assert.deepStrictEqual(yield* errorLogs, [`${flowUnavailableLog} Error: chunk not found`])
      assert.deepStrictEqual(yield* http.get(appUrl), { solved: true })
      assert.strictEqual(chunkLoads.loads, 2)
    }).pipe(Effect.provide(onDemandLayer(app, chunkLoads.load)))
  })

  it.effect(
    "a stalled chunk holds a challenged response 10 s, not forever: then the original error, logged; the next loads again",
    () => {
      const chunkLoads = counting((n) => (n === 1 ? stalled() : fakeChunk()))
      return Effect.gen(function* () {
        const http = yield* PlatformHttp
        const call = yield* Effect.forkChild(Effect.flip(http.get(appUrl)), { startImmediately: true })
        yield* waitForRequests(1)
        yield* TestClock.adjust("9999 millis")
        assert.isUndefined(call.pollUnsafe())
        yield* TestClock.adjust("1 millis")
        const error = yield* Fiber.join(call)
        assert.deepStrictEqual([error._tag, error._tag === "ResponseError" ? error.status : 0], ["ResponseError", 403])
        assert.deepStrictEqual(yield* errorLogs, [
          `${flowUnavailableLog} Error: the on-demand code did not load within 10000 ms`
        ])
        assert.strictEqual((yield* StubFetch).requests.length, 1)
        assert.deepStrictEqual(yield* http.get(appUrl), { solved: true })
        assert.strictEqual(chunkLoads.loads, 2)
      }).pipe(Effect.provide(onDemandLayer(app, chunkLoads.load)))
    }
  )

  it.effect("Challenges.browser loads the real flow on the first challenge (here: no host mounted)", () =>
    Effect.gen(function* () {
      const http = yield* PlatformHttp
      assert.deepStrictEqual(yield* http.get(`${appUrl}/ok`), { ok: true })
      const error = yield* Effect.flip(http.get(appUrl))
      assert.deepStrictEqual([error._tag, error._tag === "ResponseError" ? error.status : 0], ["ResponseError", 403])
      assert.include(yield* errorLogs, componentMissingLog)
    }).pipe(
      Effect.provide(
        platformLayer({ challenges: Challenges.browser }).pipe(
          Layer.provideMerge(base(app)),
          Layer.provideMerge(MemoryLogger.layer())
        )
      )
    )
  )

  it.effect(
    "Challenges.layer plays the real flow over the scripted presenter, even next to a pipeline without one",
    () =>
      Effect.gen(function* () {
        assert.deepStrictEqual(yield* (yield* PlatformHttp).post(appUrl), { ok: true })
        assert.strictEqual((yield* (yield* ScriptedChallengeControl).presentations).length, 1)
        assert.deepStrictEqual(
          (yield* StubFetch).requests.map((r) => r.url),
          [appUrl, `https://apis.example.com/challenge/v1/continue`, appUrl]
        )
      }).pipe(
        Effect.provide(
          platformLayer({ challenges: Challenges.layer }).pipe(
            Layer.provideMerge(Layer.merge(ScriptedChallengePresenter.layer(), ScriptedScriptRunner.layer())),
            Layer.provideMerge(Layer.merge(base(platform()), platformLayer().pipe(Layer.provide(base(platform())))))
          )
        )
      )
  )

  it.effect("challengeFlowOnDemand: any loader and flow (the security tests' probe uses it)", () => {
    let loads = 0
    return Effect.gen(function* () {
      const http = yield* PlatformHttp
      assert.deepStrictEqual(yield* http.get(appUrl), { solved: true })
      assert.strictEqual(loads, 1)
    }).pipe(
      Effect.provide(
        platformLayer({
          challenges: challengeFlowOnDemand(
            () => Promise.resolve(++loads),
            () => Effect.succeed(fakeFlow)
          )
        }).pipe(Layer.provideMerge(base(app)))
      )
    )
  })

  it("hasChallengeHeader is true exactly when readChallengeHeaders finds some in a response's headers", () => {
    const cases: Array<Record<string, string>> = [
      {},
      { "content-type": "application/json" },
      { "rblx-challenge-id": "c-1" },
      { "RBLX-Challenge-Type": "Captcha" },
      { "rblx-challenge-metadata": "" },
      challengeHeaders("c-1", "Captcha", {})
    ]
    for (const record of cases) {
      const headers = new Headers(record)
      assert.strictEqual(
        hasChallengeHeader(headers),
        readChallengeHeaders(challengeHeadersOf(headers))._tag !== "None",
        JSON.stringify(record)
      )
    }
  })
})

/** Yield to the event loop until the stub fetch has received `count` requests (its answers are promises). */
const waitForRequests = (count: number) =>
  Effect.gen(function* () {
    for (let turn = 0; turn < 500; turn++) {
      if ((yield* StubFetch).requests.length >= count) return
      yield* Effect.promise(() => new Promise((resolve) => setTimeout(resolve, 0)))
    }
    return yield* Effect.die(new Error(`the stub fetch did not receive ${count} requests`))
  })
