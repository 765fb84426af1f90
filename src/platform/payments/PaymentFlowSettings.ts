/**
 * The tunables of payment-flow analytics, with the spec's constants as defaults (PAY-8, PAY-16: cookie max
 * age 600 s on the parent domain, referrer cut to 200 characters). Names the spec does not show (the cookie, the
 * query parameter is shown: `analyticId`, the event name) are chosen here and documented.
 *
 * @module
 */
import * as Context from "effect/Context"

/** Payment-flow settings. */
export interface PaymentFlowSettingsShape {
  /** The flow cookie's name (not in the spec; default `paymentFlowContext`). */
  readonly cookieName: string
  /** The flow cookie's lifetime in seconds, restarted by every event of the flow (PAY-16: 600). */
  readonly cookieMaxAgeSeconds: number
  /** `parent` (PAY-16, default): the page's parent domain; `host`: host-only; or an explicit domain. */
  readonly cookieDomain: "parent" | "host" | string
  /** The query parameter a flow's uuid is taken from (PAY-9: `analyticId`). */
  readonly analyticIdParameter: string
  /** `refurl` keeps this many characters of the referrer (PAY-8: 200). */
  readonly referrerMaxLength: number
  /** The event tracker's event name for every payment event (not in the spec; default `userPurchaseFlow`). */
  readonly eventName: string
}

/** The defaults of {@link PaymentFlowSettingsShape}. */
export const defaultPaymentFlowSettings: PaymentFlowSettingsShape = {
  cookieName: "paymentFlowContext",
  cookieMaxAgeSeconds: 600,
  cookieDomain: "parent",
  analyticIdParameter: "analyticId",
  referrerMaxLength: 200,
  eventName: "userPurchaseFlow"
}

/** The payment-flow settings in use; provide another value to change them. */
export const PaymentFlowSettings = Context.Reference<PaymentFlowSettingsShape>(
  "platform-web-client/platform/payments/PaymentFlowSettings",
  { defaultValue: () => defaultPaymentFlowSettings }
)
