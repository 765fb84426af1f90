/**
 * Class: every HTTP exchange has a time-out.
 *
 * A server that never answers gives a TimeoutError (not a FetchError) after PlatformConfig.requestTimeoutMs
 * (default 30 s) or the call's own `timeout`, and the fetch is aborted (its AbortSignal fires), as it is when the
 * caller interrupts the call. Each send is its own exchange: a re-send gets a fresh time-out, and time spent in a
 * challenge between two sends is not counted. Virtual time (TestClock), except the last two tests: under Effect's live
 * clock the transport keeps the time-out with one plain timer (src/core/http/transport.ts), checked with real time.
 */
import { assert, describe, it } from "@effect/vitest"
import * as Duration from "effect/Duration"
import * as Effect from "effect/Effect"
import * as Fiber from "effect/Fiber"
import * as HttpClientRequest from "effect/http/HttpClientRequest"
import * as Layer from "effect/Layer"
import { TestClock } from "effect/testing"
import { ChallengeInterceptor } from "../../src/core/challenge/ChallengeInterceptor.ts"
import { defaultRequestTimeoutMs, PlatformConfig } from "../../src/core/config/PlatformConfig.ts"
import { PlatformHttp, RequestTimeout, withRequestTimeout } from "../../src/core/http/PlatformHttp.ts"
import { toHttpClient } from "../../src/core/http/httpClient.ts"
import { makeRequest } from "../../src/core/http/request.ts"
import { maxTimerMillis } from "../../src/core/http/deadlines.ts"
import { MemoryKeyValueStore } from "../../src/testing/memory/MemoryKeyValueStore.ts"
import { MemoryTelemetry } from "../../src/testing/memory/MemoryTelemetry.ts"
import { jsonResponse, type RecordedRequest, StubFetch } from "../../src/testing/StubFetch.ts"
import { platformUrl, securityLayer, untilSent } from "./support.ts"

/** A fetch that never answers; like a real one, it rejects when its signal aborts. */
const never = (request: RecordedRequest) =>
  new Promise<Response>((_, reject) => request.signal?.addEventListener("abort", () => reject(request.signal!.reason)))

const quiet = { duplication: { allowedHostSuffixes: [], ratio: 0 } }

