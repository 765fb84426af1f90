/**
 * Telemetry: the event tracker, counters and metrics, and the error reporter.
 *
 * Telemetry never fails and never blocks a caller. Callers must not put secrets (tokens, signatures, cookies,
 * challenge metadata) into events, metrics or error context.
 *
 * @module
 */
import * as Context from "effect/Context"
import type * as Effect from "effect/Effect"

/** Event and metric properties. */
export type TelemetryProperties = Readonly<Record<string, string | number | boolean>>

/** The shape of telemetry. */
export interface TelemetryShape {
  /** Send an analytics event through the event tracker. */
  readonly trackEvent: (name: string, properties?: TelemetryProperties) => Effect.Effect<void>
  /** Add `by` (default 1) to a named counter. */
  readonly incrementCounter: (name: string, by?: number) => Effect.Effect<void>
  /** Record one value of a named metric with its labels. */
  readonly recordMetric: (name: string, value: number, labels?: Readonly<Record<string, string>>) => Effect.Effect<void>
  /** Report an error to the error-reporting service. */
  readonly reportError: (error: unknown, context?: Readonly<Record<string, string>>) => Effect.Effect<void>
}

/** Events, counters, metrics and error reports. */
export class Telemetry extends Context.Service<Telemetry, TelemetryShape>()(
  "platform-web-client/core/browser/Telemetry"
) {}
