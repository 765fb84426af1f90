import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Fiber from "effect/Fiber"
import * as Layer from "effect/Layer"
import { componentMissingLog } from "../../../src/core/challenge/ChallengeHandler.ts"
import type { ChallengeInterceptorShape } from "../../../src/core/challenge/ChallengeInterceptor.ts"
import { challengeHeadersOf, hasChallengeHeader } from "../../../src/core/challenge/headerNames.ts"
import { readChallengeHeaders } from "../../../src/core/challenge/headers.ts"
import { challengeFlowOnDemand, flowUnavailableLog } from "../../../src/core/challenge/onDemand.ts"
import { PlatformHttpWithChallenges } from "../../../src/core/challenge/withChallenges.ts"
import { PlatformConfig } from "../../../src/core/config/PlatformConfig.ts"
import { CsrfStore } from "../../../src/core/csrf/CsrfStore.ts"
import { PlatformHttp } from "../../../src/core/http/PlatformHttp.ts"
import { setHeader } from "../../../src/core/http/request.ts"
import { SessionHeaders } from "../../../src/core/http/SessionHeaders.ts"
import { MemoryKeyValueStore } from "../../../src/testing/memory/MemoryKeyValueStore.ts"
import { MemoryLogger } from "../../../src/testing/memory/MemoryLogger.ts"
import { MemoryTelemetry } from "../../../src/testing/memory/MemoryTelemetry.ts"
import { jsonResponse, type StubHandler, StubFetch } from "../../../src/testing/StubFetch.ts"
import { appUrl, challenged, challengeHeaders, isResend } from "./harness.ts"

/** A stand-in flow: re-sends a challenged request once, marked as solved. */
const fakeFlow: ChallengeInterceptorShape = {
  intercept: (request, _response, send) => send(setHeader(request, "rblx-challenge-id", "solved"))
}

const base = (handler: StubHandler) =>
  Layer.mergeAll(StubFetch.layer(handler), PlatformConfig.layer({}), MemoryKeyValueStore.layer(), MemoryTelemetry.layer())

/** PlatformHttp whose challenge interceptor loads `load` on demand. */
const onDemandLayer = (handler: StubHandler, load: () => Promise<Effect.Effect<ChallengeInterceptorShape>>) =>
  Layer.fresh(PlatformHttp.layerNoDeps).pipe(
    Layer.provide(challengeFlowOnDemand(load)),
    Layer.provideMerge(Layer.merge(CsrfStore.layer, SessionHeaders.layer)),
    Layer.provideMerge(base(handler)),
    Layer.provideMerge(MemoryLogger.layer())
  )

const app = (request: Parameters<StubHandler>[0]) =>
  request.url.endsWith("/ok") ? jsonResponse({ ok: true }) : isResend(request) ? jsonResponse({ solved: true }) : challenged()

describe("the challenge flow on demand", () => {
  it.effect("answers without loading anything until a failed response carries a challenge header", () => {
    let loads = 0
    return Effect.gen(function*() {
      const http = yield* PlatformHttp
      assert.deepStrictEqual(yield* http.get(`${appUrl}/ok`), { ok: true })
      const plain = yield* Effect.flip(http.get(`${appUrl}/missing`))
      assert.deepStrictEqual([plain._tag, loads], ["ResponseError", 0])
      assert.deepStrictEqual(yield* http.get(appUrl), { solved: true })
      assert.deepStrictEqual(yield* http.get(appUrl), { solved: true })
      assert.strictEqual(loads, 1)
    }).pipe(Effect.provide(onDemandLayer(
      (request) => request.url.endsWith("/missing") ? jsonResponse({}, { status: 404 }) : app(request),
      () => {
        loads++
        return Promise.resolve(Effect.succeed(fakeFlow))
      }
    )))
  })

  it.effect("responses challenged while the flow loads wait for the same load", () => {
    let loads = 0
    let release = () => {}
    const loaded = new Promise<void>((resolve) => release = resolve)
    return Effect.gen(function*() {
      const http = yield* PlatformHttp
      const calls = yield* Effect.forEach([1, 2, 3], () => Effect.forkChild(http.get(appUrl), { startImmediately: true }))
      yield* Effect.promise(() => new Promise((resolve) => setTimeout(resolve, 10)))
      release()
      assert.deepStrictEqual(yield* Effect.forEach(calls, Fiber.join), [{ solved: true }, { solved: true }, { solved: true }])
      assert.strictEqual(loads, 1)
    }).pipe(Effect.provide(onDemandLayer(app, () => {
      loads++
      return loaded.then(() => Effect.succeed(fakeFlow))
    })))
  })

  it.effect("a flow that cannot load leaves the original error, logs it, and is tried again next time", () => {
    let loads = 0
    return Effect.gen(function*() {
      const http = yield* PlatformHttp
      const error = yield* Effect.flip(http.get(appUrl))
      assert.deepStrictEqual([error._tag, error._tag === "ResponseError" ? error.status : 0], ["ResponseError", 403])
      const errors = (yield* (yield* MemoryLogger).entries).filter((l) => l.level === "Error").map((l) => l.text)
      assert.include(errors, flowUnavailableLog)
      assert.deepStrictEqual(yield* http.get(appUrl), { solved: true })
      assert.strictEqual(loads, 2)
    }).pipe(Effect.provide(onDemandLayer(app, () =>
      ++loads === 1 ? Promise.reject(new Error("chunk not found")) : Promise.resolve(Effect.succeed(fakeFlow))
    )))
  })

  it.effect("PlatformHttpWithChallenges.browser loads the real flow on the first challenge (here: no host mounted)", () =>
    Effect.gen(function*() {
      const http = yield* PlatformHttp
      assert.deepStrictEqual(yield* http.get(`${appUrl}/ok`), { ok: true })
      const error = yield* Effect.flip(http.get(appUrl))
      assert.deepStrictEqual([error._tag, error._tag === "ResponseError" ? error.status : 0], ["ResponseError", 403])
      const errors = (yield* (yield* MemoryLogger).entries).filter((l) => l.level === "Error").map((l) => l.text)
      assert.include(errors, componentMissingLog)
    }).pipe(Effect.provide(
      PlatformHttpWithChallenges.browser.pipe(Layer.provideMerge(base(app)), Layer.provideMerge(MemoryLogger.layer()))
    )))

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
