/**
 * BatchDefaults: the tunables of every BatchProcessor that does not set its own, with the spec's values
 * (client-layer §9), and the cooldown (backoff) helpers. The platform features' per-use sizes and windows are in
 * platform/batchPresets.ts.
 *
 * @module
 */
import * as Context from "effect/Context"

/** The tunables of a batch processor. */
export interface BatchSettings {
  /** At most this many keys per call of the process function. Not in the spec; 100 is what every platform use sets. */
  readonly batchSize: number
  /** The batching window, opened by the first key queued into an empty queue (client-layer §9: 10 ms). */
  readonly waitMs: number
  /** Retries after the first attempt (client-layer §9: 2, so at most 3 attempts). */
  readonly maxRetries: number
  /** Process calls in flight at once (client-layer §9: 1). */
  readonly concurrency: number
  /** Cooldown before a failed key is queued again (client-layer §9 / platform-features §8: 1000 ms). */
  readonly cooldownMs: number
}

/** The spec's batch processor defaults (client-layer §9). */
export const defaultBatchSettings: BatchSettings = {
  batchSize: 100,
  waitMs: 10,
  maxRetries: 2,
  concurrency: 1,
  cooldownMs: 1000
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

/** Exponential backoff as the spec writes it: `min(max, 2^(attempt-1) * base)` milliseconds. */
export const exponentialBackoff =
  (options: { readonly baseMs: number; readonly maxMs: number }): Cooldown =>
  (attempt) =>
    Math.min(options.maxMs, 2 ** (attempt - 1) * options.baseMs)
