/**
 * BatchProcessor: callers ask for one item by key; the processor queues the keys, sends them in batches to a
 * process function (at most `batchSize` keys per call, after a `waitMs` window, at most `concurrency` calls in
 * flight), and resolves each caller from the answer, from its memo, or rejects it with a {@link BatchFailure}
 * after retries with a cooldown.
 *
 * Semantics (DataLoader's, plus the spec's retries):
 * - Duplicate keys (same `keyOf`) asked while one is queued, batched or waiting for a retry share one entry.
 * - The window opens when a key enters an empty queue and is fixed (not sliding). A batch that fills up is sent at
 *   once, without waiting for the window; when the window ends, everything queued is sent (in batches of
 *   `batchSize`, as fast as `concurrency` allows).
 * - Results and errors are per key. Resolved values are memoized (unless `memoize: false`), within a bound: at most
 *   `maxEntries` values, the least recently used out, each for at most `timeToLiveMs`; failures never are, so the
 *   next request for a failed key starts afresh. `clear(key)` and `clearAll` forget memoized values (DataLoader's
 *   names).
 * - A key that failed retriably waits `cooldown(attempt)` ms, then re-enters the queue (and its next window). When
 *   the failure carries response headers with a `Retry-After` (the pipeline's ResponseError has `headers`), the key
 *   waits at least what the server asked, cut to `maxRetryAfterMs`, and never less than its cooldown.
 * - A key absent from the process function's answer counts as a retriable failure (`onMissing: "retry"`, the
 *   default) or is rejected at once as `unretriableFailure` (`onMissing: "reject"`).
 * - The window and the cooldowns run on Effect's `Clock`, so `TestClock` drives them in tests.
 *
 * The parts, each in its own module, named after the steps DataLoader takes (load, the cache, the batch queue,
 * dispatch, resolving each key):
 * - entries.ts: the table of keys, by identity: an entry (with its waiters) per key being fetched, the memoized
 *   values; settling a key;
 * - waiters.ts: who waits for a key and how it is told (a `get`'s fiber, or one collector per `getAll`);
 * - scheduler.ts: the queue, the window, batches cut by size, concurrency, the cooldowns before retries;
 * - dispatch.ts: one batch (store, process call, reading the answer key by key, what to retry and when);
 * - signal.ts: the wake-up call the scheduler's fibers sleep on; options.ts: the options and answer types;
 * - this module: the options, checked, and the wiring. Asking for a key allocates no fiber.
 *
 * @module
 */
import * as Clock from "effect/Clock"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import * as Scope from "effect/Scope"
import {
  BatchDefaults,
  type BatchSettings,
  checkedCooldown,
  checkedMaxRetries,
  fixedCooldown
} from "./BatchDefaults.ts"
import type { BatchFailure } from "./BatchFailure.ts"
import { makeDispatch } from "./dispatch.ts"
import { type BatchItemStatus, type BatchKeyId, makeEntries, type MemoBound } from "./entries.ts"
import type { BatchProcessorOptions, MemoOptions } from "./options.ts"
import { startScheduler } from "./scheduler.ts"
import { gather, single } from "./waiters.ts"

export { missingCause } from "./dispatch.ts"
export type { BatchItemStatus, BatchKeyId } from "./entries.ts"
export type { BatchProcessorOptions, BatchResponse, BatchStore, MemoOptions } from "./options.ts"

/** Counters, for tests, benchmarks and diagnostics. */
export interface BatchStats {
  /** Values memoized now (at most the memo's `maxEntries`). */
  readonly memoized: number
  /** Calls made to the process function so far. */
  readonly batches: number
  /** Keys waiting in the queue. */
  readonly queued: number
  /** Process calls in flight. */
  readonly inflight: number
  /** Keys not yet settled (queued, batched or waiting for a retry). */
  readonly pending: number
}

