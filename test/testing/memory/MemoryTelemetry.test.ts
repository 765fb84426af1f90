import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import { Telemetry } from "../../../src/core/browser/Telemetry.ts"
import { MemoryTelemetry } from "../../../src/testing/memory/MemoryTelemetry.ts"

describe("MemoryTelemetry", () => {
  it.effect("records events, counters, metrics and errors in call order", () =>
    Effect.gen(function* () {
      const telemetry = yield* Telemetry
      const control = yield* MemoryTelemetry
      const failure = new Error("boom")
      yield* telemetry.trackEvent("pageView", { page: "home" })
      yield* telemetry.trackEvent("bare")
      yield* telemetry.incrementCounter("FrameLoadTimedOut")
      yield* telemetry.incrementCounter("FrameLoadTimedOut", 2)
      yield* telemetry.incrementCounter("other")
      yield* telemetry.recordMetric("load_time_hba_frame", 87, { origin_site: "www" })
      yield* telemetry.recordMetric("bare", 1)
      yield* telemetry.reportError(failure, { url: "/x" })
      yield* telemetry.reportError("plain")
      const recorded = yield* control.recorded
      assert.deepStrictEqual(recorded, {
        events: [
          { name: "pageView", properties: { page: "home" } },
          { name: "bare", properties: {} }
        ],
        counters: [
          { name: "FrameLoadTimedOut", by: 1 },
          { name: "FrameLoadTimedOut", by: 2 },
          { name: "other", by: 1 }
        ],
        metrics: [
          { name: "load_time_hba_frame", value: 87, labels: { origin_site: "www" } },
          { name: "bare", value: 1, labels: {} }
        ],
        errors: [
          { error: failure, context: { url: "/x" } },
          { error: "plain", context: {} }
        ]
      })
      assert.strictEqual(recorded.errors[0]?.error, failure)
      assert.strictEqual(yield* control.counter("FrameLoadTimedOut"), 3)
      assert.strictEqual(yield* control.counter("never"), 0)
    }).pipe(Effect.provide(MemoryTelemetry.layer()))
  )

  it.effect("clear forgets everything; earlier snapshots are not changed", () =>
    Effect.gen(function* () {
      const control = yield* MemoryTelemetry
      yield* Telemetry.use((t) => t.trackEvent("e"))
      const before = yield* control.recorded
      yield* control.clear
      yield* Telemetry.use((t) => t.incrementCounter("c"))
      assert.strictEqual(before.events.length, 1)
      assert.deepStrictEqual(yield* control.recorded, {
        events: [],
        counters: [{ name: "c", by: 1 }],
        metrics: [],
        errors: []
      })
    }).pipe(Effect.provide(MemoryTelemetry.layer()))
  )
})
