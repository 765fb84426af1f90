/**
 * The tunables of performance-metric batching (PERF-2 to PERF-4): 100 measurements per POST, a 10,000 ms
 * batching window, both overridable by page metadata; a failed POST retried at most twice after a 1000 ms cooldown.
 *
 * Page metadata (PERF-3):
 *
 * | `<meta name="performance-metrics">` attribute | value | overrides |
 * |---|---|---|
 * | `data-batch-size` | integer 1–1000 | `batchSize` |
 * | `data-wait-ms` | integer 0–600000 | `waitMs` |
 *
 * A missing or blank attribute keeps the setting; a malformed one keeps it and logs a Warning naming the tag, the
 * attribute and the expected form (never the value).
 *
 * @module
 */
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import { platformBatchPresets } from "../batchPresets.ts"
import type { MetaData } from "../../core/browser/PageMetadata.ts"

/** Performance-metric batching settings. */
export interface PerformanceMetricsSettingsShape {
  /** At most this many measurements per POST (PERF-2: 100). */
  readonly batchSize: number
  /** The batching window in ms, opened by the first measurement queued (PERF-2: 10,000). */
  readonly waitMs: number
  /** Re-sends of a batch whose POST failed retriably (network, 429, 5xx); so at most 1 + this many POSTs. */
  readonly maxRetries: number
  /** The cooldown before a failed batch re-enters the queue (and its next window), in ms. */
  readonly retryCooldownMs: number
}

/** The spec's defaults. */
export const defaultPerformanceMetricsSettings: PerformanceMetricsSettingsShape = {
  batchSize: platformBatchPresets.performanceMetrics.batchSize,
  waitMs: platformBatchPresets.performanceMetrics.waitMs,
  maxRetries: 2,
  retryCooldownMs: 1000
}

/** The settings before page metadata is applied; provide another value to change them. */
export const PerformanceMetricsSettings = Context.Reference<PerformanceMetricsSettingsShape>(
  "platform-web-client/platform/perf/PerformanceMetricsSettings",
  { defaultValue: () => defaultPerformanceMetricsSettings }
)

/** The `<meta>` tag read for overrides. */
export const performanceMetricsMetaTag = "performance-metrics"

const integerIn = (min: number, max: number) =>
  Schema.NumberFromString.check(Schema.isInt(), Schema.isGreaterThanOrEqualTo(min), Schema.isLessThanOrEqualTo(max))

const attributes = [
  ["batchSize", "data-batch-size", integerIn(1, 1000), "an integer from 1 to 1000"],
  ["waitMs", "data-wait-ms", integerIn(0, 600_000), "an integer from 0 to 600000"]
] as const

/** `settings` with the overrides of the page's `performance-metrics` tag applied (see the module doc). */
export const applyPerformanceMetricsMetadata = (
  settings: PerformanceMetricsSettingsShape,
  data: MetaData | undefined
): Effect.Effect<PerformanceMetricsSettingsShape> =>
  Effect.gen(function* () {
    const out: { -readonly [K in keyof PerformanceMetricsSettingsShape]: number } = { ...settings }
    for (const [key, attribute, schema, expected] of attributes) {
      const raw = data?.[key]?.trim()
      if (raw === undefined || raw === "") continue
      const decoded = Schema.decodeUnknownOption(schema)(raw)
      if (decoded._tag === "Some") out[key] = decoded.value
      else {
        yield* Effect.logWarning(
          `Page metadata <meta name="${performanceMetricsMetaTag}"> ${attribute} is malformed (expected ${expected}); using the default`
        )
      }
    }
    return out
  })
