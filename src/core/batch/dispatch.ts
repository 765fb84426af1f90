/**
 * Dispatch: one batch, from the call to the settled keys. It answers what the store knows, calls the process
 * function with the other keys, and reads the answer key by key:
 *
 * - a value resolves the key (and is written to the store);
 * - a {@link BatchItemError} fails the key alone: retried when retriable, else rejected as `unretriableFailure`;
 * - a key the answer leaves out is retried (`onMissing: "retry"`) or rejected as `unretriableFailure`;
 * - a failed call retries every key when `isRetriable` allows it, else rejects them all as `processFailure`.
 *
 * A key to retry that has used up its attempts (1 + `maxRetries`) is rejected as `maxAttemptsReached`; the others
 * are handed back to the scheduler, each with its cooldown (`cooldown(attempts)` ms; dispatch calls it, so that a
 * throwing cooldown is the batch's failure). When the failure has response headers (a `headers` record with
 * lower-case names, as the pipeline's ResponseError has, or a fetch `Headers`) with a `Retry-After` the server
 * sent, the cooldown is at least the wait it asks for: never shorter than the cooldown, never shorter than the
 * server asks. A wait longer than `maxRetryAfterMs` is not waited: the key is rejected as `unretriableFailure` with
 * that failure (retrying sooner would go against the server, waiting longer against the page). A value that is not
 * a Retry-After value leaves the cooldown as it is. A batch that fails or dies before its keys are settled or handed back
 * (a throwing `isRetriable` or `cooldown`, a store that died, an interruption) rejects the keys it has not settled
 * as `processFailure` ("the batch ended without an answer"), so that no caller waits forever.
 *
 * @module
 */
import * as Cause from "effect/Cause"
import type * as Clock from "effect/Clock"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import { BatchItemError } from "./BatchFailure.ts"
import type { Cooldown } from "./BatchDefaults.ts"
import { batchRun, CurrentBatch } from "./currentBatch.ts"
import type { BatchKeyId, Entries, Entry } from "./entries.ts"
import type { BatchResponse, BatchStore, CommonOptions } from "./options.ts"
import { waitAskedBy } from "../text/retryAfter.ts"

/** The `cause` of a failure for a key that the process function's answer left out. */
export const missingCause = "missing from the answer"

/** The dispatcher of one processor; its batches need what the process function needs, `R`. */
export interface Dispatch<K, R> {
  /** Run one batch: settle its keys, and answer those to retry (each with its `cooldown`), if any. */
  readonly run: (batch: ReadonlyArray<Entry<K>>) => Effect.Effect<ReadonlyArray<Entry<K>> | undefined, never, R>
  /** Calls made to the process function so far. */
  readonly calls: () => number
}

/** How a dispatcher retries: at most `maxRetries` times, after `cooldown` or what the server asks, if not past a cap. */
export interface RetrySettings {
  readonly maxRetries: number
  /** The cooldown, checked (`checkedCooldown`: a finite number of ms, at least 0). */
  readonly cooldown: Cooldown
  /** The longest wait a `Retry-After` may ask for; longer, no retry (0: the header is ignored). */
  readonly maxRetryAfterMs: number
  /** Now, for a `Retry-After` given as a date. */
  readonly clock: Clock.Clock
}

/** A batch's settling: its keys settled as the outcome of its call says, then its values written to the store. */
type Settle<K, A, E> = (
  batch: ReadonlyArray<Entry<K>>,
  exit: Exit.Exit<BatchResponse<A>, E>
) => Effect.Effect<ReadonlyArray<Entry<K>> | undefined>

/**
 * How the batches of a processor made with `options` settle their keys in `entries`: the answer read key by key,
 * a failed call retried or rejected as a whole, the keys to retry given their cooldown as `retries` says.
 */
