/**
 * The background features' services on the emulator: performance metrics, the universal app configuration and an
 * analytics collector (the event tracker's endpoint). Every call is in the request log with a verdict saying what
 * was recorded (`measurements 12`, `event userPurchaseFlow PaymentFlowStarted`, `heartbeat 3`,
 * `heartbeat config`), and the recordings can be read back.
 *
 * On the services' origin:
 * - `metrics`: `POST /metrics/v1/performance/measurements` (MetricsApi, the library's definition), a batch of
 *   measurement items; the batch size is the entry's `ids`;
 * - `apiGateway`: `GET /apiGateway/universal-app-configuration/v1/behaviors/page-heartbeat-v2/content`
 *   (AppConfigApi): the heartbeat configuration given to {@link analyticsServices} (default: enabled, everyone,
 *   a 5,000 ms pulse so the demo shows pulses quickly, the spec's 600,000 ms activity time-out, worker version 1);
 * - `apis`: `POST /apis/analytics/v1/events` and `/errors`: the JSON bodies of the library's
 *   `Telemetry.browser(endpoint)` (events, counters, metrics, error reports); a `pageHeartbeat_v2` event is
 *   recorded as a heartbeat. `GET /apis/analytics/v1/recorded?since={id}` answers the recordings after `since`.
 *
 * The collector is a POST like any other here, so the emulator's anti-forgery check applies to it (a page's
 * `sendBeacon` carries no token); the demo sends its events through PlatformHttp, which handles the check.
 *
 * @module
 */
import { Clock, Effect, Layer, Schema } from "effect"
import { HttpRouter, HttpServerRequest, HttpServerResponse } from "effect/http"
import { HttpApiBuilder } from "effect/http-api"
import { AppConfigApi, type PageHeartbeatContent } from "../../platform/api/appConfig.ts"
import { MetricsApi } from "../../platform/api/metrics.ts"
import { toHttpApi } from "../../platform/api/httpApi.ts"
import { heartbeatEventName } from "../../platform/heartbeat/PageHeartbeat.ts"
import { errorResponse } from "../platform/middleware.ts"
import { addVerdict, noteIds } from "../platform/requestLog.ts"
import { AnalyticsRecorder, makeAnalyticsRecorder } from "./recorder.ts"

/** The collector's path (give `{origin}{eventsPath}` to `Telemetry.browser`). */
export const analyticsEventsPath = "/apis/analytics/v1/events"

/** The recordings' path. */
export const analyticsRecordedPath = "/apis/analytics/v1/recorded"

/** The heartbeat configuration the emulator serves unless told otherwise. */
export const emulatorHeartbeatContent: PageHeartbeatContent = {
  isEnabled: true,
  rolloutPermille: 1000,
  activityTimeoutMs: 600_000,
  heartbeatPulseIntervalMs: 5000,
  workerVersion: 1
}

/** The metrics API as served, under `/metrics`. */
export const ServedMetricsApi = toHttpApi(MetricsApi).prefix("/metrics")

/** The app-configuration API as served, under `/apiGateway`. */
export const ServedAppConfigApi = toHttpApi(AppConfigApi).prefix("/apiGateway")

const Property = Schema.Union([Schema.String, Schema.Number, Schema.Boolean])

/** A body of `Telemetry.browser` (see TelemetryPayload in src/core/browser/Telemetry.ts). */
const TelemetryBody = Schema.Union([
  Schema.Struct({
    type: Schema.Literal("event"),
    name: Schema.String,
    properties: Schema.Record(Schema.String, Property)
  }),
  Schema.Struct({ type: Schema.Literal("counter"), name: Schema.String }),
  Schema.Struct({ type: Schema.Literal("metric"), name: Schema.String }),
  Schema.Struct({ type: Schema.Literal("error"), tag: Schema.String })
])
const decodeTelemetry = Schema.decodeUnknownOption(Schema.fromJsonString(TelemetryBody))

