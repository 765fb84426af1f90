/**
 * What PaymentFlow's operations work with, made once by its layer: the page's URL and lifecycle, the app shell it runs
 * in, the flow cookie and the flow's events; and the guard that keeps every operation from failing the page.
 *
 * @module
 */
import * as Cause from "effect/Cause"
import * as Effect from "effect/Effect"
import { errorSummary } from "../../core/browser/errorSummary.ts"
import type { Navigation } from "../../core/browser/Navigation.ts"
import type { PageLifecycle } from "../../core/browser/PageLifecycle.ts"
import type { PlatformConfig } from "../../core/config/PlatformConfig.ts"
import type { FlowEvents } from "./flowEvents.ts"
import type { FlowStore } from "./flowStore.ts"
import { logPaymentFlowError, type PaymentFlowErrorName } from "./PaymentFlowError.ts"

/** The services and parts PaymentFlow's operations share. */
export interface PaymentFlowDeps {
  readonly navigation: Navigation["Service"]
  readonly lifecycle: PageLifecycle["Service"]
  /** The native app the page runs in, if any (the purchase contexts of a webview are reclassified). */
  readonly appType: PlatformConfig["Service"]["device"]["appType"]
  readonly store: FlowStore
  readonly events: FlowEvents
}

/** Turn any defect of an operation into a logged payment-flow error and a neutral result: never throw to the page. */
export const guard =
  <A>(name: PaymentFlowErrorName, fallback: A) =>
  <R>(self: Effect.Effect<A, never, R>): Effect.Effect<A, never, R> =>
    Effect.catchCause(self, (cause) =>
      Cause.hasInterruptsOnly(cause)
        ? Effect.failCause(cause)
        : Effect.as(logPaymentFlowError(name, `unexpected failure: ${errorSummary(Cause.squash(cause)).tag}`), fallback)
    )
