/**
 * `Retry-After` on the retry cooldown: a failed call whose error carries the response's headers (the pipeline's
 * ResponseError) waits at least what the server asks, never less than its own cooldown; a server asking for more than
 * `maxRetryAfterMs` (30 s by default) gets no retry sooner than it asked: the key fails at once. Every key here is first sent at 10 ms (the window), fails, waits, re-enters the queue and waits for a
 * window again (10 ms): the second call's time tells the wait.
 */
import { assert, describe, it } from "@effect/vitest"
import * as Clock from "effect/Clock"
import * as Effect from "effect/Effect"
import * as Fiber from "effect/Fiber"
import { TestClock } from "effect/testing"
import { retriableItem } from "../../../src/core/batch/BatchFailure.ts"
import * as BatchProcessor from "../../../src/core/batch/BatchProcessor.ts"
import { ResponseError } from "../../../src/core/http/errors.ts"

const tooManyRequests = (retryAfter: string | undefined) =>
  new ResponseError({
    status: 429,
    statusText: "Too Many Requests",
    url: "https://users.example.com/v1/users",
    method: "POST",
    codes: [],
    headers: retryAfter === undefined ? {} : { "retry-after": retryAfter }
  })

/** The times of the process calls (from the start) when the first one fails with `error` and the next succeeds. */
const callTimes = (
  error: unknown,
  options: Partial<BatchProcessor.BatchProcessorOptions<number, number, unknown, never>> = {}
) =>
  Effect.gen(function* () {
    const times: Array<number> = []
    const started = yield* Clock.currentTimeMillis
    const p = yield* BatchProcessor.make<number, number, unknown>({
      ...options,
      process: (keys) =>
        Effect.flatMap(Clock.currentTimeMillis, (at) => {
          times.push(at - started)
          return times.length === 1 ? Effect.fail(error) : Effect.succeed(keys)
        })
    })
    const fiber = yield* Effect.forkChild(p.get(1), { startImmediately: true })
    yield* TestClock.adjust("1 minute")
    assert.strictEqual(yield* Fiber.join(fiber), 1)
    return times
  })

describe("BatchProcessor: Retry-After on the cooldown", () => {
  it.effect("seconds: the key waits what the server asks instead of the 1000 ms cooldown", () =>
    Effect.map(callTimes(tooManyRequests("5")), (times) => assert.deepStrictEqual(times, [10, 5020]))
  )

  it.effect("an HTTP date: the key waits until then", () =>
    // failed at 10 ms after the epoch; the date is 8 s after it
    Effect.map(callTimes(tooManyRequests("Thu, 01 Jan 1970 00:00:08 GMT")), (times) =>
      assert.deepStrictEqual(times, [10, 8010])
    )
  )

  it.effect("a value that is no Retry-After is ignored: the cooldown applies", () =>
    Effect.map(callTimes(tooManyRequests("in a while")), (times) => assert.deepStrictEqual(times, [10, 1020]))
  )

  it.effect("a wait past the 30 s cap: no retry, the key fails at once as unretriableFailure with the 429", () =>
    Effect.gen(function* () {
      const times: Array<number> = []
      const error = tooManyRequests("86400")
      const p = yield* BatchProcessor.make<number, number, unknown>({
        process: () => Effect.sync(() => times.push(1)).pipe(Effect.andThen(Effect.fail(error)))
      })
      const fiber = yield* Effect.forkChild(Effect.flip(p.get(1)), { startImmediately: true })
      yield* TestClock.adjust("1 minute")
      const failure = yield* Fiber.join(fiber)
      assert.strictEqual(times.length, 1)
      assert.strictEqual(failure.reason, "unretriableFailure")
      assert.strictEqual(failure.cause, error)
    })
  )

  it.effect("exactly the cap is waited", () =>
    Effect.map(callTimes(tooManyRequests("30")), (times) => assert.deepStrictEqual(times, [10, 30_020]))
  )

  it.effect("a value shorter than the cooldown: the cooldown wins", () =>
    Effect.map(callTimes(tooManyRequests("1"), { cooldown: () => 3000 }), (times) =>
      assert.deepStrictEqual(times, [10, 3020])
    )
  )

  it.effect("a date already past: the cooldown applies", () =>
    Effect.map(callTimes(tooManyRequests("Thu, 01 Jan 1970 00:00:00 GMT")), (times) =>
      assert.deepStrictEqual(times, [10, 1020])
    )
  )

  it.effect("maxRetryAfterMs sets the cap; 0 ignores the header", () =>
    Effect.gen(function* () {
      assert.deepStrictEqual(yield* callTimes(tooManyRequests("4"), { maxRetryAfterMs: 4000 }), [10, 4020])
      assert.deepStrictEqual(yield* callTimes(tooManyRequests("20"), { maxRetryAfterMs: 60_000 }), [10, 20_020])
      assert.deepStrictEqual(yield* callTimes(tooManyRequests("20"), { maxRetryAfterMs: 0 }), [10, 1020])
    })
  )

  it.effect("a failure without headers, and headers without Retry-After, keep the cooldown", () =>
    Effect.gen(function* () {
      assert.deepStrictEqual(yield* callTimes("flaky"), [10, 1020])
      assert.deepStrictEqual(yield* callTimes(tooManyRequests(undefined)), [10, 1020])
    })
  )

  it.effect("fetch's Headers are read too, and so is the cause of a retriable item", () =>
    Effect.gen(function* () {
      const fromHeaders = { headers: new Headers({ "Retry-After": "2" }) }
      assert.deepStrictEqual(yield* callTimes(fromHeaders), [10, 2020])
      const times: Array<number> = []
      const started = yield* Clock.currentTimeMillis
      const p = yield* BatchProcessor.make({
        process: (keys: ReadonlyArray<number>) =>
          Effect.flatMap(Clock.currentTimeMillis, (at) => {
            times.push(at - started)
            return Effect.succeed(times.length === 1 ? [retriableItem(tooManyRequests("3"))] : keys)
          })
      })
      const fiber = yield* Effect.forkChild(p.get(1), { startImmediately: true })
      yield* TestClock.adjust("1 minute")
      yield* Fiber.join(fiber)
      assert.deepStrictEqual(times, [10, 3020])
    })
  )
})
