import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Fiber from "effect/Fiber"
import * as Layer from "effect/Layer"
import { TestClock } from "effect/testing"
import type { MetaData } from "../../../src/core/browser/PageMetadata.ts"
import { PerformanceMetrics } from "../../../src/platform/perf/PerformanceMetrics.ts"
import { defaultPerformanceMetricsSettings } from "../../../src/platform/perf/PerformanceMetricsSettings.ts"
import { MemoryLogger } from "../../../src/testing/memory/MemoryLogger.ts"
import { jsonResponse, StubFetch, type StubHandler } from "../../../src/testing/StubFetch.ts"
import { testPlatformLayer } from "../../../src/testing/testPlatformLayer.ts"

const url = "https://metrics.example.com/v1/performance/measurements"
const ok: StubHandler = () => jsonResponse({})

const env = (handler: StubHandler = ok, metadata: Record<string, MetaData> = {}) =>
  PerformanceMetrics.layer.pipe(
    Layer.provideMerge(
      testPlatformLayer(handler, { baseUrls: { metrics: "https://metrics.example.com" } }, { metadata })
    ),
    Layer.provideMerge(MemoryLogger.layer())
  )

/** Let the stub fetch's promises and the fibers waiting on them run. */
const settle = Effect.promise(async () => {
  for (let i = 0; i < 5; i++) await new Promise<void>((resolve) => setTimeout(resolve, 1))
})
const requests = Effect.map(StubFetch, (s) => s.requests)
const bodies = Effect.map(requests, (rs) =>
  rs.map((r) => JSON.parse(r.body ?? "null") as Array<{ readonly taskId: number } & Record<string, unknown>>)
)
const warnings = Effect.flatMap(MemoryLogger, (l) =>
  Effect.map(l.entries, (e) => e.filter((x) => x.level === "Warn").map((x) => x.text))
)
const advance = (ms: number) => Effect.andThen(TestClock.adjust(ms), settle)
const m = (value: number) => ({ featureName: "GamePage", measureName: "LoadTime", value })

