/**
 * platform-web-client/api/metrics: the metrics service: performance measurements. Its definition (`MetricsApi`: the
 * typed client's, the emulator's and the OpenAPI document's), one definition per endpoint (a page that calls one
 * endpoint alone, with `platformCall` of `platform-web-client/clients`, loads only that one) and the schemas of its
 * requests and answers.
 *
 * @module
 */
export {
  MetricsApi,
  MetricsGroup,
  MetricsType,
  PerformanceMeasurement,
  PerformanceMeasurementBatch,
  PerformanceMeasurementItem,
  performanceMeasurementsPath,
  recordMeasurements
} from "../platform/api/metrics.ts"
