/**
 * The real site's `<meta name="performance">` tag, as its server renders it in `<head>`:
 *
 * | attribute | value | setting |
 * |---|---|---|
 * | `data-ui-performance-metrics-batch-wait-time` | time span `hh:mm:ss` (`00:00:30`), up to 10 minutes | `waitMs` |
 * | `data-ui-performance-metrics-batch-size` | integer 1–1000 | `batchSize` |
 *
 * A zero wait time counts as unset, as on the site (its scripts fall back to their default on 0). Precedence in
 * PerformanceMetrics: the library's own `performance-metrics` tag over this one, over `PerformanceMetricsSettings`.
 * The tag's other attributes (a relative value, an endpoint URL) are not read: measurements go to the configured
 * metrics service. A missing or blank attribute keeps the setting; a malformed one keeps it with a Warning naming
 * the tag and the attribute (never the value).
 *
 * @module
 */
import * as Effect from "effect/Effect"
import type { PageMetadata } from "../../core/browser/PageMetadata.ts"
import { compact, numberIn, readTag, timeSpanMs } from "../../core/config/metaAttributes.ts"
import type { PerformanceMetricsSettingsShape } from "./PerformanceMetricsSettings.ts"

/** The tag read. */
export const performanceMetaTag = "performance"

/** The batching settings the page's `performance` tag gives (only those it sets). */
export const performanceTagSettings: Effect.Effect<
  Partial<Pick<PerformanceMetricsSettingsShape, "batchSize" | "waitMs">>,
  never,
  PageMetadata
> = Effect.map(
  readTag(performanceMetaTag, {
    uiPerformanceMetricsBatchWaitTime: timeSpanMs(600_000),
    uiPerformanceMetricsBatchSize: numberIn(1, 1000)
  }),
  ({ values: v }) =>
    compact({ waitMs: v.uiPerformanceMetricsBatchWaitTime || undefined, batchSize: v.uiPerformanceMetricsBatchSize })
)
