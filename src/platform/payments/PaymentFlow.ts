/**
 * PaymentFlow: payment-flow analytics (PAY-1 to PAY-16).
 *
 * A flow is started by the page or button that begins a purchase ({@link PaymentFlowShape.start}); its uuid and
 * triggering context live in a cookie on the parent domain for 600 s (restarted by every event of the flow), so the
 * pages of the purchase — on any sub-domain — send their events with the same uuid. While a flow is active, pages
 * send ViewShown/UserInput events ({@link PaymentFlowShape.sendEvent}) and status events
 * ({@link PaymentFlowShape.sendStatus}); an event for the `Checkout Success` view ends it (the cookie is cleared,
 * then a `PaymentFlowEnded` status is sent). {@link PaymentFlowShape.trackPageChanges} sends a `BrowserPageChanged`
 * status when the page was reloaded, reached with back/forward, or restored from the back/forward cache.
 *
 * Every event goes through the Telemetry event tracker as one event name (default `userPurchaseFlow`, see
 * PaymentFlowSettings) with the payload of payload.ts. In a native app's webview the Robux and Premium purchase
 * contexts are recorded as their webview variants (reclassify.ts).
 *
 * Its parts: the flow cookie (flowStore.ts), the events (flowEvents.ts), the flow id (flowId.ts), the page's input
 * (inputs.ts), and one module per group of operations: startFlow.ts, readFlow.ts, sendEvents.ts, pageChanges.ts.
 *
 * Nothing here fails or throws: wrong usage, a bad cookie and tracker failures are logged under the PAY-15 names of
 * PaymentFlowError.ts and the call does nothing more.
 *
 * @module
 */
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import type * as Option from "effect/Option"
import type * as Scope from "effect/Scope"
import { Cookies } from "../../core/browser/Cookies.ts"
import { Navigation } from "../../core/browser/Navigation.ts"
import { PageLifecycle } from "../../core/browser/PageLifecycle.ts"
import { Telemetry } from "../../core/browser/Telemetry.ts"
import { PlatformConfig } from "../../core/config/PlatformConfig.ts"
import type { PaymentStatus, TriggeringContext } from "./enums.ts"
import type { PaymentFlowContext } from "./flowCookie.ts"
import type { PaymentFlowDeps } from "./flowDeps.ts"
import { makeFlowEvents } from "./flowEvents.ts"
import { makeFlowStore } from "./flowStore.ts"
import type { PaymentEventInput, PaymentStartOptions, PaymentStatusInput } from "./inputs.ts"
import { makeTrackPageChanges } from "./pageChanges.ts"
import { makeCurrent, makeResume } from "./readFlow.ts"
import { makeEnd, makeSendEvent, makeStatusEvent } from "./sendEvents.ts"
import { makeStart } from "./startFlow.ts"

/** The shape of payment-flow analytics. */
export interface PaymentFlowShape {
  /**
   * Start a flow for `context` (reclassified for the app shell). The uuid is the page's `analyticId` query
   * parameter when it is a UUID, else a new version 4 UUID. An active flow with another uuid or context is first
   * closed with an `ExistingFlowOverwrittenBy` status (message: the new context); starting the flow that is
   * already active (same uuid and context, e.g. on a reload) only restarts its cookie and sends nothing.
   * Otherwise the cookie is written and `PaymentFlowStarted` is sent. Gives the active flow, or none when it
   * could not be stored.
   */
  readonly start: (
    context: TriggeringContext,
    options?: PaymentStartOptions
  ) => Effect.Effect<Option.Option<PaymentFlowContext>>
  /** The active flow, if any (a cookie that does not decode is logged as `WrongDataInCookie` and removed). */
  readonly current: Effect.Effect<Option.Option<PaymentFlowContext>>
  /**
   * For a page in the middle of a purchase: the active flow, when it has one of the `expected` contexts (any
   * context when left out); otherwise `MidPurchaseStepWithoutValidContext` is logged and none given.
   */
  readonly resume: (expected?: ReadonlyArray<TriggeringContext>) => Effect.Effect<Option.Option<PaymentFlowContext>>
  /** Send a ViewShown/UserInput event for the active flow; the `Checkout Success` view ends the flow. */
  readonly sendEvent: (input: PaymentEventInput) => Effect.Effect<void>
  /** Send a status event for the active flow; `PaymentFlowEnded`, or the `Checkout Success` view, ends it. */
  readonly sendStatus: (status: PaymentStatus, input?: PaymentStatusInput) => Effect.Effect<void>
  /** End the active flow: clear the cookie, then send `PaymentFlowEnded`. */
  readonly end: (input?: PaymentStatusInput) => Effect.Effect<void>
  /**
   * Send `BrowserPageChanged` (message `reload` or `back_forward`) when this page load was a reload or a
   * back/forward navigation, and (message `bfcache_restore`) each time the page is restored from the back/forward
   * cache while the scope is open. Only with an active flow; nothing is logged without one.
   */
  readonly trackPageChanges: Effect.Effect<void, never, Scope.Scope>
}

/** The operations of payment-flow analytics over `deps`. */
const makePaymentFlow = (deps: PaymentFlowDeps): PaymentFlowShape => {
  const statusEvent = makeStatusEvent(deps)
  return {
    start: makeStart(deps),
    current: makeCurrent(deps),
    resume: makeResume(deps),
    sendEvent: makeSendEvent(deps),
    sendStatus: (status, input = {}) => statusEvent(status, input, false),
    end: makeEnd(deps),
    trackPageChanges: makeTrackPageChanges(deps, statusEvent)
  }
}

/** Payment-flow analytics. */
export class PaymentFlow extends Context.Service<PaymentFlow, PaymentFlowShape>()(
  "platform-web-client/platform/payments/PaymentFlow"
) {
  /** Payment-flow analytics over the page's cookies, URL, lifecycle, event tracker and configured app shell. */
  static readonly layer: Layer.Layer<
    PaymentFlow,
    never,
    Cookies | Navigation | PageLifecycle | Telemetry | PlatformConfig
  > = Layer.effect(
    PaymentFlow,
    Effect.gen(function* () {
      const navigation = yield* Navigation
      const lifecycle = yield* PageLifecycle
      const store = makeFlowStore(yield* Cookies, navigation)
      const events = makeFlowEvents({ navigation, lifecycle, telemetry: yield* Telemetry, store })
      const appType = (yield* PlatformConfig).device.appType
      return PaymentFlow.of(makePaymentFlow({ navigation, lifecycle, appType, store, events }))
    })
  )
}
