/**
 * `PaymentFlow.current` and `resume`: the active flow, for any page or for a page in the middle of a purchase.
 *
 * @module
 */
import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import type { TriggeringContext } from "./enums.ts"
import type { PaymentFlowContext } from "./flowCookie.ts"
import { guard, type PaymentFlowDeps } from "./flowDeps.ts"
import { logPaymentFlowError } from "./PaymentFlowError.ts"
import { PaymentFlowSettings } from "./PaymentFlowSettings.ts"

const noFlow = Option.none<PaymentFlowContext>()

/** `PaymentFlow.current` over `deps`. */
export const makeCurrent = (deps: PaymentFlowDeps) =>
  Effect.gen(function* () {
    const settings = yield* PaymentFlowSettings
    return Option.fromUndefinedOr(yield* deps.store.load(settings, "WrongDataInCookie"))
  }).pipe(guard("LoadPreExistingContextError", noFlow))

/** `PaymentFlow.resume` over `deps`. */
export const makeResume = (deps: PaymentFlowDeps) => (expected?: ReadonlyArray<TriggeringContext>) =>
  Effect.gen(function* () {
    const settings = yield* PaymentFlowSettings
    const flow = yield* deps.store.load(settings, "WrongDataInCookie")
    if (flow === undefined) {
      yield* logPaymentFlowError("MidPurchaseStepWithoutValidContext", "no payment flow is active")
      return noFlow
    }
    if (expected !== undefined && !expected.includes(flow.context)) {
      yield* logPaymentFlowError(
        "MidPurchaseStepWithoutValidContext",
        `the active flow's context ${flow.context} is not one of ${expected.join(", ")}`
      )
      return noFlow
    }
    return Option.some(flow)
  }).pipe(guard("MidPurchaseStepWithoutValidContext", noFlow))
