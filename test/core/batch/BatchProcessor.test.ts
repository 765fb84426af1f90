import { assert, describe, it } from "@effect/vitest"
import * as Clock from "effect/Clock"
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import * as Fiber from "effect/Fiber"
import * as Option from "effect/Option"
import * as Scope from "effect/Scope"
import { TestClock } from "effect/testing"
import { BatchDefaults, defaultBatchSettings, exponentialBackoff } from "../../../src/core/batch/BatchDefaults.ts"
import { BatchFailure, retriableItem, unretriableItem } from "../../../src/core/batch/BatchFailure.ts"
import * as BatchProcessor from "../../../src/core/batch/BatchProcessor.ts"

/** A process function that records each call (time in ms and keys) and answers through `answer`. */
const recorder = <K, A, E = never>(
  answer: (keys: ReadonlyArray<K>, call: number) => Effect.Effect<BatchProcessor.BatchResponse<A>, E>
) => {
  const calls: Array<{ readonly at: number; readonly keys: ReadonlyArray<K> }> = []
  const process = (keys: ReadonlyArray<K>) =>
    Effect.flatMap(Clock.currentTimeMillis, (at) => {
      calls.push({ at, keys: [...keys] })
      return answer(keys, calls.length)
    })
  return { calls, process }
}

const doubled = (keys: ReadonlyArray<number>) => Effect.succeed(keys.map((k) => k * 2))

/** Fork `effect` and let it run up to its first suspension. */
const start = <A, E>(effect: Effect.Effect<A, E>) => Effect.forkChild(effect, { startImmediately: true })

const failureOf = <A>(fiber: Fiber.Fiber<A, BatchFailure>) =>
  Effect.map(Fiber.await(fiber), (exit) => {
    assert.isTrue(Exit.isFailure(exit))
    const error = Exit.isFailure(exit) ? Option.getOrUndefined(Exit.findErrorOption(exit)) : undefined
    assert.instanceOf(error, BatchFailure)
    return error!
  })

