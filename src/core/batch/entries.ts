/**
 * Entries: what the processor knows about each key, by identity: the keys being fetched (one {@link Entry} each,
 * with its waiters) and, when memoizing, the values of the keys already resolved. Settling a key (resolve, reject,
 * or the processor closing) tells every waiter of its entry and forgets the entry; only a resolved value is kept.
 *
 * @module
 */
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import { BatchFailure, type BatchFailureReason } from "./BatchFailure.ts"
import { deliver, type Outcome, type Waiter } from "./waiters.ts"

/** The identity of a key: keys with the same identity are one entry, and answers are looked up by it. */
export type BatchKeyId = string | number

/** Where a key is in its life cycle (client-layer §4: queued, batched, retried, resolved). */
export type BatchItemStatus = "queued" | "batched" | "retrying" | "resolved"

/**
 * A key being fetched. The queue moves it from "queued" to "batched", the scheduler to "retrying" and back to
 * "queued"; settling it ends in "resolved" or "rejected" (by then it is no longer in the table).
 */
export interface Entry<K> {
  readonly key: K
  readonly id: BatchKeyId
  /** How many times the key was sent to the process function. */
  attempts: number
  status: BatchItemStatus | "rejected"
  /** The first waiter is kept apart, since most keys have only one. */
  first: Waiter<any> | undefined
  firstSlot: number
  /** Further waiters and their slots, interleaved. */
  more: Array<Waiter<any> | number> | undefined
}

/** The table of keys of one processor; see the module doc. */
export interface Entries<K, A> {
  /**
   * Make `waiter` wait for `key` under `slot`. A memoized value is delivered at once; a key already being fetched
   * gets one more waiter; otherwise the key gets a new entry, handed to `fetch`.
   */
  readonly listen: (key: K, waiter: Waiter<A>, slot: number) => void
  /** Settle an entry with its value (memoized unless memoization is off). */
  readonly resolve: (entry: Entry<K>, value: A) => void
  /** Settle an entry with a {@link BatchFailure}; failures are never memoized. */
  readonly reject: (entry: Entry<K>, reason: BatchFailureReason, cause: unknown) => void
  /** Interrupt every waiter and refuse keys from now on: new waiters are interrupted at once. */
  readonly close: () => void
  /** Keys being fetched (queued, batched or waiting for a retry). */
  readonly pending: () => number
  /** The memoized value of `key`, if there is one. */
  readonly peek: (key: K) => A | undefined
  /** Where `key` is, or undefined when it is neither being fetched nor memoized. */
  readonly status: (key: K) => BatchItemStatus | undefined
  /** Memoize `value` for `key`, unless memoization is off or the key is being fetched. */
  readonly prime: (key: K, value: A) => Effect.Effect<void>
  /** Forget the memoized value of `key`. */
  readonly invalidate: (key: K) => Effect.Effect<void>
  /** Forget every memoized value. */
  readonly clear: Effect.Effect<void>
}

/**
 * An empty table: `keyOf` gives a key's identity, `memoize` whether resolved values are kept, `fetch` is given each
 * new entry (to queue it).
 */
export const makeEntries = <K, A>(
  keyOf: (key: K) => BatchKeyId,
  memoize: boolean,
  fetch: (entry: Entry<K>) => void
): Entries<K, A> => {
  const fetching = new Map<BatchKeyId, Entry<K>>()
  const memo = new Map<BatchKeyId, A>()
  let closed = false

  /** Take `entry` out of the table, marked `status`, and tell every waiter of it how it settled. */
  const settle = (entry: Entry<K>, status: "resolved" | "rejected", outcome: Outcome<A>): void => {
    const { first, firstSlot, more } = entry
    entry.status = status
    entry.first = undefined
    entry.more = undefined
    fetching.delete(entry.id)
    if (first !== undefined) deliver(first, firstSlot, outcome)
    if (more !== undefined) for (let i = 0; i < more.length; i += 2) deliver(more[i] as Waiter<A>, more[i + 1] as number, outcome)
  }

  return {
    listen: (key, waiter, slot) => {
      const id = keyOf(key)
      const memoized = memo.get(id)
      if (memoized !== undefined || memo.has(id)) return deliver(waiter, slot, Exit.succeed(memoized as A))
      const entry = fetching.get(id)
      if (entry === undefined) {
        if (closed) return deliver(waiter, slot, Exit.interrupt())
        const created: Entry<K> = { key, id, attempts: 0, status: "queued", first: waiter, firstSlot: slot, more: undefined }
        fetching.set(id, created)
        fetch(created)
      } else if (entry.first === undefined) {
        entry.first = waiter
        entry.firstSlot = slot
      } else if (entry.more === undefined) entry.more = [waiter, slot]
      else entry.more.push(waiter, slot)
    },
    resolve: (entry, value) => {
      if (memoize) memo.set(entry.id, value)
      settle(entry, "resolved", Exit.succeed(value))
    },
    reject: (entry, reason, cause) =>
      settle(entry, "rejected", Exit.fail(new BatchFailure({ reason, key: entry.id, attempts: entry.attempts, cause }))),
    close: () => {
      closed = true
      for (const entry of fetching.values()) settle(entry, "rejected", Exit.interrupt())
    },
    pending: () => fetching.size,
    peek: (key) => memo.get(keyOf(key)),
    status: (key) => {
      const id = keyOf(key)
      return (fetching.get(id)?.status as BatchItemStatus | undefined) ?? (memo.has(id) ? "resolved" : undefined)
    },
    prime: (key, value) =>
      Effect.sync(() => {
        const id = keyOf(key)
        if (memoize && !fetching.has(id)) memo.set(id, value)
      }),
    invalidate: (key) => Effect.sync(() => void memo.delete(keyOf(key))),
    clear: Effect.sync(() => memo.clear())
  }
}
