/**
 * The payment event payload (PAY-7, PAY-8), as sent to the event tracker: every key is always present,
 * absent values are empty strings, so the analytics table has one shape.
 *
 * | key | value |
 * |---|---|
 * | `purchase_flow_uuid` | the flow's uuid |
 * | `triggering_context` | the flow's (reclassified) triggering context — the tracker has no separate context argument |
 * | `view_name` | the view, e.g. `Checkout Success` |
 * | `purchase_event_type` | `ViewShown`, `UserInput`, or empty for a status event |
 * | `view_message` | free text: the button pressed, the message shown, the new context for `ExistingFlowOverwrittenBy`, the navigation kind for `BrowserPageChanged` |
 * | `status` | a payment status, or empty for a ViewShown/UserInput event |
 * | `refurl` | the page's referrer as every URL the library reports (every query value `[redacted]` but the plain values of allow-listed parameters, the fragment `[redacted]`, user info dropped: docs/security.md), first 200 characters (code points: a surrogate pair is never split) |
 * | `prev_view_path` | the path of the page of the flow's previous event (empty for the first) |
 * | `current_view_path` | the path of the current page (no query or fragment: they may carry tokens) |
 * | `event_metadata` | JSON `{"item_type":…,"item_id":…}`; both empty strings when no item is given; the id as a string |
 *
 * @module
 */
import type { PaymentEventType, PaymentItem, PaymentStatus } from "./enums.ts"
import { redactUrl } from "../../core/text/redactUrl.ts"
import type { PaymentFlowContext } from "./flowCookie.ts"

/** The payload keys, in the spec's order (plus `triggering_context`). */
export const paymentPayloadKeys = [
  "purchase_flow_uuid",
  "triggering_context",
  "view_name",
  "purchase_event_type",
  "view_message",
  "status",
  "refurl",
  "prev_view_path",
  "current_view_path",
  "event_metadata"
] as const

/** A payment event payload. */
export type PaymentPayload = { readonly [K in (typeof paymentPayloadKeys)[number]]: string }

/** What one event says, besides its flow and page. */
export interface PaymentEventParts {
  readonly viewName?: string | undefined
  readonly eventType?: PaymentEventType | undefined
  readonly viewMessage?: string | undefined
  readonly status?: PaymentStatus | undefined
  readonly item?: PaymentItem | undefined
}

/** Where the event is sent from. */
export interface PaymentPage {
  readonly referrer: string
  readonly path: string
}

/** The `event_metadata` JSON of an item. */
export const eventMetadata = (item: PaymentItem | undefined): string =>
  JSON.stringify({ item_type: item?.type ?? "", item_id: item === undefined ? "" : String(item.id) })

/**
 * The payload of one event of `flow`, sent from `page`; `refurl` is the referrer redacted (an OAuth callback or a
 * link with a token may be the previous page), cut to `referrerMaxLength` characters.
 */
export const paymentPayload = (
  flow: PaymentFlowContext,
  parts: PaymentEventParts,
  page: PaymentPage,
  referrerMaxLength: number
): PaymentPayload => ({
  purchase_flow_uuid: flow.uuid,
  triggering_context: flow.context,
  view_name: parts.viewName ?? "",
  purchase_event_type: parts.eventType ?? "",
  view_message: parts.viewMessage ?? "",
  status: parts.status ?? "",
  refurl: [...(page.referrer === "" ? "" : redactUrl(page.referrer))].slice(0, Math.max(0, referrerMaxLength)).join(""),
  prev_view_path: flow.viewPath,
  current_view_path: page.path,
  event_metadata: eventMetadata(parts.item)
})