const makeSettle = <K, A, E, R>(
  entries: Entries<K, A>,
  options: CommonOptions<K, A, E, R>,
  retries: RetrySettings
): Settle<K, A, E> => {
  const { isRetriable, store } = options
  const { clock, cooldown, maxRetries, maxRetryAfterMs } = retries
  /** The wait before attempt `attempts + 1` of a key that failed with `cause`; undefined: the server asks too long. */
  const waitAfter = (attempts: number, cause: unknown): number | undefined => {
    const own = cooldown(attempts)
    const asked = waitAskedBy(cause, clock.currentTimeMillisUnsafe(), maxRetryAfterMs)
    return asked === "tooLong" ? undefined : Math.max(own, asked.atLeast)
  }
  // A key the answer leaves out is treated as this item.
  const missing = new BatchItemError(options.onMissing !== "reject", missingCause)

  return (batch, exit) => {
    let again: Array<Entry<K>> | undefined
    let writes: Array<Effect.Effect<void>> | undefined
    const retry = (entry: Entry<K>, cause: unknown) => {
      if (entry.attempts > maxRetries) return entries.reject(entry, "maxAttemptsReached", cause)
      const wait = waitAfter(entry.attempts, cause)
      if (wait === undefined) return entries.reject(entry, "unretriableFailure", cause)
      entry.cooldown = wait
      ;(again ??= []).push(entry)
    }
    if (Exit.isSuccess(exit)) {
      const answer = exit.value
      const aligned = Array.isArray(answer) ? (answer as ReadonlyArray<A | BatchItemError>) : undefined
      const byId = answer as ReadonlyMap<BatchKeyId, A | BatchItemError>
      for (let i = 0; i < batch.length; i++) {
        const entry = batch[i]!
        const item =
          aligned === undefined
            ? byId.has(entry.id)
              ? byId.get(entry.id)
              : missing
            : i < aligned.length
              ? aligned[i]
              : missing
        if (item instanceof BatchItemError) {
          if (item.retriable) retry(entry, item.cause)
          else entries.reject(entry, "unretriableFailure", item.cause)
        } else {
          entries.resolve(entry, item as A)
          if (store !== undefined) (writes ??= []).push(store.set(entry.id, item as A))
        }
      }
    } else {
      // The error the call failed with, or the defect it died of.
      const cause = Cause.squash(exit.cause)
      const error = Cause.findErrorOption(exit.cause)
      if (error._tag === "Some" && (isRetriable?.(error.value) ?? true)) for (const entry of batch) retry(entry, cause)
      else for (const entry of batch) entries.reject(entry, "processFailure", cause)
    }
    return writes === undefined
      ? Effect.succeed(again)
      : Effect.as(
          Effect.forEach(writes, (write) => write, { discard: true }),
          again
        )
  }
}

/** The dispatcher of a processor made with `options`, settling keys in `entries`, retrying them as `retries` says. */
export const makeDispatch = <K, A, E, R>(
  entries: Entries<K, A>,
  options: CommonOptions<K, A, E, R>,
  retries: RetrySettings
): Dispatch<K, R> => {
  const { process, store } = options
  const settle = makeSettle(entries, options, retries)
  let calls = 0

  // Suspended, so that a process function that throws is a defect of its batch, not of the scheduler. It runs in the
  // batch's fiber, which has every service `make` was given (R) and CurrentBatch (its number of keys and the highest
  // attempt of its keys).
  const call = (batch: ReadonlyArray<Entry<K>>): Effect.Effect<ReadonlyArray<Entry<K>> | undefined, never, R> => {
    if (batch.length === 0) return Effect.succeed(undefined)
    // eslint-disable-next-line unicorn/no-new-array -- sized once and filled by index on the batching hot path
    const keys = new Array<K>(batch.length)
    let attempt = 0
    for (let i = 0; i < batch.length; i++) {
      const entry = batch[i]!
      attempt = Math.max(attempt, ++entry.attempts)
      keys[i] = entry.key
    }
    calls++
    const processed = Effect.provideService(
      Effect.suspend(() => process(keys)),
      CurrentBatch,
      batchRun(keys.length, attempt)
    )
    return Effect.flatMap(Effect.exit(processed), (exit) => settle(batch, exit))
  }

  // With a store: resolve what it knows, call the process function with the rest.
  const callStored = (batch: ReadonlyArray<Entry<K>>, s: BatchStore<A>) =>
    Effect.flatMap(
      Effect.forEach(batch, (entry) => s.get(entry.id)),
      (stored) =>
        call(
          batch.filter((entry, i) => {
            const hit = stored[i]!
            if (hit._tag === "Some") entries.resolve(entry, hit.value)
            return hit._tag === "None"
          })
        )
    )

  return {
    run: (batch) =>
      Effect.onExit(store === undefined ? call(batch) : callStored(batch, store), (exit) =>
        Exit.isSuccess(exit)
          ? Effect.void
          : Effect.sync(() => {
              for (const entry of batch) {
                if (entry.first !== undefined)
                  entries.reject(entry, "processFailure", "the batch ended without an answer")
              }
            })
      ),
    calls: () => calls
  }
}
