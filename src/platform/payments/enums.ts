/**
 * The payment-flow vocabularies (PAY-2 to PAY-6): triggering contexts, event types, payment statuses, item
 * types and the known view names, each as a Schema (every value passed in from outside is decoded with it).
 *
 * @module
 */
import * as Schema from "effect/Schema"

/** What started a payment flow (all 16 of PAY-2). */
export const TriggeringContext = Schema.Literals([
  "WebRobuxPurchase",
  "WebPremiumPurchase",
  "WebCatalogRobuxUpsell",
  "WebCatalogPremiumUpsell",
  "WebCatalogCollectiveItemRobuxUpsell",
  "WebCatalogBundleItemRobuxUpsell",
  "WebPaidGameRobuxUpsell",
  "WebGamePassRobuxUpsell",
  "WebDeveloperProductRobuxUpsell",
  "WebPrivateServerRobuxUpsell",
  "WebCatalogCartRobuxUpsell",
  "WebViewRobuxPurchase",
  "WebViewPremiumPurchase",
  "WebRobuxGiftPurchase",
  "WebRobuxGiftPostCheckout",
  "WebGiftCardPurchase"
])

/** The type of {@link TriggeringContext}. */
export type TriggeringContext = typeof TriggeringContext.Type

/** Every triggering context, in the spec's order. */
export const triggeringContexts: ReadonlyArray<TriggeringContext> = TriggeringContext.literals

/** The kind of a payment event: a view was shown, or the user acted on it. */
export const PaymentEventType = Schema.Literals(["ViewShown", "UserInput"])

/** The type of {@link PaymentEventType}. */
export type PaymentEventType = typeof PaymentEventType.Type

/** The status values of status events (all 13 of PAY-4). */
export const PaymentStatus = Schema.Literals([
  "Abandoned",
  "FailedPreparePaymentRequest",
  "PassedPreparePaymentRequest",
  "RedirectedToPremiumPage",
  "ExistingFlowOverwrittenBy",
  "PaymentFlowStarted",
  "BrowserPageChanged",
  "Captcha",
  "Success",
  "Error",
  "Continue",
  "Cancel",
  "PaymentFlowEnded"
])

/** The type of {@link PaymentStatus}. */
export type PaymentStatus = typeof PaymentStatus.Type

/** Every payment status, in the spec's order. */
export const paymentStatuses: ReadonlyArray<PaymentStatus> = PaymentStatus.literals

/** What is being bought, as sent in `event_metadata.item_type` (PAY-5; `Product` is a developer product). */
export const PaymentItemType = Schema.Literals(["Game Pass", "Private Server", "Bundle", "Package", "Place", "Product"])

/** The type of {@link PaymentItemType}. */
export type PaymentItemType = typeof PaymentItemType.Type

/** Every item type, in the spec's order. */
export const paymentItemTypes: ReadonlyArray<PaymentItemType> = PaymentItemType.literals

/** The item of an event: its type and id (a number, or a string such as a collectible's uuid). */
export const PaymentItem = Schema.Struct({
  type: PaymentItemType,
  id: Schema.Union([Schema.Finite, Schema.NonEmptyString])
})

/** The type of {@link PaymentItem}. */
export type PaymentItem = typeof PaymentItem.Type

/** The terminal view: an event for it ends the flow (PAY-12). */
export const checkoutSuccessView = "Checkout Success"

/**
 * View names the platform's payment pages use (PAY-6). The spec does not show the full list, so any non-empty
 * name is accepted; these are the ones this library and its demo use.
 */
export const knownViewNames = [
  "Robux Purchase",
  "Premium Purchase",
  "Gift Card Purchase",
  "Transaction Page",
  "Redeem Card Page",
  "Payment Method Selection",
  "Checkout",
  "Robux Upsell",
  "Premium Upsell",
  checkoutSuccessView
] as const

/** A view name: one of {@link knownViewNames} or any other non-empty name. */
export type ViewName = (typeof knownViewNames)[number] | (string & {})
