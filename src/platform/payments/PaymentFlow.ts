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
 * Nothing here fails or throws: wrong usage, a bad cookie and tracker failures are logged under the PAY-15 names of
 * PaymentFlowError.ts and the call does nothing more.
 *
 * @module
 */
import * as Cause from "effect/Cause"
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Option from "effect/Option"
import * as Random from "effect/Random"
import * as Schema from "effect/Schema"
import type * as Scope from "effect/Scope"
import * as Stream from "effect/Stream"
import { parentCookieDomainOfUrl } from "../../core/browser/cookieDomain.ts"
import { Cookies } from "../../core/browser/Cookies.ts"
import { errorSummary } from "../../core/browser/errorSummary.ts"
import { Navigation } from "../../core/browser/Navigation.ts"
import { PageLifecycle } from "../../core/browser/PageLifecycle.ts"
import { Telemetry } from "../../core/browser/Telemetry.ts"
import { PlatformConfig } from "../../core/config/PlatformConfig.ts"
import {
  checkoutSuccessView,
  PaymentEventType,
  PaymentItem,
  PaymentStatus,
  TriggeringContext,
  type ViewName
} from "./enums.ts"
import { decodeFlowCookie, encodeFlowCookie, FlowUuid, type PaymentFlowContext } from "./flowCookie.ts"
import { logPaymentFlowError, type PaymentFlowErrorName } from "./PaymentFlowError.ts"
import { PaymentFlowSettings, type PaymentFlowSettingsShape } from "./PaymentFlowSettings.ts"
import { type PaymentEventParts, paymentPayload } from "./payload.ts"
import { reclassifyContext } from "./reclassify.ts"

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

/** Options of {@link PaymentFlowShape.start}: the view and item the flow starts from, sent with `PaymentFlowStarted`. */
export interface PaymentStartOptions {
  readonly viewName?: ViewName | undefined
  readonly item?: PaymentItem | undefined
}

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
  readonly start: (context: TriggeringContext, options?: PaymentStartOptions) => Effect.Effect<Option.Option<PaymentFlowContext>>
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

/** The `view_message` of `BrowserPageChanged` for a restore from the back/forward cache. */
export const cacheRestoreMessage = "bfcache_restore"

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
const decodeEventInput = Schema.decodeUnknownOption(EventInput)
const decodeStatusInput = Schema.decodeUnknownOption(StatusInput)
const decodeContext = Schema.decodeUnknownOption(TriggeringContext)
const decodeStatus = Schema.decodeUnknownOption(PaymentStatus)
const isUuid = Schema.is(FlowUuid)

