import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Fiber from "effect/Fiber"
import * as Layer from "effect/Layer"
import { TestClock } from "effect/testing"
import type { MetaData } from "../../../src/core/browser/PageMetadata.ts"
import { PerformanceMetrics } from "../../../src/platform/perf/PerformanceMetrics.ts"
import { performanceTagSettings } from "../../../src/platform/perf/performanceTag.ts"
import { platformClientsLayer } from "../../../src/platform/clients/PlatformClients.ts"
import { ThumbnailBatch } from "../../../src/platform/thumbnails/ThumbnailBatch.ts"
import {
  thumbnailBatchOptions,
  ThumbnailPageSettings,
  thumbnailPageSettings,
  thumbnailPageSettingsLayer
} from "../../../src/platform/thumbnails/thumbnailPageSettings.ts"
import { MemoryLogger } from "../../../src/testing/memory/MemoryLogger.ts"
import { MemoryPageMetadata } from "../../../src/testing/memory/MemoryPageMetadata.ts"
import { jsonResponse, type RecordedRequest, StubFetch } from "../../../src/testing/StubFetch.ts"
import { testPlatformLayer } from "../../../src/testing/testPlatformLayer.ts"

/** Run a page-settings reader over `tags`, with the log lines. */
const read = <A>(reader: Effect.Effect<A, never, any>, tags: Readonly<Record<string, MetaData>>) =>
  Effect.gen(function* () {
    const value = yield* reader
    const logs = yield* (yield* MemoryLogger).entries
    return { value, logs: logs.map((l) => l.text), raw: JSON.stringify(logs.map((l) => l.message)) }
  }).pipe(Effect.provide(Layer.merge(MemoryPageMetadata.layer(tags), MemoryLogger.layer()))) as Effect.Effect<{
    value: A
    logs: Array<string>
    raw: string
  }>

const malformed = (tag: string, attribute: string, expected: string) =>
  `Page metadata <meta name="${tag}"> ${attribute} is malformed (expected ${expected}); using the default`

