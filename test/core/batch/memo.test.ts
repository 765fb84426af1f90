/**
 * The memo's bound, by counting: at most `maxEntries` values, the least recently used out; values past their
 * time-to-live forgotten when looked up and by the sweep when a value is stored; DataLoader's `clear(key)` /
 * `clearAll` (in BatchProcessor.test.ts).
 */
import { assert, describe, it } from "@effect/vitest"
import * as Clock from "effect/Clock"
import * as Effect from "effect/Effect"
import * as Fiber from "effect/Fiber"
import { TestClock } from "effect/testing"
import * as BatchProcessor from "../../../src/core/batch/BatchProcessor.ts"

/** A process function doubling its keys, counting its calls. */
const counted = () => {
  const calls: Array<ReadonlyArray<number>> = []
  const process = (keys: ReadonlyArray<number>) =>
    Effect.sync(() => {
      calls.push([...keys])
      return keys.map((k) => k * 2)
    })
  return { calls, process }
}

/** Ask for `keys` and let the window pass. */
const fetched = (p: BatchProcessor.BatchProcessor<number, number>, keys: ReadonlyArray<number>) =>
  Effect.gen(function* () {
    const fiber = yield* Effect.forkChild(p.getAll(keys), { startImmediately: true })
    yield* TestClock.adjust("10 millis")
    return yield* Fiber.join(fiber)
  })

const range = (n: number, from = 1) => Array.from({ length: n }, (_, i) => from + i)

describe("BatchProcessor memo: maximum number of entries", () => {
  it.effect("keeps at most maxEntries values; the oldest go first", () =>
    Effect.gen(function* () {
      const { process } = counted()
      const p = yield* BatchProcessor.make({ process, memoize: { maxEntries: 3 } })
      yield* fetched(p, range(5))
      assert.strictEqual(p.stats().memoized, 3)
      assert.deepStrictEqual(
        range(5).map((k) => p.status(k)),
        [undefined, undefined, "resolved", "resolved", "resolved"]
      )
    })
  )

  it.effect("a key asked for again is used: the least recently used value leaves, not the oldest", () =>
    Effect.gen(function* () {
      const { calls, process } = counted()
      const p = yield* BatchProcessor.make({ process, memoize: { maxEntries: 2 } })
      yield* fetched(p, [1])
      yield* fetched(p, [2])
      assert.strictEqual(yield* p.get(1), 2) // from the memo: 1 is now the most recently used
      yield* fetched(p, [3])
      assert.deepStrictEqual(calls, [[1], [2], [3]])
      assert.deepStrictEqual([p.status(2), p.status(1), p.status(3)], [undefined, "resolved", "resolved"])
      assert.strictEqual(p.stats().memoized, 2)
    })
  )

  it.effect("a primed value counts against the bound and is the most recently used", () =>
    Effect.gen(function* () {
      const { process } = counted()
      const p = yield* BatchProcessor.make({ process, memoize: { maxEntries: 2 } })
      yield* fetched(p, [1, 2])
      yield* p.prime(7, 70)
      assert.deepStrictEqual([p.stats().memoized, p.peek(1), p.peek(2), p.peek(7)], [2, undefined, 4, 70])
    })
  )

  it.effect("the default bound is BatchDefaults' 10,000 values", () =>
    Effect.gen(function* () {
      const { calls, process } = counted()
      const p = yield* BatchProcessor.make({ process })
      yield* fetched(p, range(10_050))
      assert.deepStrictEqual([calls.length, p.stats().memoized], [101, 10_000])
      assert.deepStrictEqual([p.status(50), p.status(51)], [undefined, "resolved"])
    })
  )

  it.effect("keys being fetched are never dropped to make room, and do not count", () =>
    Effect.gen(function* () {
      const { process } = counted()
      const slow = (keys: ReadonlyArray<number>) => Effect.andThen(Effect.sleep("5 millis"), process(keys))
      const p = yield* BatchProcessor.make({ process: slow, memoize: { maxEntries: 1 }, batchSize: 2 })
      const fiber = yield* Effect.forkChild(p.getAll(range(5)), { startImmediately: true })
      yield* TestClock.adjust("1 millis") // the first batch is in flight, the others queued
      assert.deepStrictEqual([p.stats().pending, p.stats().inflight, p.stats().memoized], [5, 1, 0])
      yield* TestClock.adjust("100 millis")
      assert.deepStrictEqual(yield* Fiber.join(fiber), [2, 4, 6, 8, 10])
      assert.deepStrictEqual([p.stats().pending, p.stats().memoized, p.status(5)], [0, 1, "resolved"])
    })
  )

  it.effect("memoize: false keeps nothing", () =>
    Effect.gen(function* () {
      const { process } = counted()
      const p = yield* BatchProcessor.make({ process, memoize: false })
      yield* fetched(p, range(20))
      assert.strictEqual(p.stats().memoized, 0)
    })
  )
})

describe("BatchProcessor memo: time-to-live", () => {
  it.effect("a value is forgotten timeToLiveMs after it was fetched; a use does not renew it", () =>
    Effect.gen(function* () {
      const { calls, process } = counted()
      const p = yield* BatchProcessor.make({ process, memoize: { timeToLiveMs: 1000 } })
      yield* fetched(p, [1]) // resolved at 10 ms: kept until 1010 ms
      yield* TestClock.adjust("500 millis")
      assert.strictEqual(yield* p.get(1), 2)
      yield* TestClock.adjust("499 millis")
      assert.deepStrictEqual([p.peek(1), calls.length], [2, 1])
      yield* TestClock.adjust("1 millis")
      assert.deepStrictEqual([p.peek(1), p.status(1), p.stats().memoized], [undefined, undefined, 0])
      yield* fetched(p, [1])
      assert.deepStrictEqual(calls, [[1], [1]])
    })
  )

  it.effect("each value stored sweeps up to 16 expired values from the least recently used end", () =>
    Effect.gen(function* () {
      const { process } = counted()
      const p = yield* BatchProcessor.make({ process, memoize: { timeToLiveMs: 100 } })
      yield* fetched(p, range(40))
      assert.strictEqual(p.stats().memoized, 40)
      yield* TestClock.adjust("200 millis")
      assert.strictEqual(p.stats().memoized, 40) // nothing looked at them yet
      yield* fetched(p, [101])
      assert.strictEqual(p.stats().memoized, 40 - 16 + 1)
      yield* fetched(p, [102, 103])
      assert.strictEqual(p.stats().memoized, 3) // the last 24 expired: 16, then 8 and a live value stops the sweep
      assert.deepStrictEqual([p.status(40), p.status(101)], [undefined, "resolved"])
    })
  )

  it.effect("a primed value lives timeToLiveMs from the time it was primed", () =>
    Effect.gen(function* () {
      const { process } = counted()
      const p = yield* BatchProcessor.make({ process, memoize: { timeToLiveMs: 50 } })
      yield* TestClock.adjust("1 second")
      yield* p.prime(3, 30)
      yield* TestClock.adjust("49 millis")
      assert.strictEqual(p.peek(3), 30)
      yield* TestClock.adjust("1 millis")
      assert.strictEqual(p.peek(3), undefined)
      assert.strictEqual(yield* Clock.currentTimeMillis, 1050)
    })
  )
})
