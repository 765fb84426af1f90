import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Fiber from "effect/Fiber"
import { TestClock } from "effect/testing"
import * as BatchProcessor from "../../src/core/batch/BatchProcessor.ts"
import { platformBatchPresets } from "../../src/platform/batchPresets.ts"

describe("platformBatchPresets", () => {
  it.effect("the platform features' sizes and waits (BATCH-6, SOC-1, SOC-9, SOC-11, PERF-2)", () =>
    Effect.sync(() => {
      assert.deepStrictEqual(platformBatchPresets, {
        defaultWaitMs: 250,
        users: { batchSize: 100, waitMs: 1000 },
        presence: { batchSize: 100, waitMs: 250 },
        friendLists: { batchSize: 1, waitMs: 250 },
        performanceMetrics: { batchSize: 100, waitMs: 10_000 }
      })
    })
  )

  it.effect("a preset spread into a processor sets its batch size and window", () =>
    Effect.gen(function* () {
      const calls: Array<ReadonlyArray<number>> = []
      const users = yield* BatchProcessor.make({
        ...platformBatchPresets.users,
        process: (ids: ReadonlyArray<number>) =>
          Effect.sync(() => {
            calls.push([...ids])
            return ids
          })
      })
      const ids = Array.from({ length: 150 }, (_, i) => i + 1)
      const fiber = yield* Effect.forkChild(users.getAll(ids), { startImmediately: true })
      // 100 ids fill a batch at once; the other 50 wait for the 1000 ms window.
      assert.deepStrictEqual(
        calls.map((batch) => batch.length),
        [100]
      )
      yield* TestClock.adjust("999 millis")
      assert.strictEqual(calls.length, 1)
      yield* TestClock.adjust("1 millis")
      assert.deepStrictEqual(
        calls.map((batch) => batch.length),
        [100, 50]
      )
      assert.deepStrictEqual(yield* Fiber.join(fiber), ids)
    })
  )
})
