/**
 * platform-web-client/payments: payment-flow analytics. `PaymentFlow` starts a purchase's flow, keeps its id in a
 * cookie across the purchase's pages and sends its view, input and status events through the event tracker; its
 * settings, errors, enumerations and the flow cookie's schemas.
 *
 * @module
 */
export { PaymentFlow, type PaymentFlowShape } from "./platform/payments/PaymentFlow.ts"
export {
  type PaymentEventInput,
  type PaymentStartOptions,
  type PaymentStatusInput
} from "./platform/payments/inputs.ts"
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