/** A running batch processor (see the module doc). Lives as long as the Scope it was made in. */
export interface BatchProcessor<K, A> {
  /** The value for `key`: from memory, or queued, batched and fetched. */
  readonly get: (key: K) => Effect.Effect<A, BatchFailure>
  /** The values of several keys, in order; fails with the first rejection. Queues all keys without a fiber each. */
  readonly getAll: (keys: Iterable<K>) => Effect.Effect<Array<A>, BatchFailure>
  /** The memoized value of `key`, synchronously, if there is one. */
  readonly peek: (key: K) => A | undefined
  /** Where `key` is: queued, batched, retrying, resolved (memoized), or undefined when unknown. */
  readonly status: (key: K) => BatchItemStatus | undefined
  /** Memoize a value (no effect with `memoize: false`; keys already pending are not changed), as just used. */
  readonly prime: (key: K, value: A) => Effect.Effect<void>
  /** Forget the memoized value of `key` (DataLoader's `clear(key)`); a key being fetched is not changed. */
  readonly clear: (key: K) => Effect.Effect<void>
  /** Forget every memoized value (DataLoader's `clearAll()`). */
  readonly clearAll: Effect.Effect<void>
  /**
   * Forget the memoized value of `key`.
   * @deprecated Use {@link BatchProcessor.clear} (the same, under DataLoader's name).
   */
  readonly invalidate: (key: K) => Effect.Effect<void>
  /** Counters. */
  readonly stats: () => BatchStats
}

const identity = (key: unknown): BatchKeyId => key as BatchKeyId

/** The memo's bound from the `memoize` option and the defaults; undefined when memoization is off. */
const memoBound = (memoize: boolean | MemoOptions | undefined, defaults: BatchSettings): MemoBound | undefined => {
  if (memoize === false) return undefined
  const given = typeof memoize === "object" ? memoize : {}
  return {
    maxEntries: Math.max(1, Math.floor(given.maxEntries ?? defaults.memoMaxEntries)),
    timeToLiveMs: Math.max(0, given.timeToLiveMs ?? defaults.memoTimeToLiveMs)
  }
}

/** Make a batch processor that lives in the current Scope: closing it stops the worker and interrupts waiters. */
export const make = <K, A, E = never, R = never>(
  options: BatchProcessorOptions<K, A, E, R>
): Effect.Effect<BatchProcessor<K, A>, never, R | Scope.Scope> =>
  Effect.gen(function* () {
    const defaults = yield* BatchDefaults
    const clock = yield* Clock.Clock
    const keyOf: (key: K) => BatchKeyId = (options as { keyOf?: (key: K) => BatchKeyId }).keyOf ?? identity
    const entries = makeEntries<K, A>(
      keyOf,
      memoBound(options.memoize, defaults),
      () => clock.currentTimeMillisUnsafe(),
      (entry) => scheduler.enqueue(entry)
    )
    const fibers = yield* Scope.fork(yield* Effect.scope)
    const dispatch = makeDispatch(entries, options, {
      maxRetries: checkedMaxRetries(options.maxRetries ?? defaults.maxRetries, defaults.maxRetries),
      cooldown: checkedCooldown(options.cooldown ?? fixedCooldown(defaults.cooldownMs), defaults.cooldownMs),
      maxRetryAfterMs: Math.max(0, options.maxRetryAfterMs ?? defaults.maxRetryAfterMs),
      clock
    })
    const scheduler = yield* startScheduler(
      Math.max(1, Math.floor(options.batchSize ?? defaults.batchSize)),
      Math.max(0, options.waitMs ?? defaults.waitMs),
      Math.max(1, Math.floor(options.concurrency ?? defaults.concurrency)),
      dispatch,
      clock,
      fibers
    )
    // Added after `fibers`, so it runs first when the scope closes: every waiter is interrupted, then the fibers stop
    // (a batch stopped halfway settles nothing).
    yield* Effect.addFinalizer(() => Effect.sync(entries.close))

    const processor: BatchProcessor<K, A> = {
      get: (key) => Effect.callback<A, BatchFailure>((resume) => entries.listen(key, resume, single)),
      getAll: (keys) =>
        Effect.callback<Array<A>, BatchFailure>((resume) => {
          const list = [...keys]
          if (list.length === 0) return resume(Exit.succeed([]))
          const collector = gather<A>(list.length, resume)
          for (let i = 0; i < list.length && !collector.done; i++) entries.listen(list[i]!, collector, i)
        }),
      peek: entries.peek,
      status: entries.status,
      prime: entries.prime,
      clear: entries.clear,
      clearAll: entries.clearAll,
      invalidate: entries.clear,
      stats: () => ({
        memoized: entries.memoized(),
        batches: dispatch.calls(),
        queued: scheduler.queued(),
        inflight: scheduler.inflight(),
        pending: entries.pending()
      })
    }
    return processor
  })
