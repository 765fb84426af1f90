/**
 * The flow cookie's value: the active flow's uuid, its triggering context and the path of the page of its last
 * event, as JSON — `{"uuid":"…","context":"WebRobuxPurchase","viewPath":"/upgrades/robux"}` — decoded with a
 * Schema when read (a value that does not decode is "wrong data in cookie").
 *
 * @module
 */
import * as Schema from "effect/Schema"
import { TriggeringContext } from "./enums.ts"

/** A UUID in its canonical text form (any version). Flows store it in lower case. */
export const FlowUuid = Schema.String.check(
  Schema.isPattern(/^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/)
)

/** An active payment flow. */
export const PaymentFlowContext = Schema.Struct({
  /** The flow's uuid (`purchase_flow_uuid`). */
  uuid: FlowUuid,
  /** The (reclassified) triggering context. */
  context: TriggeringContext,
  /** The path of the page the flow's last event was sent from (the next event's `prev_view_path`). */
  viewPath: Schema.String
})

/** The type of {@link PaymentFlowContext}. */
export type PaymentFlowContext = typeof PaymentFlowContext.Type

/** The flow cookie's value: {@link PaymentFlowContext} as a JSON string. */
export const FlowCookieValue = Schema.fromJsonString(PaymentFlowContext)

/** Decode a flow cookie value; undefined when it is not a valid flow. */
export const decodeFlowCookie = (value: string): PaymentFlowContext | undefined => {
  const decoded = Schema.decodeUnknownOption(FlowCookieValue)(value)
  return decoded._tag === "Some" ? decoded.value : undefined
}

/** Encode a flow for the cookie. */
export const encodeFlowCookie = (flow: PaymentFlowContext): string => Schema.encodeSync(FlowCookieValue)(flow)
