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
 * are handed back to the scheduler with their cooldown, `cooldown(attempts)` ms. A batch that fails or dies before
 * its keys are settled or handed back (a throwing `isRetriable` or `cooldown`, a store that died, an interruption)
 * rejects the rest as `processFailure`, so that no caller waits forever.
 *
 * @module
 */
import * as Cause from "effect/Cause"
import type * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import { BatchItemError } from "./BatchFailure.ts"
import type { BatchKeyId, Entries, Entry } from "./entries.ts"
import type { Cooldown } from "./BatchDefaults.ts"
import type { BatchResponse, BatchStore, CommonOptions } from "./options.ts"

/** The `cause` of a failure for a key that the process function's answer left out. */
export const missingCause = "missing from the answer"

/** Keys handed back to be retried, grouped by their cooldown in ms. */
export type Retries<K> = ReadonlyMap<number, ReadonlyArray<Entry<K>>>

/** The dispatcher of one processor. */
export interface Dispatch<K> {
  /** Run one batch: settle its keys, and answer those to retry, if any (see the module doc). */
  readonly run: (batch: ReadonlyArray<Entry<K>>) => Effect.Effect<Retries<K> | undefined>
  /** Calls made to the process function so far. */
  readonly calls: () => number
}

/**
 * The dispatcher of a processor made with `options`, settling keys in `entries`; `context` is what the process
 * function needs.
 */
export const makeDispatch = <K, A, E, R>(
  entries: Entries<K, A>,
  options: CommonOptions<K, A, E, R>,
  maxRetries: number,
  cooldown: Cooldown,
  context: Context.Context<R>
): Dispatch<K> => {
  const { isRetriable, process, store } = options
  const rejectMissing = options.onMissing === "reject"
  let calls = 0

  const settle = (batch: ReadonlyArray<Entry<K>>, exit: Exit.Exit<BatchResponse<A>, E>) => {
    let retries: Map<number, Array<Entry<K>>> | undefined
    let writes: Array<Effect.Effect<void>> | undefined
    const retry = (entry: Entry<K>, cause: unknown) => {
      if (entry.attempts > maxRetries) return entries.reject(entry, "maxAttemptsReached", cause)
      const delay = Math.max(0, cooldown(entry.attempts))
      const group = (retries ??= new Map()).get(delay)
      if (group === undefined) retries.set(delay, [entry])
      else group.push(entry)
    }
    if (Exit.isSuccess(exit)) {
      const answer = exit.value
      const aligned = Array.isArray(answer) ? answer as ReadonlyArray<A | BatchItemError> : undefined
      const byId = answer as ReadonlyMap<BatchKeyId, A | BatchItemError>
      for (let i = 0; i < batch.length; i++) {
        const entry = batch[i]!
        const value = aligned === undefined ? byId.get(entry.id) : aligned[i]
        if (aligned === undefined ? value === undefined && !byId.has(entry.id) : i >= aligned.length) {
          if (rejectMissing) entries.reject(entry, "unretriableFailure", missingCause)
          else retry(entry, missingCause)
        } else if (value instanceof BatchItemError) {
          if (value.retriable) retry(entry, value.cause)
          else entries.reject(entry, "unretriableFailure", value.cause)
        } else {
          entries.resolve(entry, value as A)
          if (store !== undefined) (writes ??= []).push(store.set(entry.id, value as A))
        }
      }
    } else {
      const error = Cause.findErrorOption(exit.cause)
      if (error._tag === "Some" && (isRetriable === undefined || isRetriable(error.value))) {
        for (const entry of batch) retry(entry, error.value)
      } else {
        const cause = error._tag === "Some" ? error.value : Cause.squash(exit.cause)
        for (const entry of batch) entries.reject(entry, "processFailure", cause)
      }
    }
    return writes === undefined ? Effect.succeed(retries) : Effect.as(Effect.all(writes, { discard: true }), retries)
  }

  // Suspended, so that a process function that throws is a defect of its batch, not of the scheduler.
  const call = (batch: ReadonlyArray<Entry<K>>): Effect.Effect<Retries<K> | undefined> => {
    if (batch.length === 0) return Effect.succeed(undefined)
    const keys = new Array<K>(batch.length)
    for (let i = 0; i < batch.length; i++) {
      const entry = batch[i]!
      entry.attempts++
      keys[i] = entry.key
    }
    calls++
    const called = Effect.provideContext(Effect.suspend(() => process(keys)), context)
    return Effect.flatMap(Effect.exit(called), (exit) => settle(batch, exit))
  }

  // With a store: resolve what it knows, call the process function with the rest.
  const callStored = (batch: ReadonlyArray<Entry<K>>, s: BatchStore<A>) =>
    Effect.flatMap(Effect.forEach(batch, (entry) => s.get(entry.id)), (stored) =>
      call(batch.filter((entry, i) => {
        const hit = stored[i]!
        if (hit._tag === "Some") entries.resolve(entry, hit.value)
        return hit._tag === "None"
      })))

  return {
    run: (batch) =>
      Effect.onError(store === undefined ? call(batch) : callStored(batch, store), () =>
        Effect.sync(() => {
          for (const entry of batch) {
            if (entry.status === "batched") entries.reject(entry, "processFailure", "the batch ended without an answer")
          }
        })),
    calls: () => calls
  }
}
