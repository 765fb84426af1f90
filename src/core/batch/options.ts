/**
 * The options of a batch processor, and what its process function answers. Left-out options take their value from
 * {@link BatchDefaults}; `make` checks the numbers.
 *
 * @module
 */
import type * as Effect from "effect/Effect"
import type * as Option from "effect/Option"
// eslint-disable-next-line @typescript-eslint/no-unused-vars -- named by the doc comments' {@link}s
import type { BatchDefaults, Cooldown } from "./BatchDefaults.ts"
import type { BatchItemError } from "./BatchFailure.ts"
import type { BatchKeyId } from "./entries.ts"

/**
 * What a process function answers: either a map from key identity to value, or an array aligned with the keys it
 * was given (DataLoader style). A value may be a {@link BatchItemError} to fail that key alone; a key with no entry
 * (or an index past the array's end) is "missing".
 */
export type BatchResponse<A> = ReadonlyMap<BatchKeyId, A | BatchItemError> | ReadonlyArray<A | BatchItemError>

/** A second-level (persistent) cache consulted when a batch is taken, before calling the process function. */
export interface BatchStore<A> {
  /** The stored value, or none. Must not fail: a broken store is a miss. */
  readonly get: (id: BatchKeyId) => Effect.Effect<Option.Option<A>>
  /** Store a resolved value. Must not fail. */
  readonly set: (id: BatchKeyId, value: A) => Effect.Effect<void>
}

/**
 * How much a memoizing processor keeps: at most `maxEntries` values (the least recently used goes first), each for
 * at most `timeToLiveMs` after it was fetched or primed. Left out: {@link BatchDefaults}' `memoMaxEntries` and
 * `memoTimeToLiveMs`.
 */
export interface MemoOptions {
  /** At most this many memoized values (at least 1); asking for a key or peeking at it counts as a use. */
  readonly maxEntries?: number
  /** A memoized value is forgotten this many ms after it was fetched or primed (a use does not renew it). */
  readonly timeToLiveMs?: number
}

/** The options every processor has (see {@link BatchProcessorOptions}). */
export interface CommonOptions<K, A, E, R> {
  /** Fetch the values of a batch of distinct keys. */
  readonly process: (keys: ReadonlyArray<K>) => Effect.Effect<BatchResponse<A>, E, R>
  /** At most this many keys per process call (default {@link BatchDefaults}.batchSize, at least 1). */
  readonly batchSize?: number
  /** The batching window in ms (default {@link BatchDefaults}.waitMs). 0 batches the keys asked in the same turn. */
  readonly waitMs?: number
  /**
   * Retries after the first attempt (default {@link BatchDefaults}.maxRetries); a fraction is rounded down, a
   * negative number is 0, and one that is no finite number (`NaN`, `Infinity`) is the default.
   */
  readonly maxRetries?: number
  /** Process calls in flight at once (default {@link BatchDefaults}.concurrency, at least 1). */
  readonly concurrency?: number
  /**
   * Cooldown after failed attempt n (default: a fixed {@link BatchDefaults}.cooldownMs); see `exponentialBackoff`.
   * A wait that is no finite number of ms (`NaN`, `Infinity`) is the default cooldown; a negative one is 0.
   */
  readonly cooldown?: Cooldown
  /** Whether a failed process call is retried (default: always). A refused error rejects with `processFailure`. */
  readonly isRetriable?: (error: E) => boolean
  /** What to do with a key missing from an answer: retry it (default) or reject it as `unretriableFailure`. */
  readonly onMissing?: "retry" | "reject"
  /**
   * Keep resolved values and answer later requests for their keys from memory (default true, as DataLoader does: a
   * user looked up twice is fetched once), within a bound: `true` keeps {@link BatchDefaults}' number of values for
   * its time-to-live; {@link MemoOptions} set either. Turn it off for keys whose value changes, or keys asked once
   * each: it also saves the memo's upkeep (docs/batching-and-paging.md, Performance).
   */
  readonly memoize?: boolean | MemoOptions
  /**
   * The longest wait a failed call's `Retry-After` may ask for, in ms (default {@link BatchDefaults}.maxRetryAfterMs,
   * 30 s; 0 ignores the header): a key asked to wait longer is not retried. See the processor's module doc.
   */
  readonly maxRetryAfterMs?: number
  /** A persistent cache (e.g. `Cache.batchStore`); off unless given (CACHE-2). */
  readonly store?: BatchStore<A>
}

/** Options of `make`. `keyOf` is required unless keys are strings or numbers. */
export type BatchProcessorOptions<K, A, E, R> = CommonOptions<K, A, E, R> &
  ([K] extends [BatchKeyId] ? { readonly keyOf?: (key: K) => BatchKeyId } : { readonly keyOf: (key: K) => BatchKeyId })
