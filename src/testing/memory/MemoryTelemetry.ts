/**
 * MemoryTelemetry: records every event, counter increment, metric and error report for tests to read.
 *
 * @module
 */
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import type * as Layer from "effect/Layer"
import { Telemetry, type TelemetryProperties } from "../../core/browser/Telemetry.ts"
import { layerWithControl } from "./layerWithControl.ts"

/** Everything recorded by memory telemetry, in call order. Left-out properties, labels and context are `{}`. */
export interface TelemetryRecording {
  readonly events: ReadonlyArray<{ readonly name: string; readonly properties: TelemetryProperties }>
  readonly counters: ReadonlyArray<{ readonly name: string; readonly by: number }>
  readonly metrics: ReadonlyArray<{
    readonly name: string
    readonly value: number
    readonly labels: Readonly<Record<string, string>>
  }>
  readonly errors: ReadonlyArray<{ readonly error: unknown; readonly context: Readonly<Record<string, string>> }>
}

/** The test-side control of memory telemetry. */
export interface MemoryTelemetryShape {
  /** A copy of everything recorded so far. */
  readonly recorded: Effect.Effect<TelemetryRecording>
  /** The sum of all increments of counter `name` (0 when never incremented). */
  readonly counter: (name: string) => Effect.Effect<number>
  /** Forget everything recorded. */
  readonly clear: Effect.Effect<void>
}

/** Control of the memory Telemetry provided by {@link MemoryTelemetry.layer}. */
export class MemoryTelemetry extends Context.Service<MemoryTelemetry, MemoryTelemetryShape>()(
  "platform-web-client/testing/memory/MemoryTelemetry"
) {
  /** A fresh recording Telemetry and its control. */
  static layer(): Layer.Layer<Telemetry | MemoryTelemetry> {
    return layerWithControl(Telemetry, MemoryTelemetry, () => {
      const empty = (): { -readonly [K in keyof TelemetryRecording]: Array<TelemetryRecording[K][number]> } => ({
        events: [],
        counters: [],
        metrics: [],
        errors: []
      })
      let state = empty()
      return [
        Telemetry.of({
          trackEvent: (name, properties = {}) => Effect.sync(() => void state.events.push({ name, properties })),
          incrementCounter: (name, by = 1) => Effect.sync(() => void state.counters.push({ name, by })),
          recordMetric: (name, value, labels = {}) =>
            Effect.sync(() => void state.metrics.push({ name, value, labels })),
          reportError: (error, context = {}) => Effect.sync(() => void state.errors.push({ error, context }))
        }),
        MemoryTelemetry.of({
          recorded: Effect.sync(() => ({
            events: [...state.events],
            counters: [...state.counters],
            metrics: [...state.metrics],
            errors: [...state.errors]
          })),
          counter: (name) =>
            Effect.sync(() => state.counters.reduce((sum, c) => (c.name === name ? sum + c.by : sum), 0)),
          clear: Effect.sync(() => void (state = empty()))
        })
      ]
    })
  }
}