describe("BatchProcessor: window and batching", () => {
  it.effect("keys asked together go out as one batch when the 10 ms window ends", () =>
    Effect.gen(function* () {
      const { calls, process } = recorder(doubled)
      const p = yield* BatchProcessor.make({ process })
      const fibers = yield* Effect.forEach([1, 2, 3], (k) => start(p.get(k)))
      assert.strictEqual(p.status(1), "queued")
      yield* TestClock.adjust("9 millis")
      assert.strictEqual(calls.length, 0)
      yield* TestClock.adjust("1 millis")
      assert.deepStrictEqual(calls, [{ at: 10, keys: [1, 2, 3] }])
      assert.deepStrictEqual(yield* Effect.forEach(fibers, Fiber.join), [2, 4, 6])
    })
  )

  it.effect("a window never ends in the turn it opened, even when the clock's millisecond ticks over meanwhile", () =>
    Effect.gen(function* () {
      // A clock a millisecond later at every read: the window of 1 ms that the first key opens looks over by the time
      // the scheduler reads the clock again, while getAll is still queueing the other keys (seen in a real-time test
      // under load: a batch of 1 and a batch of 3).
      const test = yield* Clock.Clock
      let reads = 0
      const ticking: Clock.Clock = {
        currentTimeMillisUnsafe: () => test.currentTimeMillisUnsafe() + reads++,
        currentTimeMillis: Effect.sync(() => test.currentTimeMillisUnsafe() + reads++),
        currentTimeNanosUnsafe: () => test.currentTimeNanosUnsafe(),
        currentTimeNanos: test.currentTimeNanos,
        monotonicTimeNanosUnsafe: () => test.monotonicTimeNanosUnsafe(),
        monotonicTimeNanos: test.monotonicTimeNanos,
        sleep: (duration) => test.sleep(duration)
      }
      const { calls, process } = recorder(doubled)
      const p = yield* BatchProcessor.make({ process, waitMs: 1 }).pipe(Effect.provideService(Clock.Clock, ticking))
      const all = yield* start(p.getAll([11, 12, 13, 14]))
      yield* TestClock.adjust("1 millis")
      assert.deepStrictEqual(
        calls.map((c) => c.keys),
        [[11, 12, 13, 14]]
      )
      assert.deepStrictEqual(yield* Fiber.join(all), [22, 24, 26, 28])
    })
  )

  it.effect("the window is fixed from the first key, not sliding", () =>
    Effect.gen(function* () {
      const { calls, process } = recorder(doubled)
      const p = yield* BatchProcessor.make({ process })
      yield* start(p.get(1))
      yield* TestClock.adjust("5 millis")
      yield* start(p.get(2))
      yield* TestClock.adjust("5 millis")
      yield* start(p.get(3))
      yield* TestClock.adjust("10 millis")
      assert.deepStrictEqual(calls, [
        { at: 10, keys: [1, 2] },
        { at: 20, keys: [3] }
      ])
    })
  )

  it.effect("a full batch is sent at once; the rest waits for the window", () =>
    Effect.gen(function* () {
      const { calls, process } = recorder(doubled)
      const p = yield* BatchProcessor.make({ process, batchSize: 2 })
      const fiber = yield* start(p.getAll([1, 2, 3, 4, 5]))
      assert.deepStrictEqual(calls, [
        { at: 0, keys: [1, 2] },
        { at: 0, keys: [3, 4] }
      ])
      yield* TestClock.adjust("10 millis")
      assert.deepStrictEqual(calls[2], { at: 10, keys: [5] })
      assert.deepStrictEqual(yield* Fiber.join(fiber), [2, 4, 6, 8, 10])
      assert.strictEqual(p.stats().batches, 3)
    })
  )

  it.effect("a full batch empties the queue and closes its window; the next key opens a new one", () =>
    Effect.gen(function* () {
      const { calls, process } = recorder(doubled)
      const p = yield* BatchProcessor.make({ process, batchSize: 3, waitMs: 100 })
      yield* Effect.forEach([1, 2], (k) => start(p.get(k)))
      yield* TestClock.adjust("50 millis")
      yield* Effect.forEach([3, 4], (k) => start(p.get(k))) // 3 fills a batch at t=50
      assert.deepStrictEqual(calls, [{ at: 50, keys: [1, 2, 3] }])
      yield* TestClock.adjust("99 millis")
      assert.strictEqual(calls.length, 1)
      yield* TestClock.adjust("1 millis")
      assert.deepStrictEqual(calls.slice(1), [{ at: 150, keys: [4] }])
    })
  )

  it.effect("keys queued behind a busy process call go out together when it ends", () =>
    Effect.gen(function* () {
      const { calls, process } = recorder((keys: ReadonlyArray<number>) =>
        Effect.as(
          Effect.sleep("100 millis"),
          keys.map((k) => k)
        )
      )
      const p = yield* BatchProcessor.make({ process, batchSize: 2 })
      yield* start(p.getAll([1, 2, 3, 4, 5, 6]))
      assert.deepStrictEqual(p.stats().queued, 4)
      yield* TestClock.adjust("300 millis")
      assert.deepStrictEqual(calls, [
        { at: 0, keys: [1, 2] },
        { at: 100, keys: [3, 4] },
        { at: 200, keys: [5, 6] }
      ])
    })
  )

  it.effect("waitMs 0 batches the keys asked in the same turn", () =>
    Effect.gen(function* () {
      const { calls, process } = recorder(doubled)
      const p = yield* BatchProcessor.make({ process, waitMs: 0 })
      const fibers = yield* Effect.forEach([1, 2, 3], (k) => Effect.forkChild(p.get(k)))
      assert.deepStrictEqual(yield* Effect.forEach(fibers, Fiber.join), [2, 4, 6])
      assert.deepStrictEqual(calls, [{ at: 0, keys: [1, 2, 3] }])
    })
  )

  it.effect("BatchDefaults sets the window of processors that leave it out", () =>
    Effect.gen(function* () {
      const { calls, process } = recorder(doubled)
      const p = yield* BatchProcessor.make({ process }).pipe(
        Effect.provideService(BatchDefaults, { ...defaultBatchSettings, waitMs: 250 })
      )
      yield* start(p.get(1))
      yield* TestClock.adjust("249 millis")
      assert.strictEqual(calls.length, 0)
      yield* TestClock.adjust("1 millis")
      assert.deepStrictEqual(calls, [{ at: 250, keys: [1] }])
    })
  )

  it.effect(
    "the spec defaults (10 ms, 2 retries, 1 concurrent call, 1000 ms cooldown) and the bounds it leaves open",
    () =>
      Effect.sync(() => {
        assert.deepStrictEqual(defaultBatchSettings, {
          batchSize: 100,
          waitMs: 10,
          maxRetries: 2,
          concurrency: 1,
          cooldownMs: 1000,
          maxRetryAfterMs: 30_000,
          memoMaxEntries: 10_000,
          memoTimeToLiveMs: Number.POSITIVE_INFINITY
        })
      })
  )
})