const metricsHandlers = HttpApiBuilder.group(
  ServedMetricsApi,
  "metrics",
  Effect.fn(function* (handlers) {
    const recorder = yield* AnalyticsRecorder
    return handlers.handleAll({
      recordMeasurements: ({ payload }) =>
        Effect.gen(function* () {
          recorder.record({
            at: yield* Clock.currentTimeMillis,
            kind: "measurements",
            count: payload.length,
            items: [...payload]
          })
          yield* noteIds(payload.length)
          yield* addVerdict(`measurements ${payload.length}`)
          return {}
        })
    })
  })
)

const appConfigHandlers = (content: PageHeartbeatContent) =>
  HttpApiBuilder.group(ServedAppConfigApi, "appConfig", (handlers) =>
    handlers.handleAll({
      getPageHeartbeatConfig: () => Effect.as(addVerdict("heartbeat config"), content)
    })
  )

const collectorRoutes = HttpRouter.use((router) =>
  Effect.gen(function* () {
    const recorder = yield* AnalyticsRecorder
    const collect = (errors: boolean) =>
      Effect.gen(function* () {
        const request = yield* HttpServerRequest.HttpServerRequest
        const text = yield* Effect.orElseSucceed(request.text, () => "")
        const body = decodeTelemetry(text)
        if (body._tag === "None" || errors !== (body.value.type === "error")) {
          yield* addVerdict("invalid analytics body")
          return errorResponse(400, 0, "Invalid analytics body")
        }
        const at = yield* Clock.currentTimeMillis
        const value = body.value
        if (value.type === "event" && value.name === heartbeatEventName) {
          const sequence = typeof value.properties.sequence === "number" ? value.properties.sequence : 0
          recorder.record({ at, kind: "heartbeat", sequence, properties: value.properties })
          yield* addVerdict(`heartbeat ${sequence}`)
        } else if (value.type === "event") {
          recorder.record({ at, kind: "event", name: value.name, properties: value.properties })
          const status = value.properties.status
          const detail =
            typeof status === "string" && status !== ""
              ? ` ${status}`
              : typeof value.properties.purchase_event_type === "string" && value.properties.purchase_event_type !== ""
                ? ` ${value.properties.purchase_event_type}`
                : ""
          yield* addVerdict(`event ${value.name}${detail}`)
        } else {
          const name = value.type === "error" ? value.tag : value.name
          recorder.record({ at, kind: "telemetry", type: value.type, name })
          yield* addVerdict(`${value.type} ${name}`)
        }
        return HttpServerResponse.empty({ status: 204 })
      })
    yield* router.add("POST", analyticsEventsPath, collect(false))
    yield* router.add("POST", `${analyticsEventsPath}/errors`, collect(true))
    yield* router.add(
      "GET",
      analyticsRecordedPath,
      Effect.gen(function* () {
        const request = yield* HttpServerRequest.HttpServerRequest
        const since = Number(new URL(request.url, "http://emulator").searchParams.get("since") ?? "0")
        return HttpServerResponse.jsonUnsafe(recorder.since(Number.isFinite(since) ? since : 0))
      })
    )
  })
)

/** Options of {@link analyticsServices}. */
export interface AnalyticsServiceOptions {
  /** The heartbeat configuration to serve (default {@link emulatorHeartbeatContent}). */
  readonly heartbeat?: PageHeartbeatContent
}

/**
 * The analytics services as registry entries (`{ name, routes }`), sharing one recorder per emulator instance
 * (the recorder layer is one value, so building the routes of one instance builds it once).
 */
export const analyticsServices = (options: AnalyticsServiceOptions = {}) => {
  const recorder = Layer.sync(AnalyticsRecorder, makeAnalyticsRecorder)
  return [
    {
      name: "metrics",
      routes: HttpApiBuilder.layer(ServedMetricsApi, { openapiPath: "/metrics/openapi.json" }).pipe(
        Layer.provide(metricsHandlers),
        Layer.provide(recorder)
      )
    },
    {
      name: "apiGateway",
      routes: HttpApiBuilder.layer(ServedAppConfigApi, { openapiPath: "/apiGateway/openapi.json" }).pipe(
        Layer.provide(appConfigHandlers(options.heartbeat ?? emulatorHeartbeatContent))
      )
    },
    { name: "apis", routes: collectorRoutes.pipe(Layer.provide(recorder)) }
  ] as const
}