describe("the performance tag", () => {
  const perf = (data: MetaData) => read(performanceTagSettings, { performance: data })

  const waits: ReadonlyArray<[string, number]> = [
    ["00:00:30", 30_000],
    ["00:01:00", 60_000],
    ["0:00:05", 5000],
    ["00:00:01.5000000", 1500],
    ["00:10:00", 600_000]
  ]
  for (const [text, ms] of waits) {
    it.effect(`a batch wait time of ${text} is ${ms} ms`, () =>
      Effect.gen(function* () {
        const { logs, value } = yield* perf({ uiPerformanceMetricsBatchWaitTime: text })
        assert.deepStrictEqual(value, { waitMs: ms })
        assert.deepStrictEqual(logs, [])
      })
    )
  }

  it.effect("a zero wait time counts as unset, as on the site", () =>
    Effect.gen(function* () {
      assert.deepStrictEqual(
        (yield* perf({ uiPerformanceMetricsBatchWaitTime: "00:00:00", uiPerformanceMetricsBatchSize: "20" })).value,
        {
          batchSize: 20
        }
      )
    })
  )

  const bad: ReadonlyArray<[string, string, string, string]> = [
    [
      "uiPerformanceMetricsBatchWaitTime",
      "30s-secret",
      "data-ui-performance-metrics-batch-wait-time",
      "a time span hh:mm:ss up to 600000 ms"
    ],
    [
      "uiPerformanceMetricsBatchWaitTime",
      "01:00:00",
      "data-ui-performance-metrics-batch-wait-time",
      "a time span hh:mm:ss up to 600000 ms"
    ],
    [
      "uiPerformanceMetricsBatchWaitTime",
      "00:61:00",
      "data-ui-performance-metrics-batch-wait-time",
      "a time span hh:mm:ss up to 600000 ms"
    ],
    ["uiPerformanceMetricsBatchSize", "0", "data-ui-performance-metrics-batch-size", "an integer from 1 to 1000"],
    ["uiPerformanceMetricsBatchSize", "12abc", "data-ui-performance-metrics-batch-size", "an integer from 1 to 1000"]
  ]
  for (const [key, value, attribute, expected] of bad) {
    it.effect(`${attribute}="${value}" is left out with a Warning, never the value`, () =>
      Effect.gen(function* () {
        const { logs, raw, value: settings } = yield* perf({ [key]: value })
        assert.deepStrictEqual(settings, {})
        assert.deepStrictEqual(logs, [malformed("performance", attribute, expected)])
        if (value.length > 2) assert.notInclude(raw, value)
      })
    )
  }

  const metrics = (metadata: Record<string, MetaData>) =>
    PerformanceMetrics.use((m) => Effect.succeed(m.settings)).pipe(
      Effect.provide(
        PerformanceMetrics.layer.pipe(Layer.provide(testPlatformLayer(() => jsonResponse({}), {}, { metadata })))
      )
    )

  it.effect("PerformanceMetrics takes it; the library's performance-metrics tag wins over it", () =>
    Effect.gen(function* () {
      const site = {
        performance: { uiPerformanceMetricsBatchWaitTime: "00:00:30", uiPerformanceMetricsBatchSize: "50" }
      }
      assert.deepStrictEqual(yield* metrics(site), {
        batchSize: 50,
        waitMs: 30_000,
        maxRetries: 2,
        retryCooldownMs: 1000
      })
      assert.deepStrictEqual(yield* metrics({ ...site, "performance-metrics": { batchSize: "7" } }), {
        batchSize: 7,
        waitMs: 30_000,
        maxRetries: 2,
        retryCooldownMs: 1000
      })
      assert.deepStrictEqual(yield* metrics({}), {
        batchSize: 100,
        waitMs: 10_000,
        maxRetries: 2,
        retryCooldownMs: 1000
      })
    })
  )

  it.effect("PerformanceMetrics posts at the page's wait time", () =>
    Effect.gen(function* () {
      const perfMetrics = yield* PerformanceMetrics
      yield* perfMetrics.record({ featureName: "Page", measureName: "Load", value: 1 })
      yield* TestClock.adjust(29_999)
      assert.strictEqual((yield* StubFetch).requests.length, 0)
      yield* TestClock.adjust(1)
      yield* Effect.promise(() => new Promise<void>((resolve) => setTimeout(resolve, 5)))
      assert.strictEqual((yield* StubFetch).requests.length, 1)
    }).pipe(
      Effect.provide(
        PerformanceMetrics.layer.pipe(
          Layer.provideMerge(
            testPlatformLayer(
              () => jsonResponse({}),
              {},
              {
                metadata: { performance: { uiPerformanceMetricsBatchWaitTime: "00:00:30" } }
              }
            )
          )
        )
      )
    )
  )
})

describe("the thumbnail-meta-data tag", () => {
  it.effect("only what the page sets; absent tag: nothing", () =>
    Effect.gen(function* () {
      assert.deepStrictEqual((yield* read(thumbnailPageSettings, {})).value, {})
      assert.deepStrictEqual(
        (yield* read(thumbnailPageSettings, {
          "thumbnail-meta-data": { isWebappCacheEnabled: "True", requestBatchSize: "" }
        })).value,
        { webappCacheEnabled: true }
      )
    })
  )

  const bad: ReadonlyArray<[string, string, string, string]> = [
    ["isWebappCacheEnabled", "Yes", "data-is-webapp-cache-enabled", "true or false"],
    [
      "webappCacheExpirationsTimespan",
      "1 minute",
      "data-webapp-cache-expirations-timespan",
      "a time span hh:mm:ss up to 86400000 ms"
    ],
    ["requestMinCooldown", "-1", "data-request-min-cooldown", "an integer from 0 to 600000"],
    ["requestMaxRetryAttempts", "11", "data-request-max-retry-attempts", "an integer from 0 to 10"],
    ["requestBatchSize", "101", "data-request-batch-size", "an integer from 1 to 100"],
    ["concurrentThumbnailRequestCount", "0", "data-concurrent-thumbnail-request-count", "an integer from 1 to 16"]
  ]
  for (const [key, value, attribute, expected] of bad) {
    it.effect(`${attribute}="${value}" is left out with a Warning, the rest kept`, () =>
      Effect.gen(function* () {
        const { logs, value: settings } = yield* read(thumbnailPageSettings, {
          "thumbnail-meta-data": { [key]: value, requestMaxCooldown: "30000" }
        })
        assert.deepStrictEqual(settings, { retryCooldownMaxMs: 30_000 })
        assert.deepStrictEqual(logs, [malformed("thumbnail-meta-data", attribute, expected)])
      })
    )
  }

  it.effect("ThumbnailPageSettings: none by default, the page's with thumbnailPageSettingsLayer", () =>
    Effect.gen(function* () {
      assert.deepStrictEqual(yield* ThumbnailPageSettings, {})
      const fromPage = yield* Effect.gen(function* () {
        return yield* ThumbnailPageSettings
      }).pipe(
        Effect.provide(
          thumbnailPageSettingsLayer.pipe(
            Layer.provide(
              MemoryPageMetadata.layer({
                "thumbnail-meta-data": { requestBatchSize: "50", concurrentThumbnailRequestCount: "4" }
              })
            )
          )
        )
      )
      assert.deepStrictEqual(fromPage, { batchSize: 50, concurrency: 4 })
    })
  )
})

