/**
 * What a page passes to PaymentFlow: an event, the parts of a status event, the options of a start; and their
 * schemas, which every call decodes its input with (wrong usage is logged, never thrown).
 *
 * @module
 */
import * as Schema from "effect/Schema"
import { PaymentEventType, PaymentItem, PaymentStatus, TriggeringContext, type ViewName } from "./enums.ts"

/** A ViewShown/UserInput event. At least one of view name, event type or message is required (PAY-14). */
export interface PaymentEventInput {
  readonly viewName?: ViewName | undefined
  readonly eventType?: PaymentEventType | undefined
  readonly viewMessage?: string | undefined
  readonly item?: PaymentItem | undefined
}

/** The optional parts of a status event. */
export interface PaymentStatusInput {
  readonly viewName?: ViewName | undefined
  readonly viewMessage?: string | undefined
  readonly item?: PaymentItem | undefined
}

/** Options of `PaymentFlow.start`: the view and item the flow starts from, sent with `PaymentFlowStarted`. */
export interface PaymentStartOptions {
  readonly viewName?: ViewName | undefined
  readonly item?: PaymentItem | undefined
}

const EventInput = Schema.Struct({
  viewName: Schema.optional(Schema.String),
  eventType: Schema.optional(PaymentEventType),
  viewMessage: Schema.optional(Schema.String),
  item: Schema.optional(PaymentItem)
})
const StatusInput = Schema.Struct({
  viewName: Schema.optional(Schema.String),
  viewMessage: Schema.optional(Schema.String),
  item: Schema.optional(PaymentItem)
})

/** An event as the page gave it, decoded (none when it is not one). */
export const decodeEventInput = Schema.decodeUnknownOption(EventInput)
/** The parts of a status event (or a start's options), decoded (none when they are not). */
export const decodeStatusInput = Schema.decodeUnknownOption(StatusInput)
/** A triggering context, decoded (none when it is not one of the spec). */
export const decodeContext = Schema.decodeUnknownOption(TriggeringContext)
/** A payment status, decoded (none when it is not one of the spec). */
export const decodeStatus = Schema.decodeUnknownOption(PaymentStatus)
