/**
 * PerformanceMetrics: measurements a page takes (load times, render times, counts) posted in batches to
 * `{metrics}/v1/performance/measurements` (PERF-1 to PERF-5).
 *
 * - `record` queues one measurement and returns at once; it never fails. A measurement that is not valid
 *   (empty names, a value that is not a finite number) is dropped with a Warning.
 * - Measurements are batched by the BatchProcessor: at most `batchSize` (100) per POST, sent when the batch is
 *   full or `waitMs` (10,000 ms) after the first one was queued; page metadata can override both (the site's
 *   `performance` tag, performanceTag.ts, and the library's `performance-metrics` tag over it:
 *   PerformanceMetricsSettings). The body is the array of items `{ taskId, featureName, measureName, value,
 *   metricsType? }`; `taskId` counts from 1 per page.
 * - The POST goes through PlatformHttp, so it carries credentials (and CSRF token, signing, …). It is the one
 *   retryable mutating call (PERF-4): a POST that fails with a network error, a 429 or a 5xx is re-sent with the same
 *   items at most `maxRetries` (2) times; each re-send waits the `retryCooldownMs` (1000 ms) cooldown and then the
 *   next batching window (the items re-enter the queue), so with the defaults a batch first posted at t is re-sent
 *   at t + 11 s and t + 22 s. Any other failure (a 4xx) is not retried. Each failed POST logs one Warning; items
 *   given up are counted in `stats().dropped`.
 * - Measurements still queued when the layer's scope closes (the page goes away) are not sent.
 *
 * @module
 */
import * as BatchProcessor from "../../core/batch/BatchProcessor.ts"
import { fixedCooldown } from "../../core/batch/BatchDefaults.ts"
import * as Clock from "effect/Clock"
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Schema from "effect/Schema"
import { PageMetadata } from "../../core/browser/PageMetadata.ts"
import type { PlatformHttpError, RequestEncodeError } from "../../core/http/errors.ts"
import { PlatformHttp } from "../../core/http/PlatformHttp.ts"
import {
  type MetricsType,
  PerformanceMeasurement,
  type PerformanceMeasurementItem,
  performanceMeasurementsPath
} from "../api/metrics.ts"
import {
  applyPerformanceMetricsMetadata,
  PerformanceMetricsSettings,
  type PerformanceMetricsSettingsShape,
  performanceMetricsMetaTag
} from "./PerformanceMetricsSettings.ts"
import { performanceTagSettings } from "./performanceTag.ts"

/** Counters of a PerformanceMetrics instance. */
export interface PerformanceMetricsStats {
  /** Measurements accepted by `record`. */
  readonly recorded: number
  /** Measurements the metrics service accepted. */
  readonly posted: number
  /** Measurements given up after their POSTs failed, or refused by `record` as invalid. */
  readonly dropped: number
  /** POST requests sent (re-sends included). */
  readonly requests: number
}

/** The shape of performance metrics. */
export interface PerformanceMetricsShape {
  /** Queue a measurement (see the module doc); never fails, never waits for the POST. */
  readonly record: (measurement: PerformanceMeasurement) => Effect.Effect<void>
  /** Run `effect` and, when it succeeds, record its duration in ms (Effect Clock) as a `Sequence` measurement. */
  readonly time: <A, E, R>(
    featureName: string,
    measureName: string,
    effect: Effect.Effect<A, E, R>
  ) => Effect.Effect<A, E, R>
  /** The settings in use (after page metadata). */
  readonly settings: PerformanceMetricsSettingsShape
  /** Counters, for diagnostics and tests. */
  readonly stats: Effect.Effect<PerformanceMetricsStats>
}

/** True for the failures a measurement POST is re-sent after: no response, 429, or a 5xx. */
export const isRetriableMetricsFailure = (error: PlatformHttpError | RequestEncodeError): boolean =>
  error._tag === "FetchError" || (error._tag === "ResponseError" && (error.status === 429 || error.status >= 500))

const decodeMeasurement = Schema.decodeUnknownOption(PerformanceMeasurement)

/** The warning of a failed POST of `count` measurements: the failure's tag, status and whether it is retried. */
const postFailedLog = (count: number, error: PlatformHttpError | RequestEncodeError): string =>
  `Performance metrics POST of ${count} measurement(s) failed: ${error._tag}${
    error._tag === "ResponseError" ? ` ${error.status}` : ""
  }${isRetriableMetricsFailure(error) ? "" : " (not retried)"}`

/** Performance measurements, batched and posted. */
export class PerformanceMetrics extends Context.Service<PerformanceMetrics, PerformanceMetricsShape>()(
  "platform-web-client/platform/perf/PerformanceMetrics"
) {
  /** Performance metrics over PlatformHttp; settings from {@link PerformanceMetricsSettings} and page metadata. */
  static readonly layer: Layer.Layer<PerformanceMetrics, never, PlatformHttp | PageMetadata> = Layer.effect(
    PerformanceMetrics,
    Effect.gen(function* () {
      const http = yield* PlatformHttp
      const metadata = yield* PageMetadata
      const scope = yield* Effect.scope
      const settings = yield* applyPerformanceMetricsMetadata(
        { ...(yield* PerformanceMetricsSettings), ...(yield* performanceTagSettings) },
        yield* metadata.get(performanceMetricsMetaTag)
      )
      let nextTaskId = 1
      let recorded = 0
      let posted = 0
      let dropped = 0
      let requests = 0

      const post = (items: ReadonlyArray<PerformanceMeasurementItem>) =>
        Effect.suspend(() => {
          requests++
          return http.post(
            { service: "metrics", path: performanceMeasurementsPath },
            {
              body: items,
              operation: "recordPerformanceMeasurements"
            }
          )
        }).pipe(
          // the answer's body is not specified: any 2xx is an acceptance
          Effect.catchTag("ResponseDecodeError", () => Effect.void),
          Effect.tapError((error) => Effect.logWarning(postFailedLog(items.length, error))),
          Effect.map(() => {
            posted += items.length
            return items.map(() => true)
          })
        )

      const processor = yield* BatchProcessor.make<
        PerformanceMeasurementItem,
        boolean,
        PlatformHttpError | RequestEncodeError
      >({
        process: post,
        keyOf: (item) => item.taskId,
        batchSize: settings.batchSize,
        waitMs: settings.waitMs,
        maxRetries: settings.maxRetries,
        cooldown: fixedCooldown(settings.retryCooldownMs),
        concurrency: 1,
        isRetriable: isRetriableMetricsFailure,
        memoize: false
      })

      const record = (measurement: PerformanceMeasurement) =>
        Effect.suspend(() => {
          const decoded = decodeMeasurement(measurement)
          if (decoded._tag === "None") {
            dropped++
            return Effect.logWarning("Performance measurement dropped: not a valid measurement")
          }
          recorded++
          const item: PerformanceMeasurementItem = { taskId: nextTaskId++, ...decoded.value }
          return processor.get(item).pipe(
            Effect.catch(() => Effect.sync(() => void dropped++)),
            Effect.forkIn(scope),
            Effect.asVoid
          )
        })

      const time = <A, E, R>(featureName: string, measureName: string, effect: Effect.Effect<A, E, R>) =>
        Effect.gen(function* () {
          const start = yield* Clock.currentTimeMillis
          const result = yield* effect
          const metricsType: MetricsType = "Sequence"
          yield* record({ featureName, measureName, value: (yield* Clock.currentTimeMillis) - start, metricsType })
          return result
        })

      return PerformanceMetrics.of({
        record,
        time,
        settings,
        stats: Effect.sync(() => ({ recorded, posted, dropped, requests }))
      })
    })
  )
}
