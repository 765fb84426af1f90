/**
 * The demo's background features: payment-flow analytics, the page heartbeat and performance metrics, over the
 * browser's page lifecycle, user activity and Web Workers.
 *
 * Their events go through a Telemetry of the demo's own ({@link AnalyticsEvents}): it keeps every event for the
 * panels, and sends it to the emulator's analytics collector (`{apis}/analytics/v1/events`) through PlatformHttp,
 * so the request log shows it and the emulator's anti-forgery check is met (a `sendBeacon` carries no token).
 * The app's own Telemetry is left as it is.
 *
 * @module
 */
import { Clock, Context, Effect, Layer, SubscriptionRef } from "effect"
import { PlatformHttp } from "platform-web-client"
import { PageHeartbeat } from "platform-web-client/heartbeat"
import { PaymentFlow } from "platform-web-client/payments"
import { PerformanceMetrics } from "platform-web-client/perf"
import {
  Cookies,
  Navigation,
  PageLifecycle,
  Telemetry,
  type TelemetryProperties,
  UserActivity,
  WorkerHost
} from "platform-web-client/browser"

/** The collector's path on the `apis` service (see src/emulator/analytics/routes.ts). */
export const collectorPath = "/analytics/v1/events"

/** An event the demo's features sent. */
export interface SentEvent {
  readonly id: number
  /** Effect Clock time (ms since the epoch in the browser). */
  readonly at: number
  readonly name: string
  readonly properties: TelemetryProperties
  /** `sending`, then `sent` or `failed` (the collector's answer). */
  readonly delivery: "sending" | "sent" | "failed"
}

/** The events sent so far, newest last (at most 200 kept). */
export class AnalyticsEvents extends Context.Service<
  AnalyticsEvents,
  SubscriptionRef.SubscriptionRef<ReadonlyArray<SentEvent>>
>()("demo/AnalyticsEvents") {
  /** An empty list. */
  static readonly layer = Layer.effect(AnalyticsEvents, SubscriptionRef.make<ReadonlyArray<SentEvent>>([]))
}

/** A Telemetry that records events in {@link AnalyticsEvents} and posts them to the emulator's collector. */
const demoTelemetry = Layer.effect(
  Telemetry,
  Effect.gen(function* () {
    const events = yield* AnalyticsEvents
    const http = yield* PlatformHttp
    const scope = yield* Effect.scope
    let next = 1
    const setDelivery = (id: number, delivery: SentEvent["delivery"]) =>
      SubscriptionRef.update(events, (list) => list.map((e) => (e.id === id ? { ...e, delivery } : e)))
    const post = (body: unknown) =>
      http.post({ service: "apis", path: collectorPath }, { body, operation: "analyticsEvent" })
    return Telemetry.of({
      trackEvent: (name, properties = {}) =>
        Effect.gen(function* () {
          const id = next++
          const at = yield* Clock.currentTimeMillis
          yield* SubscriptionRef.update(events, (list) => [
            ...list.slice(-199),
            { id, at, name, properties, delivery: "sending" as const }
          ])
          yield* post({ type: "event", name, properties, timestamp: at }).pipe(
            Effect.matchEffect({
              onFailure: () => setDelivery(id, "failed"),
              onSuccess: () => setDelivery(id, "sent")
            }),
            Effect.forkIn(scope)
          )
        }),
      incrementCounter: () => Effect.void,
      recordMetric: () => Effect.void,
      reportError: (error) => Effect.logWarning("Analytics error report", String(error))
    })
  })
)

/**
 * PaymentFlow, PageHeartbeat, PerformanceMetrics and AnalyticsEvents, for an app layer that already provides
 * PlatformHttp, PlatformConfig and PageMetadata (e.g. `browserPlatformLayer`); the browser capabilities only these
 * features use (cookies, navigation, page lifecycle, user activity, workers) are added here.
 */
export const analyticsLayer = Layer.mergeAll(PaymentFlow.layer, PageHeartbeat.layer, PerformanceMetrics.layer).pipe(
  Layer.provide(
    Layer.mergeAll(
      demoTelemetry,
      Cookies.browser,
      Navigation.browser,
      PageLifecycle.browser,
      UserActivity.browser,
      WorkerHost.browser
    )
  ),
  Layer.provideMerge(AnalyticsEvents.layer)
)
