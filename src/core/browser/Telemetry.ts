/**
 * Telemetry: the event tracker, counters and metrics, and the error reporter.
 *
 * Telemetry never fails and never blocks a caller. Callers must not put secrets (tokens, signatures, cookies,
 * challenge metadata) into events, metrics or error context.
 *
 * @module
 */
import * as Clock from "effect/Clock"
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import type * as LogLevel from "effect/LogLevel"
import { errorSummary } from "./errorSummary.ts"

/** Event and metric properties. */
export type TelemetryProperties = Readonly<Record<string, string | number | boolean>>

/**
 * How a reported error is logged: `unexpected` (the default: a server failure, no response) at the
 * {@link ReportedErrorLogLevel} (Debug unless the app raises it); `expected` (a failure a caller handles, such as a 4xx
 * answer) at Debug. Both go to the endpoint.
 */
export type ErrorSeverity = "expected" | "unexpected"

/** The level of a log line, or `None` for no line. */
export type ReportedErrorLevel = LogLevel.Severity | "None"

/**
 * The level at which `reportError` logs an unexpected error (read when it is reported). Default `Debug`: the failure
 * reaches the caller as a typed error (a query shows it), so logging it at Error too would print every failed request
 * twice, once by the app and once by the library, in production builds as well. The report to the telemetry endpoint
 * does not depend on it. Raise it app-wide with `Layer.succeed(ReportedErrorLogLevel, "Error")` in the app's layer
 * (every failure the app receives is then also an Error line), or `"None"` for no line at all (expected errors
 * included).
 */
export const ReportedErrorLogLevel = Context.Reference<ReportedErrorLevel>(
  "platform-web-client/core/browser/ReportedErrorLogLevel",
  { defaultValue: () => "Debug" }
)

/** The log line of a reported error, at the level its severity and {@link ReportedErrorLogLevel} give. */
const logReported = (line: string, severity: ErrorSeverity): Effect.Effect<void> =>
  Effect.flatMap(ReportedErrorLogLevel, (level) =>
    level === "None" ? Effect.void : Effect.logWithLevel(severity === "expected" ? "Debug" : level)(line)
  )

/** The shape of telemetry. */
export interface TelemetryShape {
  /** Send an analytics event through the event tracker. */
  readonly trackEvent: (name: string, properties?: TelemetryProperties) => Effect.Effect<void>
  /** Add `by` (default 1) to a named counter. */
  readonly incrementCounter: (name: string, by?: number) => Effect.Effect<void>
  /** Record one value of a named metric with its labels. */
  readonly recordMetric: (name: string, value: number, labels?: Readonly<Record<string, string>>) => Effect.Effect<void>
  /** Report an error to the error-reporting service, logged as its {@link ErrorSeverity} says. */
  readonly reportError: (
    error: unknown,
    context?: Readonly<Record<string, string>>,
    severity?: ErrorSeverity
  ) => Effect.Effect<void>
}

/**
 * The JSON bodies the browser layer sends. Events, counters and metrics go to the endpoint itself, error reports
 * to `{endpoint}/errors`. `timestamp` is the Effect Clock's time in milliseconds.
 */
export type TelemetryPayload =
  | {
      readonly type: "event"
      readonly name: string
      readonly properties: TelemetryProperties
      readonly timestamp: number
    }
  | { readonly type: "counter"; readonly name: string; readonly by: number; readonly timestamp: number }
  | {
      readonly type: "metric"
      readonly name: string
      readonly value: number
      readonly labels: Readonly<Record<string, string>>
      readonly timestamp: number
    }
  | {
      readonly type: "error"
      readonly tag: string
      readonly message: string
      readonly context: Readonly<Record<string, string>>
      readonly timestamp: number
    }

/** How the browser layer delivers a JSON body: `navigator.sendBeacon`, else `fetch` with `keepalive`. */
export interface BeaconTransport {
  readonly sendBeacon?: ((url: string, body: string) => boolean) | undefined
  readonly fetch?: ((url: string, init: RequestInit) => Promise<unknown>) | undefined
}