describe("PerformanceMetrics", () => {
  it("defaults: 100 per batch, 10,000 ms wait, 2 retries, 1000 ms cooldown", () => {
    assert.deepStrictEqual(defaultPerformanceMetricsSettings, {
      batchSize: 100,
      waitMs: 10_000,
      maxRetries: 2,
      retryCooldownMs: 1000
    })
  })

  it.effect("posts the measurements queued in the 10 s window as one batch, with credentials", () =>
    Effect.gen(function* () {
      const metrics = yield* PerformanceMetrics
      yield* metrics.record(m(120))
      yield* metrics.record({ ...m(5), measureName: "Clicks", metricsType: "Counter" })
      yield* advance(5000)
      yield* metrics.record(m(80))
      yield* advance(4999)
      assert.strictEqual((yield* requests).length, 0)
      yield* advance(1)
      const sent = yield* requests
      assert.strictEqual(sent.length, 1)
      assert.strictEqual(sent[0]?.method, "POST")
      assert.strictEqual(sent[0]?.url, url)
      assert.strictEqual(sent[0]?.credentials, "include")
      assert.strictEqual(sent[0]?.headers["content-type"], "application/json")
      assert.strictEqual(
        sent[0]?.body,
        `[{"taskId":1,"featureName":"GamePage","measureName":"LoadTime","value":120},` +
          `{"taskId":2,"featureName":"GamePage","measureName":"Clicks","value":5,"metricsType":"Counter"},` +
          `{"taskId":3,"featureName":"GamePage","measureName":"LoadTime","value":80}]`
      )
      assert.deepStrictEqual(yield* metrics.stats, { recorded: 3, posted: 3, dropped: 0, requests: 1 })
    }).pipe(Effect.provide(env()))
  )

  it.effect("sends full batches of 100 at once and the rest after the window", () =>
    Effect.gen(function* () {
      const metrics = yield* PerformanceMetrics
      for (let i = 0; i < 250; i++) yield* metrics.record(m(i))
      yield* settle
      yield* settle
      assert.deepStrictEqual(
        (yield* bodies).map((b) => b.length),
        [100, 100]
      )
      yield* advance(10_000)
      assert.deepStrictEqual(
        (yield* bodies).map((b) => b.length),
        [100, 100, 50]
      )
      assert.deepStrictEqual(
        (yield* bodies).flat().map((item) => item.taskId),
        Array.from({ length: 250 }, (_, i) => i + 1)
      )
    }).pipe(Effect.provide(env()))
  )

  it.effect(
    "page metadata overrides the batch size and the wait; a malformed value keeps the default with a Warning",
    () =>
      Effect.gen(function* () {
        const metrics = yield* PerformanceMetrics
        assert.strictEqual(metrics.settings.batchSize, 2)
        assert.strictEqual(metrics.settings.waitMs, 500)
        for (let i = 0; i < 3; i++) yield* metrics.record(m(i))
        yield* settle
        assert.deepStrictEqual(
          (yield* bodies).map((b) => b.length),
          [2]
        )
        yield* advance(500)
        assert.deepStrictEqual(
          (yield* bodies).map((b) => b.length),
          [2, 1]
        )
      }).pipe(Effect.provide(env(ok, { "performance-metrics": { batchSize: "2", waitMs: "500" } })))
  )

  it.effect("a malformed metadata value keeps the default and logs a Warning", () =>
    Effect.gen(function* () {
      const metrics = yield* PerformanceMetrics
      assert.strictEqual(metrics.settings.batchSize, 100)
      assert.strictEqual(metrics.settings.waitMs, 10_000)
      assert.deepStrictEqual(yield* warnings, [
        `Page metadata <meta name="performance-metrics"> data-batch-size is malformed (expected an integer from 1 to 1000); using the default`,
        `Page metadata <meta name="performance-metrics"> data-wait-ms is malformed (expected an integer from 0 to 600000); using the default`
      ])
    }).pipe(Effect.provide(env(ok, { "performance-metrics": { batchSize: "0", waitMs: "soon" } })))
  )

  it.effect("retries a failed POST at most twice: 1000 ms cooldown, then the next window (t = 10 s, 21 s, 32 s)", () =>
    Effect.gen(function* () {
      const metrics = yield* PerformanceMetrics
      yield* metrics.record(m(1))
      yield* metrics.record(m(2))
      yield* advance(10_000)
      assert.strictEqual((yield* requests).length, 1)
      yield* advance(10_999)
      assert.strictEqual((yield* requests).length, 1)
      yield* advance(1)
      assert.strictEqual((yield* requests).length, 2)
      yield* advance(10_999)
      assert.strictEqual((yield* requests).length, 2)
      yield* advance(1)
      assert.strictEqual((yield* requests).length, 3)
      yield* advance(100_000)
      assert.strictEqual((yield* requests).length, 3)
      assert.deepStrictEqual(
        (yield* bodies).map((b) => b.map((item) => item.taskId)),
        [
          [1, 2],
          [1, 2],
          [1, 2]
        ]
      )
      assert.deepStrictEqual(yield* metrics.stats, { recorded: 2, posted: 0, dropped: 2, requests: 3 })
      assert.deepStrictEqual(yield* warnings, [
        "Performance metrics POST of 2 measurement(s) failed: ResponseError 503",
        "Performance metrics POST of 2 measurement(s) failed: ResponseError 503",
        "Performance metrics POST of 2 measurement(s) failed: ResponseError 503"
      ])
    }).pipe(Effect.provide(env(() => jsonResponse({ errors: [] }, { status: 503 }))))
  )

  it.effect("a retry that succeeds posts the same items once more, and only once", () =>
    Effect.gen(function* () {
      const metrics = yield* PerformanceMetrics
      yield* metrics.record(m(1))
      yield* advance(10_000)
      yield* advance(11_000)
      yield* advance(60_000)
      assert.strictEqual((yield* requests).length, 2)
      assert.deepStrictEqual(yield* metrics.stats, { recorded: 1, posted: 1, dropped: 0, requests: 2 })
    }).pipe(
      Effect.provide(
        env((_, index) => (index === 0 ? Promise.reject(new TypeError("network down")) : jsonResponse({})))
      )
    )
  )

  it.effect("429 is retried; other 4xx answers are not", () =>
    Effect.gen(function* () {
      const metrics = yield* PerformanceMetrics
      yield* metrics.record(m(1))
      yield* advance(10_000)
      yield* advance(11_000)
      yield* advance(11_000)
      yield* advance(60_000)
      assert.deepStrictEqual((yield* requests).length, 3)
      assert.deepStrictEqual(yield* warnings, [
        "Performance metrics POST of 1 measurement(s) failed: ResponseError 429",
        "Performance metrics POST of 1 measurement(s) failed: ResponseError 429",
        "Performance metrics POST of 1 measurement(s) failed: ResponseError 400 (not retried)"
      ])
      assert.deepStrictEqual(yield* metrics.stats, { recorded: 1, posted: 0, dropped: 1, requests: 3 })
    }).pipe(Effect.provide(env((_, index) => jsonResponse({ errors: [] }, { status: index < 2 ? 429 : 400 }))))
  )

  it.effect("a 400 is given up at once", () =>
    Effect.gen(function* () {
      const metrics = yield* PerformanceMetrics
      yield* metrics.record(m(1))
      yield* advance(10_000)
      yield* advance(60_000)
      assert.strictEqual((yield* requests).length, 1)
      assert.deepStrictEqual(yield* metrics.stats, { recorded: 1, posted: 0, dropped: 1, requests: 1 })
    }).pipe(Effect.provide(env(() => jsonResponse({ errors: [{ code: 1 }] }, { status: 400 }))))
  )

  it.effect("an invalid measurement is dropped with a Warning and never sent", () =>
    Effect.gen(function* () {
      const metrics = yield* PerformanceMetrics
      yield* metrics.record({ featureName: "", measureName: "x", value: 1 })
      yield* metrics.record({ featureName: "a", measureName: "x", value: Number.NaN })
      yield* advance(20_000)
      assert.strictEqual((yield* requests).length, 0)
      assert.deepStrictEqual(yield* warnings, [
        "Performance measurement dropped: not a valid measurement",
        "Performance measurement dropped: not a valid measurement"
      ])
      assert.deepStrictEqual(yield* metrics.stats, { recorded: 0, posted: 0, dropped: 2, requests: 0 })
    }).pipe(Effect.provide(env()))
  )

  it.effect("time() records the duration of an effect on the Effect Clock", () =>
    Effect.gen(function* () {
      const metrics = yield* PerformanceMetrics
      const fiber = yield* Effect.forkChild(
        metrics.time("Catalog", "Search", Effect.as(Effect.sleep("1234 millis"), "done"))
      )
      yield* TestClock.adjust(1234)
      assert.strictEqual(yield* Fiber.join(fiber), "done")
      yield* advance(10_000)
      assert.deepStrictEqual(yield* bodies, [
        [{ taskId: 1, featureName: "Catalog", measureName: "Search", value: 1234, metricsType: "Sequence" }]
      ])
    }).pipe(Effect.provide(env()))
  )
})