describe("the thumbnail batcher with the page's settings", () => {
  it("thumbnailBatchOptions: batch size, retries, concurrency; cooldown exponential from min to max, or the min", () => {
    const options = thumbnailBatchOptions({
      batchSize: 50,
      maxRetryAttempts: 4,
      concurrency: 4,
      retryCooldownMinMs: 1000,
      retryCooldownMaxMs: 30_000
    })
    assert.deepStrictEqual(
      { ...options, cooldown: undefined },
      { batchSize: 50, maxRetries: 4, concurrency: 4, cooldown: undefined }
    )
    assert.deepStrictEqual([1, 2, 3, 5, 6, 7].map(options.cooldown!), [1000, 2000, 4000, 16_000, 30_000, 30_000])
    const onlyMin = thumbnailBatchOptions({ retryCooldownMinMs: 500 })
    assert.deepStrictEqual([1, 4].map(onlyMin.cooldown!), [500, 500])
    assert.deepStrictEqual(thumbnailBatchOptions({}), {})
    assert.deepStrictEqual(thumbnailBatchOptions({ retryCooldownMaxMs: 9 }), {})
  })

  /** Answers the batch call with an image for each request. */
  const answer = (request: RecordedRequest) =>
    jsonResponse({
      data: (JSON.parse(request.body!) as Array<{ requestId: string; targetId: number }>).map((r) => ({
        requestId: r.requestId,
        targetId: r.targetId,
        state: "Completed",
        imageUrl: `https://cdn.test/${r.targetId}.png`
      }))
    })

  const batcher = (tags: Readonly<Record<string, MetaData>>) =>
    ThumbnailBatch.layer.pipe(
      Layer.provide(thumbnailPageSettingsLayer),
      Layer.provideMerge(platformClientsLayer),
      Layer.provideMerge(
        testPlatformLayer(answer, { baseUrls: { thumbnails: "https://thumbnails.site.test" } }, { metadata: tags })
      )
    )

  const icons = (n: number) => Array.from({ length: n }, (_, i) => ({ type: "GameIcon", targetId: i + 1 }) as const)
  const sizes = Effect.map(StubFetch, (s) => s.requests.map((r) => (JSON.parse(r.body!) as Array<unknown>).length))

  it.effect("with thumbnailPageSettingsLayer, batches at the page's batch size", () =>
    Effect.gen(function* () {
      const fiber = yield* Effect.forkChild((yield* ThumbnailBatch).getAll(icons(5)))
      yield* TestClock.adjust("250 millis")
      assert.strictEqual((yield* Fiber.join(fiber)).length, 5)
      assert.deepStrictEqual(yield* sizes, [2, 2, 1])
    }).pipe(
      Effect.provide(
        batcher({ "thumbnail-meta-data": { requestBatchSize: "2", concurrentThumbnailRequestCount: "4" } })
      )
    )
  )

  it.effect("without the tag, the spec's batch of up to 100", () =>
    Effect.gen(function* () {
      const fiber = yield* Effect.forkChild((yield* ThumbnailBatch).getAll(icons(5)))
      yield* TestClock.adjust("250 millis")
      yield* Fiber.join(fiber)
      assert.deepStrictEqual(yield* sizes, [5])
    }).pipe(Effect.provide(batcher({})))
  )
})
