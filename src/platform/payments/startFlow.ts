/**
 * `PaymentFlow.start`: start a flow for a triggering context, or go on with the one already active.
 *
 * @module
 */
import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import type { TriggeringContext } from "./enums.ts"
import type { PaymentFlowContext } from "./flowCookie.ts"
import { guard, type PaymentFlowDeps } from "./flowDeps.ts"
import { flowIdFor } from "./flowId.ts"
import { decodeContext, decodeStatusInput, type PaymentStartOptions } from "./inputs.ts"
import { logPaymentFlowError } from "./PaymentFlowError.ts"
import { PaymentFlowSettings, type PaymentFlowSettingsShape } from "./PaymentFlowSettings.ts"
import { reclassifyContext } from "./reclassify.ts"

const noFlow = Option.none<PaymentFlowContext>()

/**
 * Make `flow` the active flow: the flow already active with the same id and context only has its cookie restarted;
 * another one is first closed with `ExistingFlowOverwrittenBy`. The cookie is read back: a flow that could not be
 * stored is not started.
 */
const activate = (
  deps: PaymentFlowDeps,
  settings: PaymentFlowSettingsShape,
  flow: PaymentFlowContext,
  options: PaymentStartOptions
) =>
  Effect.gen(function* () {
    const existing = yield* deps.store.load(settings, "LoadPreExistingContextError")
    if (existing !== undefined && existing.uuid === flow.uuid && existing.context === flow.context) {
      yield* deps.store.write(settings, existing)
      return Option.some(existing)
    }
    if (existing !== undefined) {
      const overwritten = { status: "ExistingFlowOverwrittenBy", viewMessage: flow.context } as const
      yield* deps.events.emit(settings, existing, overwritten, "SendStatusEventError", false)
    }
    yield* deps.store.write(settings, flow)
    const stored = yield* deps.store.stored(settings)
    if (stored === undefined || stored.uuid !== flow.uuid) {
      yield* logPaymentFlowError("StartFlowError", "the flow cookie could not be stored; the flow was not started")
      return noFlow
    }
    yield* deps.events.emit(settings, flow, { ...options, status: "PaymentFlowStarted" }, "SendStatusEventError", true)
    return Option.some(flow)
  })

/** `PaymentFlow.start` over `deps`. */
export const makeStart =
  (deps: PaymentFlowDeps) =>
  (context: TriggeringContext, options: PaymentStartOptions = {}) =>
    Effect.gen(function* () {
      const settings = yield* PaymentFlowSettings
      const decoded = decodeContext(context)
      const decodedOptions = decodeStatusInput(options)
      if (decoded._tag === "None" || decodedOptions._tag === "None") {
        yield* logPaymentFlowError(
          "WrongUsageOfMethod",
          "start needs a triggering context of the spec and valid options"
        )
        return noFlow
      }
      const uuid = yield* Effect.flatMap(deps.navigation.current, (url) => flowIdFor(settings, url))
      const flow: PaymentFlowContext = { uuid, context: reclassifyContext(decoded.value, deps.appType), viewPath: "" }
      return yield* activate(deps, settings, flow, decodedOptions.value)
    }).pipe(guard("StartFlowError", noFlow))