const browserTransport = (): BeaconTransport => ({
  sendBeacon:
    typeof navigator !== "undefined" && typeof navigator.sendBeacon === "function"
      ? (url, body) => navigator.sendBeacon(url, body)
      : undefined,
  fetch: typeof fetch === "function" ? (url, init) => fetch(url, init) : undefined
})

/**
 * Deliver one body. It is a JSON string sent as `text/plain;charset=UTF-8` (a CORS-safelisted type: no preflight,
 * and `sendBeacon` accepts it cross-origin). When `sendBeacon` is missing, throws or refuses the body (it is over
 * the browser's limit), `fetch` with `keepalive: true` is used; its outcome is not awaited and its failure ignored.
 * Returns false when neither could take the body.
 */
const deliver = (transport: BeaconTransport, url: string, payload: TelemetryPayload): boolean => {
  try {
    const body = JSON.stringify(payload)
    try {
      if (transport.sendBeacon?.(url, body) === true) return true
    } catch {
      // fall through to fetch
    }
    if (transport.fetch === undefined) return false
    transport.fetch(url, { method: "POST", body, keepalive: true }).catch(() => undefined)
    return true
  } catch {
    return false
  }
}

const beacon = (endpoint: string | undefined, transport: () => BeaconTransport): TelemetryShape => {
  const base = endpoint === undefined || endpoint === "" ? undefined : endpoint.replace(/\/+$/, "")
  const send = (path: "" | "/errors", make: (timestamp: number) => TelemetryPayload) =>
    Effect.flatMap(Clock.currentTimeMillis, (timestamp) => {
      const payload = make(timestamp)
      if (base === undefined) {
        // error reports are already logged by reportError
        return payload.type === "error"
          ? Effect.void
          : Effect.logDebug(`Telemetry ${payload.type} (no endpoint)`, payload)
      }
      return deliver(transport(), base + path, payload)
        ? Effect.void
        : Effect.logDebug(`Telemetry ${payload.type} not delivered: no beacon or fetch`)
    })
  return {
    trackEvent: (name, properties = {}) => send("", (timestamp) => ({ type: "event", name, properties, timestamp })),
    incrementCounter: (name, by = 1) => send("", (timestamp) => ({ type: "counter", name, by, timestamp })),
    recordMetric: (name, value, labels = {}) =>
      send("", (timestamp) => ({ type: "metric", name, value, labels, timestamp })),
    reportError: (error, context = {}, severity = "unexpected") => {
      const { message, tag } = errorSummary(error)
      const line = `Reported error ${tag}: ${message}`
      return logReported(line, severity).pipe(
        Effect.annotateLogs(context),
        Effect.andThen(send("/errors", (timestamp) => ({ type: "error", tag, message, context, timestamp })))
      )
    }
  }
}

/** Events, counters, metrics and error reports. */
export class Telemetry extends Context.Service<Telemetry, TelemetryShape>()(
  "platform-web-client/core/browser/Telemetry"
) {
  /**
   * Telemetry that posts {@link TelemetryPayload}s to `endpoint` through `transport`. With no endpoint (undefined or
   * empty) events, counters and metrics are only logged at Debug level. `reportError` logs the error's tag and
   * message (never the whole error) with the context as log annotations: at {@link ReportedErrorLogLevel} (Debug
   * unless raised), or Debug for an `expected` error (a 4xx a caller handles), so the failures the app receives do
   * not fill the console.
   */
  static beacon(endpoint: string | undefined, transport: () => BeaconTransport): Layer.Layer<Telemetry> {
    return Layer.succeed(Telemetry, beacon(endpoint, transport))
  }

  /** {@link Telemetry.beacon} over the browser's `navigator.sendBeacon` and `fetch`. */
  static browser(endpoint: string | undefined): Layer.Layer<Telemetry> {
    return Telemetry.beacon(endpoint, browserTransport)
  }
}
