/**
 * `PaymentFlow.trackPageChanges`: `BrowserPageChanged` for a reload or a back/forward navigation of this page, and for
 * each restore from the back/forward cache while the scope is open. Only with an active flow.
 *
 * @module
 */
import * as Effect from "effect/Effect"
import type * as Scope from "effect/Scope"
import * as Stream from "effect/Stream"
import type { PaymentStatus } from "./enums.ts"
import { guard, type PaymentFlowDeps } from "./flowDeps.ts"
import type { PaymentStatusInput } from "./inputs.ts"
import { logPaymentFlowError } from "./PaymentFlowError.ts"

/** The `view_message` of `BrowserPageChanged` for a restore from the back/forward cache. */
export const cacheRestoreMessage = "bfcache_restore"

/** A status event sent quietly (nothing logged without an active flow). */
type QuietStatus = (status: PaymentStatus, input: PaymentStatusInput, quiet: true) => Effect.Effect<void>

/** `PaymentFlow.trackPageChanges` over `deps`, sending with `statusEvent`. */
export const makeTrackPageChanges = (
  deps: PaymentFlowDeps,
  statusEvent: QuietStatus
): Effect.Effect<void, never, Scope.Scope> =>
  Effect.gen(function* () {
    const navigationType = yield* Effect.result(deps.lifecycle.navigationType)
    if (navigationType._tag === "Failure") {
      yield* logPaymentFlowError("PerformanceNavigationTypeError", navigationType.failure.message)
    } else if (navigationType.success === "reload" || navigationType.success === "back_forward") {
      yield* statusEvent("BrowserPageChanged", { viewMessage: navigationType.success }, true)
    }
    yield* deps.lifecycle.restoredFromCache.pipe(
      Stream.runForEach(() => statusEvent("BrowserPageChanged", { viewMessage: cacheRestoreMessage }, true)),
      Effect.catch((error) => logPaymentFlowError("EventsRegisterError", error.message)),
      Effect.forkScoped,
      Effect.asVoid
    )
  }).pipe(guard<void>("EventsRegisterError", undefined))
