/**
 * Sending a payment flow's events: each one through the Telemetry event tracker with the payload of payload.ts (this
 * page's path and referrer in it), a tracker failure logged and never passed on; ending a flow clears its cookie,
 * then sends `PaymentFlowEnded`.
 *
 * @module
 */
import * as Cause from "effect/Cause"
import * as Effect from "effect/Effect"
import { errorSummary } from "../../core/browser/errorSummary.ts"
import type { Navigation } from "../../core/browser/Navigation.ts"
import type { PageLifecycle } from "../../core/browser/PageLifecycle.ts"
import type { Telemetry } from "../../core/browser/Telemetry.ts"
import type { PaymentFlowContext } from "./flowCookie.ts"
import type { FlowStore } from "./flowStore.ts"
import type { PaymentStatusInput } from "./inputs.ts"
import { logPaymentFlowError, type PaymentFlowErrorName } from "./PaymentFlowError.ts"
import type { PaymentFlowSettingsShape } from "./PaymentFlowSettings.ts"
import { type PaymentEventParts, paymentPayload } from "./payload.ts"

/** What the events of a flow are sent with: the page's URL, lifecycle and event tracker, and the flow cookie. */
export interface FlowEventsDeps {
  readonly navigation: Navigation["Service"]
  readonly lifecycle: PageLifecycle["Service"]
  readonly telemetry: Telemetry["Service"]
  readonly store: FlowStore
}

/** The events of a flow. */
export interface FlowEvents {
  /**
   * Send one event of `flow` (a tracker failure logged under `onTrackerFailure`); with `keepFlow`, remember this
   * page's path as the flow's last view path (which also restarts the cookie's lifetime).
   */
  readonly emit: (
    settings: PaymentFlowSettingsShape,
    flow: PaymentFlowContext,
    parts: PaymentEventParts,
    onTrackerFailure: PaymentFlowErrorName,
    keepFlow: boolean
  ) => Effect.Effect<void>
  /** End `flow`: clear the cookie, then send `PaymentFlowEnded` with `parts`. */
  readonly end: (
    settings: PaymentFlowSettingsShape,
    flow: PaymentFlowContext,
    parts: PaymentStatusInput
  ) => Effect.Effect<void>
}

const pathOf = (url: string): string => (URL.canParse(url) ? new URL(url).pathname : "")

/** The events of a flow over the page's services. */
export const makeFlowEvents = ({ lifecycle, navigation, store, telemetry }: FlowEventsDeps): FlowEvents => {
  const emit: FlowEvents["emit"] = (settings, flow, parts, onTrackerFailure, keepFlow) =>
    Effect.gen(function* () {
      const url = yield* navigation.current
      const referrer = yield* lifecycle.referrer
      const page = { referrer, path: pathOf(url) }
      const payload = paymentPayload(flow, parts, page, settings.referrerMaxLength)
      yield* telemetry
        .trackEvent(settings.eventName, payload)
        .pipe(
          Effect.catchCause((cause) =>
            logPaymentFlowError(onTrackerFailure, `the event tracker failed: ${errorSummary(Cause.squash(cause)).tag}`)
          )
        )
      if (keepFlow) yield* store.write(settings, { ...flow, viewPath: page.path })
    })

  const end: FlowEvents["end"] = (settings, flow, parts) =>
    Effect.andThen(
      store.remove(settings),
      emit(settings, flow, { ...parts, status: "PaymentFlowEnded" }, "SendStatusEventError", false)
    )

  return { emit, end }
}