describe("time-outs of HTTP exchanges", () => {
  it("the default is 30 s", () => {
    assert.strictEqual(defaultRequestTimeoutMs, 30_000)
  })

  it.effect("a server that never answers: TimeoutError after 30 s, the fetch aborted, reported", () =>
    Effect.gen(function* () {
      const fiber = yield* Effect.forkChild(
        Effect.flip((yield* PlatformHttp).post(platformUrl, { params: { limit: 1 } }))
      )
      yield* untilSent(1)
      yield* TestClock.adjust(Duration.millis(29_999))
      const request = (yield* StubFetch).requests[0]!
      assert.isUndefined(fiber.pollUnsafe())
      assert.isFalse(request.signal!.aborted)
      yield* TestClock.adjust(Duration.millis(1))
      const error = yield* Fiber.join(fiber)
      assert.strictEqual(error._tag, "TimeoutError")
      assert.strictEqual(error.message, `Request to ${platformUrl}?limit=1 got no response within 30000 ms`)
      assert.isTrue(request.signal!.aborted)
      assert.strictEqual((yield* StubFetch).requests.length, 1)
      const reported = (yield* (yield* MemoryTelemetry).recorded).errors.map((e) => e.context)
      assert.deepStrictEqual(reported, [{ kind: "TimeoutError", method: "POST", url: `${platformUrl}?limit=1` }])
    }).pipe(Effect.provide(securityLayer(never, { config: quiet })))
  )

  it.effect("a call's own time-out (withRequestTimeout) replaces the default", () =>
    Effect.gen(function* () {
      const fiber = yield* Effect.forkChild(
        Effect.flip((yield* PlatformHttp).get(platformUrl).pipe(withRequestTimeout("5 seconds")))
      )
      yield* untilSent(1)
      yield* TestClock.adjust("4999 millis")
      assert.isUndefined(fiber.pollUnsafe())
      yield* TestClock.adjust("1 milli")
      const error = yield* Fiber.join(fiber)
      assert.strictEqual(error._tag === "TimeoutError" && error.timeoutMs, 5_000)
    }).pipe(Effect.provide(securityLayer(never, { config: quiet })))
  )

  it.effect("RequestTimeout sets it for `execute` and HttpApiClient calls; the configured one applies otherwise", () =>
    Effect.gen(function* () {
      const http = yield* PlatformHttp
      const short = yield* Effect.forkChild(
        Effect.flip(toHttpClient(http).execute(HttpClientRequest.get(platformUrl))).pipe(
          Effect.provideService(RequestTimeout, Duration.seconds(2))
        )
      )
      const configured = yield* Effect.forkChild(Effect.flip(http.execute(makeRequest("GET", platformUrl))))
      yield* untilSent(2)
      yield* TestClock.adjust("2 seconds")
      assert.strictEqual((yield* Fiber.join(short))._tag, "TimeoutError")
      assert.isUndefined(configured.pollUnsafe())
      yield* TestClock.adjust("1 second")
      assert.strictEqual((yield* Fiber.join(configured))._tag, "TimeoutError")
    }).pipe(Effect.provide(securityLayer(never, { config: { ...quiet, requestTimeoutMs: 3_000 } })))
  )

  it.effect("interrupting the caller aborts the fetch", () =>
    Effect.gen(function* () {
      const fiber = yield* Effect.forkChild((yield* PlatformHttp).post(platformUrl))
      yield* untilSent(1)
      const request = (yield* StubFetch).requests[0]!
      assert.isFalse(request.signal!.aborted)
      yield* Fiber.interrupt(fiber)
      assert.isTrue(request.signal!.aborted)
    }).pipe(Effect.provide(securityLayer(never, { config: quiet })))
  )

  it.effect("0 turns the time-out off", () =>
    Effect.gen(function* () {
      const fiber = yield* Effect.forkChild((yield* PlatformHttp).get(platformUrl))
      yield* untilSent(1)
      yield* TestClock.adjust("1 hour")
      assert.isUndefined(fiber.pollUnsafe())
      assert.isFalse((yield* StubFetch).requests[0]!.signal!.aborted)
      yield* Fiber.interrupt(fiber)
    }).pipe(Effect.provide(securityLayer(never, { config: { ...quiet, requestTimeoutMs: 0 } })))
  )

  it.effect("a time-out longer than a timer holds (2^31 − 1 ms) means none; one of exactly that applies", () =>
    Effect.gen(function* () {
      const http = yield* PlatformHttp
      const beyond = yield* Effect.forkChild(
        http.get(platformUrl).pipe(withRequestTimeout(Duration.millis(maxTimerMillis + 1)))
      )
      const longest = yield* Effect.forkChild(
        Effect.flip(http.get(platformUrl).pipe(withRequestTimeout(Duration.millis(maxTimerMillis))))
      )
      yield* untilSent(2)
      yield* TestClock.adjust(Duration.millis(maxTimerMillis - 1))
      assert.isUndefined(longest.pollUnsafe())
      yield* TestClock.adjust(Duration.millis(1))
      const error = yield* Fiber.join(longest)
      assert.strictEqual(error._tag === "TimeoutError" && error.timeoutMs, maxTimerMillis)
      yield* TestClock.adjust("30 days")
      assert.isUndefined(beyond.pollUnsafe())
      assert.deepStrictEqual(
        (yield* StubFetch).requests.map((r) => r.signal!.aborted),
        [false, true]
      )
      yield* Fiber.interrupt(beyond)
    }).pipe(Effect.provide(securityLayer(never, { config: quiet })))
  )

  it.effect("a re-send (after a CSRF refresh) gets its own time-out", () => {
    let answerFirst: (response: Response) => void = () => {}
    return Effect.gen(function* () {
      const fiber = yield* Effect.forkChild(Effect.flip((yield* PlatformHttp).post(platformUrl)))
      yield* untilSent(1)
      yield* TestClock.adjust("25 seconds")
      answerFirst(jsonResponse({}, { status: 403, headers: { "x-csrf-token": "fresh" } }))
      yield* untilSent(2)
      yield* TestClock.adjust("25 seconds")
      // 50 s since the call began, 25 s since the re-send: still waiting
      assert.isUndefined(fiber.pollUnsafe())
      assert.strictEqual((yield* StubFetch).requests.length, 2)
      yield* TestClock.adjust("5 seconds")
      assert.strictEqual((yield* Fiber.join(fiber))._tag, "TimeoutError")
      assert.deepStrictEqual(
        (yield* StubFetch).requests.map((r) => [r.headers["x-csrf-token"], r.signal!.aborted]),
        [
          ["csrf-seeded-0123", false],
          ["fresh", true]
        ]
      )
    }).pipe(
      Effect.provide(
        securityLayer(
          (request, index) =>
            index === 0 ? new Promise<Response>((resolve) => void (answerFirst = resolve)) : never(request),
          { config: quiet }
        )
      )
    )
  })

  it.effect("time spent in a challenge between two sends is not counted", () =>
    Effect.gen(function* () {
      const fiber = yield* Effect.forkChild((yield* PlatformHttp).post(platformUrl))
      yield* untilSent(1)
      yield* TestClock.adjust("10 minutes")
      yield* untilSent(2)
      const response = yield* Fiber.join(fiber)
      assert.strictEqual(response, "done")
      assert.strictEqual((yield* StubFetch).requests.length, 2)
    }).pipe(
      Effect.provide(
        PlatformHttp.layer.pipe(
          // a stand-in challenge flow: the person takes 10 minutes, then the request is re-sent
          Layer.provide(
            Layer.succeed(ChallengeInterceptor, {
              intercept: (request, response, send) =>
                response.status === 403
                  ? Effect.andThen(Effect.sleep("10 minutes"), send(request))
                  : Effect.succeed(response)
            })
          ),
          Layer.provideMerge(
            Layer.mergeAll(
              StubFetch.layer((_, index) => (index === 0 ? jsonResponse({}, { status: 403 }) : jsonResponse("done"))),
              PlatformConfig.layer(quiet),
              MemoryKeyValueStore.layer(),
              MemoryTelemetry.layer()
            )
          )
        )
      )
    )
  )

  it.live("under Effect's live clock (one plain timer beside the fetch): TimeoutError, the fetch aborted", () =>
    Effect.gen(function* () {
      const error = yield* Effect.flip((yield* PlatformHttp).get(platformUrl).pipe(withRequestTimeout("30 millis")))
      assert.strictEqual(error._tag === "TimeoutError" && error.timeoutMs, 30)
      assert.isTrue((yield* StubFetch).requests[0]!.signal!.aborted)
    }).pipe(Effect.provide(securityLayer(never, { config: quiet })))
  )

  it.live("under the live clock, an answer in time clears the timer and interrupting still aborts the fetch", () =>
    Effect.gen(function* () {
      const http = yield* PlatformHttp
      assert.deepStrictEqual(yield* http.get(`${platformUrl}/fast`).pipe(withRequestTimeout("10 seconds")), {
        ok: true
      })
      const fiber = yield* Effect.forkChild(http.get(platformUrl).pipe(withRequestTimeout("10 seconds")))
      yield* untilSent(2)
      yield* Fiber.interrupt(fiber)
      const requests = (yield* StubFetch).requests
      assert.deepStrictEqual(
        requests.map((r) => r.signal!.aborted),
        [false, true]
      )
    }).pipe(
      Effect.provide(
        securityLayer((request) => (request.url.endsWith("/fast") ? jsonResponse({ ok: true }) : never(request)), {
          config: quiet
        })
      )
    )
  )
})
