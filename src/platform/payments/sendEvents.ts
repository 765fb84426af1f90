/**
 * `PaymentFlow.sendEvent`, `sendStatus` and `end`: the events of the active flow. The `Checkout Success` view, and
 * the `PaymentFlowEnded` status, end the flow.
 *
 * @module
 */
import * as Effect from "effect/Effect"
import { checkoutSuccessView, type PaymentStatus } from "./enums.ts"
import type { PaymentFlowContext } from "./flowCookie.ts"
import { guard, type PaymentFlowDeps } from "./flowDeps.ts"
import {
  decodeEventInput,
  decodeStatus,
  decodeStatusInput,
  type PaymentEventInput,
  type PaymentStatusInput
} from "./inputs.ts"
import { logPaymentFlowError } from "./PaymentFlowError.ts"
import { PaymentFlowSettings, type PaymentFlowSettingsShape } from "./PaymentFlowSettings.ts"
import type { PaymentEventParts } from "./payload.ts"

/** Send `parts` for `flow`; an event of the `Checkout Success` view then ends the flow. */
const emitThenMaybeEnd = (
  deps: PaymentFlowDeps,
  settings: PaymentFlowSettingsShape,
  flow: PaymentFlowContext,
  parts: PaymentEventParts,
  onTrackerFailure: "SendUserEventError" | "SendStatusEventError"
) =>
  Effect.gen(function* () {
    const ends = parts.viewName === checkoutSuccessView
    yield* deps.events.emit(settings, flow, parts, onTrackerFailure, !ends)
    if (ends) yield* deps.events.end(settings, flow, { viewName: checkoutSuccessView })
  })

/** `PaymentFlow.sendEvent` over `deps`. */
export const makeSendEvent = (deps: PaymentFlowDeps) => (input: PaymentEventInput) =>
  Effect.gen(function* () {
    const settings = yield* PaymentFlowSettings
    const decoded = decodeEventInput(input)
    if (decoded._tag === "None") {
      return yield* logPaymentFlowError("WrongUsageOfMethod", "sendEvent got a value that is not a payment event")
    }
    const parts = decoded.value
    if (!parts.viewName && parts.eventType === undefined && !parts.viewMessage) {
      return yield* logPaymentFlowError(
        "WrongUsageOfMethod",
        "a payment event needs a view name, an event type or a message"
      )
    }
    const flow = yield* deps.store.load(settings, "WrongDataInCookie")
    if (flow === undefined) {
      return yield* logPaymentFlowError("SendEventWithoutUuidOrContext", "no payment flow is active")
    }
    yield* emitThenMaybeEnd(deps, settings, flow, parts, "SendUserEventError")
  }).pipe(guard<void>("SendUserEventError", undefined))

/**
 * A status event of the active flow over `deps`; with `quiet`, nothing is logged when no flow is active (the page
 * changes sent on their own).
 */
export const makeStatusEvent =
  (deps: PaymentFlowDeps) => (status: PaymentStatus, input: PaymentStatusInput, quiet: boolean) =>
    Effect.gen(function* () {
      const settings = yield* PaymentFlowSettings
      const decodedStatus = decodeStatus(status)
      const decoded = decodeStatusInput(input)
      if (decodedStatus._tag === "None" || decoded._tag === "None") {
        return yield* logPaymentFlowError(
          "WrongUsageOfMethod",
          "sendStatus needs a payment status of the spec and valid parts"
        )
      }
      const flow = yield* deps.store.load(settings, "WrongDataInCookie")
      if (flow === undefined) {
        if (quiet) return
        return yield* logPaymentFlowError(
          "StatusEventWithoutContext",
          `no payment flow is active for status ${decodedStatus.value}`
        )
      }
      if (decodedStatus.value === "PaymentFlowEnded") return yield* deps.events.end(settings, flow, decoded.value)
      yield* emitThenMaybeEnd(
        deps,
        settings,
        flow,
        { ...decoded.value, status: decodedStatus.value },
        "SendStatusEventError"
      )
    }).pipe(guard<void>("SendStatusEventError", undefined))

/** `PaymentFlow.end` over `deps`. */
export const makeEnd =
  (deps: PaymentFlowDeps) =>
  (input: PaymentStatusInput = {}) =>
    Effect.gen(function* () {
      const settings = yield* PaymentFlowSettings
      const decoded = decodeStatusInput(input)
      if (decoded._tag === "None") return yield* logPaymentFlowError("WrongUsageOfMethod", "end got invalid parts")
      const flow = yield* deps.store.load(settings, "WrongDataInCookie")
      if (flow === undefined)
        return yield* logPaymentFlowError("StatusEventWithoutContext", "no payment flow is active to end")
      yield* deps.events.end(settings, flow, decoded.value)
    }).pipe(guard<void>("SendStatusEventError", undefined))