/** A version 4 UUID from Effect's `Random` (seedable in tests; a flow id needs no cryptographic strength). */
export const randomUuid: Effect.Effect<string> = Effect.map(
  Effect.all(Array.from({ length: 16 }, () => Random.nextIntBetween(0, 255))),
  (bytes) => {
    bytes[6] = (bytes[6]! & 0x0f) | 0x40
    bytes[8] = (bytes[8]! & 0x3f) | 0x80
    const hex = bytes.map((b) => b.toString(16).padStart(2, "0")).join("")
    return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`
  }
)

const pathOf = (url: string): string => (URL.canParse(url) ? new URL(url).pathname : "")
const queryOf = (url: string, name: string): string | undefined =>
  URL.canParse(url) ? new URL(url).searchParams.get(name) ?? undefined : undefined

/** The flow cookie's `Domain` attribute for the page at `url`. */
export const flowCookieDomain = (settings: PaymentFlowSettingsShape, url: string): string | undefined =>
  settings.cookieDomain === "parent"
    ? parentCookieDomainOfUrl(url)
    : settings.cookieDomain === "host"
    ? undefined
    : settings.cookieDomain

/** Turn any defect of an operation into a logged payment-flow error and a neutral result: never throw to the page. */
const guard = <A>(name: PaymentFlowErrorName, fallback: A) => <R>(self: Effect.Effect<A, never, R>): Effect.Effect<A, never, R> =>
  Effect.catchCause(self, (cause) =>
    Cause.hasInterruptsOnly(cause)
      ? Effect.failCause(cause)
      : Effect.as(logPaymentFlowError(name, `unexpected failure: ${errorSummary(Cause.squash(cause)).tag}`), fallback))

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
    Effect.gen(function*() {
      const cookies = yield* Cookies
      const navigation = yield* Navigation
      const lifecycle = yield* PageLifecycle
      const telemetry = yield* Telemetry
      const config = yield* PlatformConfig

      const write = (settings: PaymentFlowSettingsShape, flow: PaymentFlowContext) =>
        Effect.flatMap(navigation.current, (url) => {
          const domain = flowCookieDomain(settings, url)
          return cookies.set(settings.cookieName, encodeFlowCookie(flow), {
            maxAgeSeconds: settings.cookieMaxAgeSeconds,
            ...(domain === undefined ? {} : { domain })
          })
        })

      const remove = (settings: PaymentFlowSettingsShape) =>
        Effect.flatMap(navigation.current, (url) => {
          const domain = flowCookieDomain(settings, url)
          return domain === undefined
            ? cookies.remove(settings.cookieName)
            // a host-only cookie of the same name (written before a settings change) goes too
            : Effect.andThen(cookies.remove(settings.cookieName, { domain }), cookies.remove(settings.cookieName))
        })

      /** The active flow; a cookie that does not decode is logged under `corrupt` and removed. */
      const load = (settings: PaymentFlowSettingsShape, corrupt: PaymentFlowErrorName) =>
        Effect.flatMap(cookies.get(settings.cookieName), (value) => {
          if (value === undefined) return Effect.succeed(undefined)
          const flow = decodeFlowCookie(value)
          if (flow !== undefined) return Effect.succeed(flow)
          return logPaymentFlowError(corrupt, "the flow cookie does not hold a valid flow; it was removed").pipe(
            Effect.andThen(remove(settings)),
            Effect.as(undefined)
          )
        })

      /** Send one event of `flow` and remember this page's path as the flow's last view path. */
      const emit = (
        settings: PaymentFlowSettingsShape,
        flow: PaymentFlowContext,
        parts: PaymentEventParts,
        onTrackerFailure: PaymentFlowErrorName,
        keepFlow: boolean
      ) =>
        Effect.gen(function*() {
          const url = yield* navigation.current
          const referrer = yield* lifecycle.referrer
          const page = { referrer, path: pathOf(url) }
          const payload = paymentPayload(flow, parts, page, settings.referrerMaxLength)
          yield* telemetry.trackEvent(settings.eventName, payload).pipe(
            Effect.catchCause((cause) =>
              logPaymentFlowError(onTrackerFailure, `the event tracker failed: ${errorSummary(Cause.squash(cause)).tag}`)
            )
          )
          if (keepFlow) yield* write(settings, { ...flow, viewPath: page.path })
        })

      const endFlow = (settings: PaymentFlowSettingsShape, flow: PaymentFlowContext, parts: PaymentStatusInput) =>
        Effect.andThen(
          remove(settings),
          emit(settings, flow, { ...parts, status: "PaymentFlowEnded" }, "SendStatusEventError", false)
        )

      const start = (context: TriggeringContext, options: PaymentStartOptions = {}) =>
        Effect.gen(function*() {
          const settings = yield* PaymentFlowSettings
          const decoded = decodeContext(context)
          const decodedOptions = decodeStatusInput(options)
          if (decoded._tag === "None" || decodedOptions._tag === "None") {
            yield* logPaymentFlowError("WrongUsageOfMethod", "start needs a triggering context of the spec and valid options")
            return Option.none<PaymentFlowContext>()
          }
          const flowContext = reclassifyContext(decoded.value, config.device.appType)
          const url = yield* navigation.current
          const analyticId = queryOf(url, settings.analyticIdParameter)
          let uuid: string
          if (analyticId !== undefined && isUuid(analyticId)) uuid = analyticId.toLowerCase()
          else {
            if (analyticId !== undefined) {
              yield* logPaymentFlowError("StartFlowError", `${settings.analyticIdParameter} is not a UUID; a new flow id was generated`)
            }
            uuid = yield* randomUuid
          }
          const existing = yield* load(settings, "LoadPreExistingContextError")
          if (existing !== undefined && existing.uuid === uuid && existing.context === flowContext) {
            yield* write(settings, existing)
            return Option.some(existing)
          }
          if (existing !== undefined) {
            yield* emit(settings, existing, { status: "ExistingFlowOverwrittenBy", viewMessage: flowContext }, "SendStatusEventError", false)
          }
          const flow: PaymentFlowContext = { uuid, context: flowContext, viewPath: "" }
          yield* write(settings, flow)
          const stored = decodeFlowCookie((yield* cookies.get(settings.cookieName)) ?? "")
          if (stored === undefined || stored.uuid !== uuid) {
            yield* logPaymentFlowError("StartFlowError", "the flow cookie could not be stored; the flow was not started")
            return Option.none<PaymentFlowContext>()
          }
          yield* emit(settings, flow, { ...decodedOptions.value, status: "PaymentFlowStarted" }, "SendStatusEventError", true)
          return Option.some(flow)
        }).pipe(guard("StartFlowError", Option.none<PaymentFlowContext>()))

      const current = Effect.gen(function*() {
        const settings = yield* PaymentFlowSettings
        return Option.fromUndefinedOr(yield* load(settings, "WrongDataInCookie"))
      }).pipe(guard("LoadPreExistingContextError", Option.none<PaymentFlowContext>()))

      const resume = (expected?: ReadonlyArray<TriggeringContext>) =>
        Effect.gen(function*() {
          const settings = yield* PaymentFlowSettings
          const flow = yield* load(settings, "WrongDataInCookie")
          if (flow === undefined) {
            yield* logPaymentFlowError("MidPurchaseStepWithoutValidContext", "no payment flow is active")
            return Option.none<PaymentFlowContext>()
          }
          if (expected !== undefined && !expected.includes(flow.context)) {
            yield* logPaymentFlowError(
              "MidPurchaseStepWithoutValidContext",
              `the active flow's context ${flow.context} is not one of ${expected.join(", ")}`
            )
            return Option.none<PaymentFlowContext>()
          }
          return Option.some(flow)
        }).pipe(guard("MidPurchaseStepWithoutValidContext", Option.none<PaymentFlowContext>()))

      const sendEvent = (input: PaymentEventInput) =>
        Effect.gen(function*() {
          const settings = yield* PaymentFlowSettings
          const decoded = decodeEventInput(input)
          if (decoded._tag === "None") {
            return yield* logPaymentFlowError("WrongUsageOfMethod", "sendEvent got a value that is not a payment event")
          }
          const parts = decoded.value
          if (!parts.viewName && parts.eventType === undefined && !parts.viewMessage) {
            return yield* logPaymentFlowError("WrongUsageOfMethod", "a payment event needs a view name, an event type or a message")
          }
          const flow = yield* load(settings, "WrongDataInCookie")
          if (flow === undefined) {
            return yield* logPaymentFlowError("SendEventWithoutUuidOrContext", "no payment flow is active")
          }
          const ends = parts.viewName === checkoutSuccessView
          yield* emit(settings, flow, parts, "SendUserEventError", !ends)
          if (ends) yield* endFlow(settings, flow, { viewName: checkoutSuccessView })
        }).pipe(guard<void>("SendUserEventError", undefined))

      const statusEvent = (status: PaymentStatus, input: PaymentStatusInput, quiet: boolean) =>
        Effect.gen(function*() {
          const settings = yield* PaymentFlowSettings
          const decodedStatus = decodeStatus(status)
          const decoded = decodeStatusInput(input)
          if (decodedStatus._tag === "None" || decoded._tag === "None") {
            return yield* logPaymentFlowError("WrongUsageOfMethod", "sendStatus needs a payment status of the spec and valid parts")
          }
          const flow = yield* load(settings, "WrongDataInCookie")
          if (flow === undefined) {
            if (quiet) return
            return yield* logPaymentFlowError("StatusEventWithoutContext", `no payment flow is active for status ${decodedStatus.value}`)
          }
          if (decodedStatus.value === "PaymentFlowEnded") return yield* endFlow(settings, flow, decoded.value)
          const ends = decoded.value.viewName === checkoutSuccessView
          yield* emit(settings, flow, { ...decoded.value, status: decodedStatus.value }, "SendStatusEventError", !ends)
          if (ends) yield* endFlow(settings, flow, { viewName: checkoutSuccessView })
        }).pipe(guard<void>("SendStatusEventError", undefined))

      const trackPageChanges = Effect.gen(function*() {
        const navigationType = yield* Effect.result(lifecycle.navigationType)
        if (navigationType._tag === "Failure") {
          yield* logPaymentFlowError("PerformanceNavigationTypeError", navigationType.failure.message)
        } else if (navigationType.success === "reload" || navigationType.success === "back_forward") {
          yield* statusEvent("BrowserPageChanged", { viewMessage: navigationType.success }, true)
        }
        yield* lifecycle.restoredFromCache.pipe(
          Stream.runForEach(() => statusEvent("BrowserPageChanged", { viewMessage: cacheRestoreMessage }, true)),
          Effect.catch((error) => logPaymentFlowError("EventsRegisterError", error.message)),
          Effect.forkScoped,
          Effect.asVoid
        )
      }).pipe(guard<void>("EventsRegisterError", undefined))

      return PaymentFlow.of({
        start,
        current,
        resume,
        sendEvent,
        sendStatus: (status, input = {}) => statusEvent(status, input, false),
        end: (input = {}) =>
          Effect.gen(function*() {
            const settings = yield* PaymentFlowSettings
            const decoded = decodeStatusInput(input)
            if (decoded._tag === "None") return yield* logPaymentFlowError("WrongUsageOfMethod", "end got invalid parts")
            const flow = yield* load(settings, "WrongDataInCookie")
            if (flow === undefined) return yield* logPaymentFlowError("StatusEventWithoutContext", "no payment flow is active to end")
            yield* endFlow(settings, flow, decoded.value)
          }).pipe(guard<void>("SendStatusEventError", undefined)),
        trackPageChanges
      })
    })
  )
}
