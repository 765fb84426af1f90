/**
 * BatchDefaults: the tunables of every BatchProcessor that does not set its own, with the spec's values
 * (BATCH-3 to BATCH-5), and the cooldown (backoff) helpers. The platform features' per-use sizes and windows are in
 * platform/batchPresets.ts.
 *
 * @module
 */
import * as Context from "effect/Context"

/** The tunables of a batch processor. */
export interface BatchSettings {
  /** At most this many keys per call of the process function. Not in the spec; 100 is what every platform use sets. */
  readonly batchSize: number
  /** The batching window, opened by the first key queued into an empty queue (BATCH-3: 10 ms). */
  readonly waitMs: number
  /** Retries after the first attempt (BATCH-3: 2, so at most 3 attempts). */
  readonly maxRetries: number
  /** Process calls in flight at once (BATCH-3: 1). */
  readonly concurrency: number
  /** Cooldown before a failed key is queued again (BATCH-4: 1000 ms). */
  readonly cooldownMs: number
  /**
   * The longest wait a server's `Retry-After` can ask of a retry (not in the spec): asked for longer, the key is not
   * retried (it fails at once, as waiting less would go against the server). 30 s
   * is the longest cooldown the platform's own thumbnail batcher waits, and as long as a person looking at a spinner
   * can be asked to wait. 0 ignores `Retry-After`.
   */
  readonly maxRetryAfterMs: number
  /**
   * The most values a memoizing processor keeps (not in the spec); the least recently used goes first. 10,000 keeps
   * every key a page shows over a day of use for most features (a few thousand users or images) while bounding the
   * memo of one that asks for a new key at every step: at 100 B to 1 KB a value, 1 to 10 MB at most.
   */
  readonly memoMaxEntries: number
  /**
   * How long a memoized value is kept after it was fetched, in ms (not in the spec). Infinity (the default): until it
   * is cleared or pushed out by newer ones, as DataLoader keeps its values. Features whose values change set their own.
   */
  readonly memoTimeToLiveMs: number
}

/** The spec's batch processor defaults (BATCH-3 to BATCH-5), and the bounds the spec leaves open. */
export const defaultBatchSettings: BatchSettings = {
  batchSize: 100,
  waitMs: 10,
  maxRetries: 2,
  concurrency: 1,
  cooldownMs: 1000,
  maxRetryAfterMs: 30_000,
  memoMaxEntries: 10_000,
  memoTimeToLiveMs: Number.POSITIVE_INFINITY
}

/** The defaults used by processors that leave a setting out; provide a different value to change them app-wide. */
export const BatchDefaults = Context.Reference<BatchSettings>("platform-web-client/core/batch/BatchDefaults", {
  defaultValue: () => defaultBatchSettings
})

/** A cooldown: milliseconds to wait after failed attempt number `attempt` (1-based) before the key is queued again. */
export type Cooldown = (attempt: number) => number

/** The same cooldown after every attempt (the spec's default, 1000 ms). */
export const fixedCooldown =
  (ms: number): Cooldown =>
  () =>
    ms

/** `n` when it is a finite number (a negative one is 0); else undefined. */
const finiteMs = (n: unknown): number | undefined =>
  typeof n === "number" && Number.isFinite(n) ? Math.max(0, n) : undefined

/**
 * `cooldown` as a processor uses it: a wait that is no finite number of ms (`NaN`, `Infinity`, a cooldown written
 * for seconds that returns a string) is `fallbackMs` instead, so a key never retries at once by mistake, nor waits
 * forever; a negative one is 0. A `fallbackMs` that is itself no finite number of ms is the spec's 1000 ms.
 */
export const checkedCooldown = (cooldown: Cooldown, fallbackMs: number): Cooldown => {
  const fallback = finiteMs(fallbackMs) ?? defaultBatchSettings.cooldownMs
  return (attempt) => finiteMs(cooldown(attempt)) ?? fallback
}

/** `maxRetries` as a processor uses it: a whole number, at least 0; one that is no finite number is `fallback`. */
export const checkedMaxRetries = (maxRetries: number, fallback: number): number =>
  Math.floor(finiteMs(maxRetries) ?? finiteMs(fallback) ?? defaultBatchSettings.maxRetries)

/** Exponential backoff as the spec writes it: `min(max, 2^(attempt-1) * base)` milliseconds. */
export const exponentialBackoff =
  (options: { readonly baseMs: number; readonly maxMs: number }): Cooldown =>
  (attempt) =>
    Math.min(options.maxMs, 2 ** (attempt - 1) * options.baseMs)
