/**
 * The metrics service: performance measurements (PERF-1).
 *
 * `POST {metrics}/v1/performance/measurements` takes a batch (a JSON array) of measurements, with credentials.
 * The spec names only `taskId` among a measurement item's fields ("others not shown"); the item sent here is
 * `{ taskId, featureName, measureName, value, metricsType? }`: `taskId` identifies the item in its batch (unique per
 * page), the other fields are what was measured. The answer's body is not shown; the client ignores it.
 *
 * One definition drives the client (PerformanceMetrics), the emulator and the OpenAPI document. Paths are relative
 * to the metrics service's base URL (`PlatformConfig.baseUrls.metrics`).
 *
 * @module
 */
import * as Schema from "effect/Schema"
import { api, group, post } from "./definition.ts"
import { NameFromString } from "./sharedSchemas.ts"

/** The path of the measurements endpoint on the metrics service. */
export const performanceMeasurementsPath = "/v1/performance/measurements"

/** How a measurement aggregates: one sample of a distribution (`Sequence`, e.g. a duration) or a count. */
export const MetricsType = NameFromString(["Sequence", "Counter"])

/** The type of {@link MetricsType}. */
export type MetricsType = typeof MetricsType.Type

/** What a page measured: a feature, the measure's name and a finite value (milliseconds for durations). */
export const PerformanceMeasurement = Schema.Struct({
  featureName: Schema.NonEmptyString,
  measureName: Schema.NonEmptyString,
  value: Schema.Finite,
  metricsType: Schema.optionalKey(MetricsType)
})

/** The type of {@link PerformanceMeasurement}. */
export type PerformanceMeasurement = typeof PerformanceMeasurement.Type

/** One item of a posted batch: the measurement and its `taskId`. */
export const PerformanceMeasurementItem = Schema.Struct({
  taskId: Schema.Int,
  featureName: Schema.NonEmptyString,
  measureName: Schema.NonEmptyString,
  value: Schema.Finite,
  metricsType: Schema.optionalKey(MetricsType)
})

/** The type of {@link PerformanceMeasurementItem}. */
export type PerformanceMeasurementItem = typeof PerformanceMeasurementItem.Type

/** The body of the POST: a batch of items. */
export const PerformanceMeasurementBatch = Schema.Array(PerformanceMeasurementItem)

/** `POST /v1/performance/measurements`. */
export const recordMeasurements = post("recordMeasurements", performanceMeasurementsPath, {
  payload: PerformanceMeasurementBatch,
  success: Schema.Struct({}),
  errors: [400]
})

/** The metrics endpoints. */
export const MetricsGroup = group("metrics", recordMeasurements)

/** The metrics service as an API of its own. */
export const MetricsApi = api("metrics", { title: "Metrics", version: "v1" }, MetricsGroup)
