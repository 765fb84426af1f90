/**
 * Property tests of the batch processor: for any mix of `get` and `getAll` requests arriving over virtual time,
 * any batch size, window, concurrency and retry budget, answers by map or by position, and a plan of per-key
 * failures (retriable, unretriable, missing) and failed calls, the processor keeps its promises:
 *
 * - every request settles, with the right values in the order asked, or with a well-formed BatchFailure;
 * - no call carries more than `batchSize` keys or the same key twice, no more than `concurrency` calls run at once,
 *   and a key is never in two calls at once; a failure counts at most 1 + `maxRetries` attempts; a memoized key is
 *   never sent again;
 * - at rest nothing is queued, in flight or pending, and a healthy `getAll` of every key answers them all in order.
 */
import { describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import * as Fiber from "effect/Fiber"
import { TestClock } from "effect/testing"
import fc from "fast-check"
import { expect } from "vitest"
import { BatchFailure, BatchItemError, retriableItem, unretriableItem } from "../../src/core/batch/BatchFailure.ts"
import * as BatchProcessor from "../../src/core/batch/BatchProcessor.ts"

type Outcome = "value" | "retriable" | "unretriable" | "missing"

const requestArb = fc.record({
  at: fc.integer({ min: 0, max: 60 }),
  all: fc.boolean(),
  keys: fc.array(fc.integer({ min: 0, max: 12 }), { minLength: 1, maxLength: 6 })
})

const caseArb = fc.record({
  batchSize: fc.integer({ min: 1, max: 5 }),
  waitMs: fc.integer({ min: 0, max: 20 }),
  concurrency: fc.integer({ min: 1, max: 3 }),
  maxRetries: fc.integer({ min: 0, max: 3 }),
  cooldownMs: fc.integer({ min: 0, max: 40 }),
  latencyMs: fc.integer({ min: 0, max: 15 }),
  memoize: fc.boolean(),
  byPosition: fc.boolean(),
  onMissing: fc.constantFrom<"retry" | "reject">("retry", "reject"),
  /** What a key's n-th time in a call answers (keyed "key:n"); anything not listed answers its value. */
  plan: fc.dictionary(
    fc.tuple(fc.integer({ min: 0, max: 12 }), fc.integer({ min: 1, max: 4 })).map(([key, n]) => `${key}:${n}`),
    fc.constantFrom<Outcome>("retriable", "unretriable", "missing")
  ),
  /** Calls (numbered from 1) that fail as a whole, retriably. */
  failingCalls: fc.array(fc.integer({ min: 1, max: 12 }), { maxLength: 3 }),
  requests: fc.array(requestArb, { minLength: 1, maxLength: 12 })
})

type Case = typeof caseArb extends fc.Arbitrary<infer T> ? T : never

const valueOf = (key: number) => key * 10

const property = (c: Case) =>
  Effect.gen(function* () {
    const calls: Array<ReadonlyArray<number>> = []
    const sent = new Map<number, number>()
    const inCall = new Set<number>()
    const resolved = new Set<number>()
    let healthy = false
    let inflight = 0
    let maxInflight = 0
    const failingCalls = new Set(c.failingCalls)

    /** The answer for each key by the plan; undefined for a key left out. */
    const answerFor = (key: number): number | BatchItemError | undefined => {
      const outcome: Outcome = healthy ? "value" : (c.plan[`${key}:${sent.get(key)}`] ?? "value")
      if (outcome === "retriable") return retriableItem(`pending ${key}`)
      if (outcome === "unretriable") return unretriableItem(`banned ${key}`)
      return outcome === "missing" ? undefined : valueOf(key)
    }

    const process = (keys: ReadonlyArray<number>) =>
      Effect.gen(function* () {
        calls.push([...keys])
        const call = calls.length
        expect(keys.length).toBeLessThanOrEqual(c.batchSize)
        expect(new Set(keys).size).toBe(keys.length)
        for (const key of keys) {
          expect(inCall.has(key)).toBe(false)
          if (c.memoize) expect(resolved.has(key)).toBe(false)
          inCall.add(key)
          sent.set(key, (sent.get(key) ?? 0) + 1)
        }
        maxInflight = Math.max(maxInflight, ++inflight)
        yield* Effect.sleep(c.latencyMs)
        inflight--
        for (const key of keys) inCall.delete(key)
        if (!healthy && failingCalls.has(call)) return yield* Effect.fail("down")
        const answers = keys.map(answerFor)
        // By position, a key can only be left out at the end: the array stops at the first missing key.
        const cut = answers.indexOf(undefined)
        const given = c.byPosition && cut >= 0 ? answers.slice(0, cut) : answers
        given.forEach((value, i) => {
          if (typeof value === "number") resolved.add(keys[i]!)
        })
        return c.byPosition
          ? (given as Array<number | BatchItemError>)
          : new Map(keys.flatMap((key, i) => (given[i] === undefined ? [] : [[key, given[i]!] as const])))
      })

    const processor = yield* BatchProcessor.make<number, number, string>({
      process,
      batchSize: c.batchSize,
      waitMs: c.waitMs,
      concurrency: c.concurrency,
      maxRetries: c.maxRetries,
      cooldown: () => c.cooldownMs,
      memoize: c.memoize,
      onMissing: c.onMissing
    })

    const requests = [...c.requests].sort((a, b) => a.at - b.at)
    const fibers: Array<{ readonly keys: ReadonlyArray<number>; readonly fiber: Fiber.Fiber<unknown, BatchFailure> }> =
      []
    let now = 0
    for (const request of requests) {
      yield* TestClock.adjust(request.at - now)
      now = request.at
      const effect = request.all ? processor.getAll(request.keys) : processor.get(request.keys[0]!)
      const keys = request.all ? request.keys : [request.keys[0]!]
      fibers.push({ keys, fiber: yield* Effect.forkChild(effect, { startImmediately: true }) })
    }
    yield* TestClock.adjust(1_000_000)

    expect(maxInflight).toBeLessThanOrEqual(c.concurrency)
    for (const { fiber, keys } of fibers) {
      const exit = fiber.pollUnsafe()
      expect(exit).toBeDefined()
      if (Exit.isSuccess(exit!)) {
        const values = exit.value
        expect(Array.isArray(values) ? values : [values]).toEqual(keys.map(valueOf))
      } else {
        const error = Exit.findErrorOption(exit!)
        expect(error._tag).toBe("Some")
        const failure = error._tag === "Some" ? error.value : undefined
        expect(failure).toBeInstanceOf(BatchFailure)
        expect(keys).toContain(failure!.key)
        expect(failure!.attempts).toBeGreaterThanOrEqual(1)
        expect(failure!.attempts).toBeLessThanOrEqual(1 + c.maxRetries)
        if (failure!.reason === "maxAttemptsReached") expect(failure!.attempts).toBe(1 + c.maxRetries)
        else expect(failure!.reason).toBe("unretriableFailure")
      }
    }
    expect(processor.stats()).toMatchObject({ queued: 0, inflight: 0, pending: 0 })

    healthy = true
    const every = Array.from({ length: 13 }, (_, key) => key)
    const last = yield* Effect.forkChild(processor.getAll(every), { startImmediately: true })
    yield* TestClock.adjust(1_000_000)
    expect(yield* Fiber.join(last)).toEqual(every.map(valueOf))
  }).pipe(Effect.scoped, Effect.provide(TestClock.layer()))

describe("BatchProcessor properties", () => {
  it("requests over time with failures: every caller settles right, within the batch, concurrency and retry limits", async () => {
    await fc.assert(
      fc.asyncProperty(caseArb, (c) => Effect.runPromise(property(c))),
      { numRuns: 300 }
    )
  })
})