describe("BatchProcessor: DataLoader semantics", () => {
  it.effect("duplicate keys in one window are one entry; every caller gets the value", () =>
    Effect.gen(function* () {
      const { calls, process } = recorder(doubled)
      const p = yield* BatchProcessor.make({ process })
      const a = yield* start(p.get(1))
      const b = yield* start(p.get(1))
      const c = yield* start(p.getAll([2, 1, 2]))
      yield* TestClock.adjust("10 millis")
      assert.deepStrictEqual(calls, [{ at: 10, keys: [1, 2] }])
      assert.strictEqual(yield* Fiber.join(a), 2)
      assert.strictEqual(yield* Fiber.join(b), 2)
      assert.deepStrictEqual(yield* Fiber.join(c), [4, 2, 4])
    })
  )

  it.effect("resolved values are memoized: asked again, no batch is made", () =>
    Effect.gen(function* () {
      const { calls, process } = recorder(doubled)
      const p = yield* BatchProcessor.make({ process })
      yield* start(p.get(7))
      yield* TestClock.adjust("10 millis")
      assert.strictEqual(p.status(7), "resolved")
      assert.strictEqual(p.peek(7), 14)
      assert.strictEqual(yield* p.get(7), 14)
      assert.deepStrictEqual(yield* p.getAll([7, 7]), [14, 14])
      assert.strictEqual(calls.length, 1)
    })
  )

  it.effect("memoize: false asks again every time", () =>
    Effect.gen(function* () {
      const { calls, process } = recorder(doubled)
      const p = yield* BatchProcessor.make({ process, memoize: false })
      for (let i = 0; i < 2; i++) {
        yield* start(p.get(7))
        yield* TestClock.adjust("10 millis")
      }
      assert.strictEqual(calls.length, 2)
      assert.strictEqual(p.peek(7), undefined)
      assert.strictEqual(p.status(7), undefined)
    })
  )

  it.effect("a resolved undefined is memoized like any value", () =>
    Effect.gen(function* () {
      const { calls, process } = recorder((keys: ReadonlyArray<string>) =>
        Effect.succeed(new Map(keys.map((k) => [k, undefined])))
      )
      const p = yield* BatchProcessor.make({ process })
      const fiber = yield* start(p.get("nobody"))
      yield* TestClock.adjust("10 millis")
      assert.strictEqual(yield* Fiber.join(fiber), undefined)
      assert.strictEqual(p.status("nobody"), "resolved")
      assert.strictEqual(yield* p.get("nobody"), undefined)
      assert.strictEqual(calls.length, 1)
    })
  )

  it.effect("prime, clear(key) and clearAll act on memoized values only", () =>
    Effect.gen(function* () {
      const { calls, process } = recorder(doubled)
      const p = yield* BatchProcessor.make({ process })
      yield* p.prime(1, 100)
      assert.strictEqual(yield* p.get(1), 100)
      yield* p.clear(1)
      assert.strictEqual(p.status(1), undefined)
      const again = yield* start(p.get(1))
      yield* p.prime(1, 500) // pending: not changed
      yield* p.clear(1) // pending: not changed
      assert.strictEqual(p.status(1), "queued")
      yield* TestClock.adjust("10 millis")
      assert.strictEqual(yield* Fiber.join(again), 2)
      yield* p.prime(2, 4)
      assert.strictEqual(p.stats().memoized, 2)
      yield* p.clearAll
      assert.deepStrictEqual([p.peek(1), p.peek(2), p.stats().memoized], [undefined, undefined, 0])
      assert.strictEqual(calls.length, 1)
    })
  )

  it.effect("invalidate(key) is clear(key) under its former name", () =>
    Effect.gen(function* () {
      const p = yield* BatchProcessor.make({ process: doubled })
      yield* p.prime(1, 100)
      yield* p.invalidate(1)
      assert.strictEqual(p.peek(1), undefined)
    })
  )

  it.effect("a failed batch is not cached: the next request calls the process function again", () =>
    Effect.gen(function* () {
      const { calls, process } = recorder<number, number, string>((keys, call) =>
        call === 1 ? Effect.fail("down") : doubled(keys)
      )
      const p = yield* BatchProcessor.make({ process, isRetriable: () => false })
      const first = yield* start(p.get(1))
      yield* TestClock.adjust("10 millis")
      const error = yield* failureOf(first)
      assert.strictEqual(error.reason, "processFailure")
      assert.strictEqual(error.cause, "down")
      assert.strictEqual(error.attempts, 1)
      assert.strictEqual(p.status(1), undefined)
      const second = yield* start(p.get(1))
      yield* TestClock.adjust("10 millis")
      assert.strictEqual(yield* Fiber.join(second), 2)
      assert.strictEqual(calls.length, 2)
    })
  )

  it.effect("answers aligned by position or keyed by identity; keyOf dedupes object keys", () =>
    Effect.gen(function* () {
      type UserKey = { readonly id: number; readonly size: string }
      const { calls, process } = recorder((keys: ReadonlyArray<UserKey>) =>
        Effect.succeed(new Map(keys.map((k) => [`${k.id}:${k.size}`, `user ${k.id} at ${k.size}`])))
      )
      const p = yield* BatchProcessor.make({ process, keyOf: (k: UserKey) => `${k.id}:${k.size}` })
      const fiber = yield* start(
        p.getAll([
          { id: 1, size: "48" },
          { id: 1, size: "48" },
          { id: 1, size: "150" }
        ])
      )
      yield* TestClock.adjust("10 millis")
      assert.deepStrictEqual(yield* Fiber.join(fiber), ["user 1 at 48", "user 1 at 48", "user 1 at 150"])
      assert.strictEqual(calls[0]!.keys.length, 2)
    })
  )

  it.effect("getAll fails with the first rejection; the other keys still resolve and are memoized", () =>
    Effect.gen(function* () {
      const { process } = recorder((keys: ReadonlyArray<number>) =>
        Effect.succeed(keys.map((k) => (k === 2 ? unretriableItem("no such user") : k * 2)))
      )
      const p = yield* BatchProcessor.make({ process })
      const fiber = yield* start(p.getAll([1, 2, 3]))
      yield* TestClock.adjust("10 millis")
      const error = yield* failureOf(fiber)
      assert.strictEqual(error.key, 2)
      assert.strictEqual(error.reason, "unretriableFailure")
      assert.strictEqual(p.peek(3), 6)
    })
  )

  it.effect("getAll of no keys succeeds at once with an empty array", () =>
    Effect.gen(function* () {
      const p = yield* BatchProcessor.make({ process: doubled })
      assert.deepStrictEqual(yield* p.getAll([]), [])
      assert.strictEqual(p.stats().batches, 0)
    })
  )
})

