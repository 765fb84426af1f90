/**
 * platform-web-client/analytics: payment-flow analytics, the upsell cookie, the page heartbeat (page side; its worker
 * is `platform-web-client/heartbeat-worker`) and performance metrics.
 *
 * @module
 */
export {
  type PaymentEventInput,
  PaymentFlow,
  type PaymentFlowShape,
  type PaymentStartOptions,
  type PaymentStatusInput
} from "./platform/payments/PaymentFlow.ts"
export {
  PaymentFlowError,
  type PaymentFlowErrorName,
  paymentFlowErrorNames
} from "./platform/payments/PaymentFlowError.ts"
export {
  defaultPaymentFlowSettings,
  PaymentFlowSettings,
  type PaymentFlowSettingsShape
} from "./platform/payments/PaymentFlowSettings.ts"
export {
  checkoutSuccessView,
  knownViewNames,
  PaymentEventType,
  PaymentItem,
  PaymentItemType,
  paymentItemTypes,
  PaymentStatus,
  paymentStatuses,
  TriggeringContext,
  triggeringContexts,
  type ViewName
} from "./platform/payments/enums.ts"
export { FlowCookieValue, FlowUuid, PaymentFlowContext } from "./platform/payments/flowCookie.ts"
export { type PaymentPage, type PaymentPayload } from "./platform/payments/payload.ts"
export { isPaymentWebview, reclassifyContext, webviewAppTypes } from "./platform/payments/reclassify.ts"
export {
  defaultUpsellSettings,
  UpsellCookie,
  UpsellCookieSettings,
  type UpsellCookieShape,
  type UpsellSettings
} from "./platform/upsell/UpsellCookie.ts"
export {
  encodeUpsellCookie,
  parseUpsellCookie,
  type UpsellCheck,
  type UpsellData,
  type UpsellInvalidReason,
  validateUpsellCookie,
  type ValidUpsell
} from "./platform/upsell/UpsellCookieData.ts"
export {
  heartbeatEventName,
  type HeartbeatState,
  type HeartbeatStatus,
  heartbeatWorkerComponent,
  heartbeatWorkerUrl,
  initialHeartbeatState,
  PageHeartbeat,
  type PageHeartbeatShape
} from "./platform/heartbeat/PageHeartbeat.ts"
export {
  applyHeartbeatMetadata,
  decodeHeartbeatConfig,
  defaultHeartbeatConfig,
  fetchHeartbeatConfig,
  type HeartbeatConfig,
  HeartbeatDefaults,
  heartbeatMetaAttributes,
  heartbeatMetaTag,
  inHeartbeatRollout
} from "./platform/heartbeat/HeartbeatConfig.ts"
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
