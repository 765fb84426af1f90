/**
 * platform-web-client/perf: performance metrics (`PerformanceMetrics`): the page's timings, sent to the metrics
 * service, their settings, and the page tags that switch them on.
 *
 * @module
 */
export {
  PerformanceMetrics,
  type PerformanceMetricsShape,
  type PerformanceMetricsStats
} from "./platform/perf/PerformanceMetrics.ts"
export {
  applyPerformanceMetricsMetadata,
  defaultPerformanceMetricsSettings,
  performanceMetricsMetaTag,
  PerformanceMetricsSettings,
  type PerformanceMetricsSettingsShape
} from "./platform/perf/PerformanceMetricsSettings.ts"
export { performanceMetaTag, performanceTagSettings } from "./platform/perf/performanceTag.ts"