describe("BatchProcessor: retries and rejections", () => {
  it.effect("a retriable failure waits the 1000 ms cooldown, re-enters the queue and its window", () =>
    Effect.gen(function* () {
      const { calls, process } = recorder<number, number, string>((keys, call) =>
        call === 1 ? Effect.fail("flaky") : doubled(keys)
      )
      const p = yield* BatchProcessor.make({ process })
      const fiber = yield* start(p.get(1))
      yield* TestClock.adjust("10 millis")
      assert.strictEqual(p.status(1), "retrying")
      yield* TestClock.adjust("999 millis")
      assert.strictEqual(calls.length, 1)
      yield* TestClock.adjust("1 millis")
      assert.strictEqual(p.status(1), "queued")
      yield* TestClock.adjust("10 millis")
      assert.deepStrictEqual(
        calls.map((c) => c.at),
        [10, 1020]
      )
      assert.strictEqual(yield* Fiber.join(fiber), 2)
    })
  )

  it.effect("after 1 + maxRetries (2) failed attempts the key is rejected with maxAttemptsReached", () =>
    Effect.gen(function* () {
      const { calls, process } = recorder<number, number, string>(() => Effect.fail("always down"))
      const p = yield* BatchProcessor.make({ process })
      const fiber = yield* start(p.get(1))
      yield* TestClock.adjust("1 minute")
      const error = yield* failureOf(fiber)
      assert.deepStrictEqual(
        calls.map((c) => c.at),
        [10, 1020, 2030]
      )
      assert.strictEqual(error.reason, "maxAttemptsReached")
      assert.strictEqual(error.attempts, 3)
      assert.strictEqual(error.cause, "always down")
      assert.strictEqual(error.message, "Batch item 1 was rejected after 3 attempt(s): maxAttemptsReached")
    })
  )

  it.effect(
    "settings that are no finite number: BatchDefaults' cooldownMs is then 1000 ms, maxRetries the default",
    () =>
      Effect.gen(function* () {
        const attemptTimes = (settings: Partial<typeof defaultBatchSettings>, maxRetries?: number) =>
          Effect.gen(function* () {
            const { calls, process } = recorder<number, number, string>(() => Effect.fail("always down"))
            const from = yield* Clock.currentTimeMillis
            const p = yield* BatchProcessor.make({ process, ...(maxRetries === undefined ? {} : { maxRetries }) })
            const fiber = yield* start(p.get(1))
            yield* TestClock.adjust("1 hour")
            assert.strictEqual((yield* failureOf(fiber)).reason, "maxAttemptsReached")
            return calls.map((c) => c.at - from)
          }).pipe(Effect.provideService(BatchDefaults, { ...defaultBatchSettings, ...settings }))
        // three attempts (maxRetries 2), 1000 ms cooldowns and 10 ms windows between them
        const spec = [10, 1020, 2030]
        assert.deepStrictEqual(yield* attemptTimes({ cooldownMs: Number.NaN }), spec)
        assert.deepStrictEqual(yield* attemptTimes({ cooldownMs: Number.POSITIVE_INFINITY }), spec)
        assert.deepStrictEqual(yield* attemptTimes({ maxRetries: Number.NaN }), spec)
        assert.deepStrictEqual(yield* attemptTimes({}, Number.POSITIVE_INFINITY), spec)
        assert.deepStrictEqual(yield* attemptTimes({}, 1.9), [10, 1020])
      })
  )

  it.effect("exponential backoff: min(max, 2^(attempt-1) * base) between attempts", () =>
    Effect.gen(function* () {
      const backoff = exponentialBackoff({ baseMs: 100, maxMs: 250 })
      assert.deepStrictEqual([1, 2, 3, 4].map(backoff), [100, 200, 250, 250])
      const { calls, process } = recorder<number, number, string>(() => Effect.fail("down"))
      const p = yield* BatchProcessor.make({ process, cooldown: backoff, maxRetries: 3 })
      const fiber = yield* start(p.get(1))
      yield* TestClock.adjust("1 minute")
      // attempt at 10; +100 cooldown +10 window = 120; +200 +10 = 330; +250 +10 = 590
      assert.deepStrictEqual(
        calls.map((c) => c.at),
        [10, 120, 330, 590]
      )
      assert.strictEqual((yield* failureOf(fiber)).attempts, 4)
    })
  )

  it.effect(
    "a cooldown that is no finite number of ms waits the default cooldown; a negative one retries at once",
    () =>
      Effect.gen(function* () {
        const retriedAt = (cooldown: (attempt: number) => number) =>
          Effect.gen(function* () {
            const { calls, process } = recorder<number, number, string>((keys, call) =>
              call === 1 ? Effect.fail("flaky") : doubled(keys)
            )
            const p = yield* BatchProcessor.make({ process, cooldown })
            const fiber = yield* start(p.get(1))
            yield* TestClock.adjust("1 minute")
            assert.strictEqual(yield* Fiber.join(fiber), 2)
            return calls.map((c) => c.at)
          })
        // the first attempt at 10 ms; the default cooldown (1000 ms) and a window (10 ms) before the second
        const t0 = yield* Clock.currentTimeMillis
        const relative = (times: ReadonlyArray<number>, from: number) => times.map((t) => t - from)
        assert.deepStrictEqual(relative(yield* retriedAt(() => Number.NaN), t0), [10, 1020])
        const t1 = yield* Clock.currentTimeMillis
        assert.deepStrictEqual(relative(yield* retriedAt(() => Number.POSITIVE_INFINITY), t1), [10, 1020])
        const t2 = yield* Clock.currentTimeMillis
        assert.deepStrictEqual(relative(yield* retriedAt(() => "5" as unknown as number), t2), [10, 1020])
        const t3 = yield* Clock.currentTimeMillis
        assert.deepStrictEqual(relative(yield* retriedAt(() => -50), t3), [10, 20])
      })
  )

  it.effect("isRetriable refusing the error rejects the whole batch with processFailure at once", () =>
    Effect.gen(function* () {
      const { calls, process } = recorder<number, number, { readonly status: number }>(() =>
        Effect.fail({ status: 400 })
      )
      const p = yield* BatchProcessor.make({ process, isRetriable: (e) => e.status >= 500 })
      const fibers = yield* Effect.forEach([1, 2], (k) => start(p.get(k)))
      yield* TestClock.adjust("1 minute")
      const errors = yield* Effect.forEach(fibers, failureOf)
      assert.deepStrictEqual(
        errors.map((e) => [e.key, e.reason, e.attempts]),
        [
          [1, "processFailure", 1],
          [2, "processFailure", 1]
        ]
      )
      assert.strictEqual(calls.length, 1)
    })
  )

  it.effect("a defect in the process function rejects with processFailure carrying the defect", () =>
    Effect.gen(function* () {
      const boom = new Error("boom")
      const p = yield* BatchProcessor.make({ process: (_: ReadonlyArray<number>) => Effect.die(boom) })
      const fiber = yield* start(p.get(1))
      yield* TestClock.adjust("10 millis")
      const error = yield* failureOf(fiber)
      assert.strictEqual(error.reason, "processFailure")
      assert.strictEqual(error.cause, boom)
    })
  )

  it.effect("a process function that throws rejects its batch; the processor keeps working", () =>
    Effect.gen(function* () {
      let calls = 0
      const p = yield* BatchProcessor.make({
        process: (keys: ReadonlyArray<number>) => {
          if (++calls === 1) throw new Error("thrown")
          return Effect.succeed(keys)
        }
      })
      const first = yield* start(p.get(1))
      yield* TestClock.adjust("10 millis")
      const error = yield* failureOf(first)
      assert.strictEqual(error.reason, "processFailure")
      assert.strictEqual((error.cause as Error).message, "thrown")
      const second = yield* start(p.get(1))
      yield* TestClock.adjust("10 millis")
      assert.strictEqual(yield* Fiber.join(second), 1)
    })
  )

  it.effect("a throwing isRetriable cannot strand a key: it is rejected when its batch ends", () =>
    Effect.gen(function* () {
      const p = yield* BatchProcessor.make({
        process: (_: ReadonlyArray<number>) => Effect.fail("down"),
        isRetriable: () => {
          throw new Error("bug")
        }
      })
      const fiber = yield* start(p.get(1))
      yield* TestClock.adjust("10 millis")
      const error = yield* failureOf(fiber)
      assert.deepStrictEqual([error.reason, error.cause], ["processFailure", "the batch ended without an answer"])
      assert.strictEqual(p.stats().pending, 0)
    })
  )

  it.effect("a throwing cooldown cannot strand a key: the keys of its batch are rejected", () =>
    Effect.gen(function* () {
      const p = yield* BatchProcessor.make({
        process: (_: ReadonlyArray<number>) => Effect.fail("down"),
        cooldown: () => {
          throw new Error("bug")
        }
      })
      const fibers = yield* Effect.forEach([1, 2], (k) => start(p.get(k)))
      yield* TestClock.adjust("10 millis")
      const errors = yield* Effect.forEach(fibers, failureOf)
      assert.deepStrictEqual(
        errors.map((e) => [e.key, e.reason, e.cause]),
        [
          [1, "processFailure", "the batch ended without an answer"],
          [2, "processFailure", "the batch ended without an answer"]
        ]
      )
      assert.deepStrictEqual(p.stats(), { memoized: 0, batches: 1, queued: 0, inflight: 0, pending: 0 })
    })
  )

  it.effect("a key retried at once (cooldown 0) while its failed batch ends is not rejected by that batch", () =>
    Effect.gen(function* () {
      const { calls, process } = recorder<number, number, string>((keys, call) =>
        Effect.andThen(Effect.sleep("1 millis"), call === 1 ? Effect.fail("flaky") : doubled(keys))
      )
      const p = yield* BatchProcessor.make({ process, waitMs: 0, cooldown: () => 0, concurrency: 2 })
      const fiber = yield* start(p.get(1))
      yield* TestClock.adjust("10 millis")
      assert.strictEqual(yield* Fiber.join(fiber), 2)
      assert.deepStrictEqual(
        calls.map((c) => [c.at, c.keys]),
        [
          [0, [1]],
          [1, [1]]
        ]
      )
    })
  )

  it.effect("per-key errors: an unretriable item is rejected alone, a retriable one is retried alone", () =>
    Effect.gen(function* () {
      const { calls, process } = recorder((keys: ReadonlyArray<number>, call) =>
        Effect.succeed(
          new Map<number, number | ReturnType<typeof retriableItem>>(
            keys.map((k) => [
              k,
              k === 1 ? unretriableItem("banned") : k === 2 && call === 1 ? retriableItem("pending") : k * 2
            ])
          )
        )
      )
      const p = yield* BatchProcessor.make({ process })
      const [one, two, three] = yield* Effect.forEach([1, 2, 3], (k) => start(p.get(k)))
      yield* TestClock.adjust("10 millis")
      const error = yield* failureOf(one!)
      assert.strictEqual(error.reason, "unretriableFailure")
      assert.strictEqual(error.cause, "banned")
      assert.strictEqual(yield* Fiber.join(three!), 6)
      yield* TestClock.adjust("1010 millis")
      assert.strictEqual(yield* Fiber.join(two!), 4)
      assert.deepStrictEqual(
        calls.map((c) => c.keys),
        [[1, 2, 3], [2]]
      )
    })
  )

  it.effect("a key missing from the answer is retried by default, then maxAttemptsReached", () =>
    Effect.gen(function* () {
      const { calls, process } = recorder((keys: ReadonlyArray<number>) =>
        Effect.succeed(new Map(keys.filter((k) => k !== 9).map((k) => [k, k])))
      )
      const p = yield* BatchProcessor.make({ process })
      const missing = yield* start(p.get(9))
      const present = yield* start(p.get(1))
      yield* TestClock.adjust("1 minute")
      assert.strictEqual(yield* Fiber.join(present), 1)
      const error = yield* failureOf(missing)
      assert.strictEqual(error.reason, "maxAttemptsReached")
      assert.strictEqual(error.cause, BatchProcessor.missingCause)
      assert.deepStrictEqual(
        calls.map((c) => c.keys),
        [[9, 1], [9], [9]]
      )
    })
  )

  it.effect("onMissing: reject fails a missing key at once as unretriableFailure; short arrays miss the tail", () =>
    Effect.gen(function* () {
      const { calls, process } = recorder((keys: ReadonlyArray<number>) => Effect.succeed(keys.slice(0, 1)))
      const p = yield* BatchProcessor.make({ process, onMissing: "reject" })
      const fibers = yield* Effect.forEach([1, 2], (k) => start(p.get(k)))
      yield* TestClock.adjust("10 millis")
      assert.strictEqual(yield* Fiber.join(fibers[0]!), 1)
      const error = yield* failureOf(fibers[1]!)
      assert.strictEqual(error.reason, "unretriableFailure")
      assert.strictEqual(error.cause, BatchProcessor.missingCause)
      assert.strictEqual(calls.length, 1)
    })
  )
})

