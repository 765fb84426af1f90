/**
 * The payment-flow error names (PAY-15) and how they are logged. Payment-flow analytics never fails
 * and never throws to the page: each problem is logged at Error level as `[PaymentFlow] {name}: {detail}`, with
 * the log annotation `paymentFlowError` set to the name, and the operation carries on or does nothing. A defect
 * of a capability (a cookie jar or tracker that throws) is logged the same way under the operation's name
 * (`StartFlowError`, `SendUserEventError`, `SendStatusEventError`, `EventsRegisterError`, …).
 *
 * | spec wording | name | when |
 * |---|---|---|
 * | wrong usage of method | `WrongUsageOfMethod` | an event with none of view name, event type or message (PAY-14); an argument that is not one of the values of PAY-2 to PAY-5 |
 * | wrong data in cookie | `WrongDataInCookie` | the flow cookie does not decode; it is removed |
 * | status event without context | `StatusEventWithoutContext` | a status event (or `end`) with no active flow |
 * | mid-purchase step without valid context | `MidPurchaseStepWithoutValidContext` | `resume` on a page in the middle of a purchase finds no flow, one of another context, or cannot read the cookie |
 * | send event without uuid or context | `SendEventWithoutUuidOrContext` | a ViewShown/UserInput event with no active flow |
 * | load pre-existing context error | `LoadPreExistingContextError` | `start` finds a flow cookie that does not decode (it is overwritten); `current` could not read the cookie |
 * | send status event error | `SendStatusEventError` | the event tracker failed on a status event |
 * | send user event error | `SendUserEventError` | the event tracker failed on a ViewShown/UserInput event |
 * | start flow error | `StartFlowError` | the flow cookie could not be stored, or `analyticId` is not a UUID (a new id is used) |
 * | events register error | `EventsRegisterError` | the page-lifecycle listener could not be added |
 * | performance navigation type error | `PerformanceNavigationTypeError` | the page's navigation type could not be read |
 *
 * @module
 */
import * as Data from "effect/Data"
import * as Effect from "effect/Effect"

/** The error names of PAY-15, as logged. */
export const paymentFlowErrorNames = [
  "WrongUsageOfMethod",
  "WrongDataInCookie",
  "StatusEventWithoutContext",
  "MidPurchaseStepWithoutValidContext",
  "SendEventWithoutUuidOrContext",
  "LoadPreExistingContextError",
  "SendStatusEventError",
  "SendUserEventError",
  "StartFlowError",
  "EventsRegisterError",
  "PerformanceNavigationTypeError"
] as const

/** One of {@link paymentFlowErrorNames}. */
export type PaymentFlowErrorName = (typeof paymentFlowErrorNames)[number]

/** A payment-flow problem; logged, never raised to the page. */
export class PaymentFlowError extends Data.TaggedError("PaymentFlowError")<{
  readonly reason: PaymentFlowErrorName
  readonly detail: string
}> {
  override get message(): string {
    return `[PaymentFlow] ${this.reason}: ${this.detail}`
  }
}

/** The log annotation carrying the error name. */
export const paymentFlowErrorAnnotation = "paymentFlowError"

/** Log a payment-flow problem at Error level (see the module doc). */
export const logPaymentFlowError = (reason: PaymentFlowErrorName, detail: string): Effect.Effect<void> =>
  Effect.logError(new PaymentFlowError({ reason, detail }).message).pipe(
    Effect.annotateLogs(paymentFlowErrorAnnotation, reason)
  )