describe("BatchProcessor: concurrency, store, scope", () => {
  const slowDouble = (keys: ReadonlyArray<number>) =>
    Effect.as(
      Effect.sleep("100 millis"),
      keys.map((k) => k * 2)
    )

  it.effect("concurrency 1 (default): one call in flight; queued batches wait for it", () =>
    Effect.gen(function* () {
      const { calls, process } = recorder(slowDouble)
      const p = yield* BatchProcessor.make({ process, batchSize: 1 })
      const fiber = yield* start(p.getAll([1, 2, 3]))
      assert.deepStrictEqual(p.stats(), { memoized: 0, batches: 1, queued: 2, inflight: 1, pending: 3 })
      assert.deepStrictEqual([1, 2].map(p.status), ["batched", "queued"])
      yield* TestClock.adjust("300 millis")
      assert.deepStrictEqual(
        calls.map((c) => [c.at, c.keys[0]]),
        [
          [0, 1],
          [100, 2],
          [200, 3]
        ]
      )
      assert.deepStrictEqual(yield* Fiber.join(fiber), [2, 4, 6])
    })
  )

  it.effect("concurrency 2: two calls in flight", () =>
    Effect.gen(function* () {
      const { calls, process } = recorder(slowDouble)
      const p = yield* BatchProcessor.make({ process, batchSize: 1, concurrency: 2 })
      yield* start(p.getAll([1, 2, 3]))
      yield* TestClock.adjust("300 millis")
      assert.deepStrictEqual(
        calls.map((c) => [c.at, c.keys[0]]),
        [
          [0, 1],
          [0, 2],
          [100, 3]
        ]
      )
    })
  )

  it.effect("the process function runs with the services make was given", () =>
    Effect.gen(function* () {
      const Multiplier = Context.Service<number>("test/Multiplier")
      const p = yield* BatchProcessor.make({
        process: (keys: ReadonlyArray<number>) => Effect.map(Multiplier, (m) => keys.map((k) => k * m))
      }).pipe(Effect.provideService(Multiplier, 3))
      const fiber = yield* start(p.getAll([1, 2]))
      yield* TestClock.adjust("10 millis")
      assert.deepStrictEqual(yield* Fiber.join(fiber), [3, 6])
    })
  )

  it.effect("a store answers what it knows when the batch is taken; the rest is fetched and stored", () =>
    Effect.gen(function* () {
      const stored = new Map<BatchProcessor.BatchKeyId, number>([[1, 111]])
      const store: BatchProcessor.BatchStore<number> = {
        get: (id) => Effect.sync(() => Option.fromUndefinedOr(stored.get(id))),
        set: (id, value) => Effect.sync(() => void stored.set(id, value))
      }
      const { calls, process } = recorder(doubled)
      const p = yield* BatchProcessor.make({ process, store })
      const fiber = yield* start(p.getAll([1, 2]))
      yield* TestClock.adjust("10 millis")
      assert.deepStrictEqual(yield* Fiber.join(fiber), [111, 4])
      assert.deepStrictEqual(
        calls.map((c) => c.keys),
        [[2]]
      )
      assert.strictEqual(stored.get(2), 4)
    })
  )

  it.effect("closing the scope with a batch in flight interrupts its callers and stops the call", () =>
    Effect.gen(function* () {
      const scope = yield* Scope.make()
      let finished = 0
      const p = yield* BatchProcessor.make({
        process: (keys: ReadonlyArray<number>) =>
          Effect.as(
            Effect.andThen(
              Effect.sleep("100 millis"),
              Effect.sync(() => finished++)
            ),
            keys
          )
      }).pipe(Scope.provide(scope))
      const one = yield* start(p.get(1))
      const all = yield* start(p.getAll([2, 3]))
      yield* TestClock.adjust("10 millis")
      assert.deepStrictEqual([p.status(1), p.stats().inflight], ["batched", 1])
      yield* Scope.close(scope, Exit.void)
      assert.isTrue(Exit.hasInterrupts(yield* Fiber.await(one)))
      assert.isTrue(Exit.hasInterrupts(yield* Fiber.await(all)))
      yield* TestClock.adjust("1 second")
      assert.strictEqual(finished, 0)
      assert.strictEqual(p.status(1), undefined)
    })
  )

  it.effect("closing the scope interrupts waiting callers", () =>
    Effect.gen(function* () {
      const scope = yield* Scope.make()
      const { process } = recorder(doubled)
      const p = yield* BatchProcessor.make({ process }).pipe(Scope.provide(scope))
      const fiber = yield* start(p.get(1))
      yield* Scope.close(scope, Exit.void)
      const exit = yield* Fiber.await(fiber)
      assert.isTrue(Exit.hasInterrupts(exit))
      const late = yield* Effect.exit(p.get(2))
      assert.isTrue(Exit.hasInterrupts(late))
    })
  )
})
