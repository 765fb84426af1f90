/**
 * Entries: what the processor knows about each key, by identity, in one map: an {@link Entry} (with its waiters)
 * for each key being fetched, and, when memoizing, the value itself for each key resolved. Settling a key (resolve,
 * reject, or the processor closing) tells every waiter of its entry, then puts the value in the entry's place or
 * forgets the key: the entry is dropped young, and a memoized key costs the map one slot and nothing else (with a
 * time-to-live, a small record of the value and the time it expires).
 *
 * The memo is bounded ({@link MemoBound}): the map is in order of use (a key is used when it is asked for, and a
 * memoized one again each time it is asked for, peeked at or primed, which moves it to the end), so the least
 * recently used value is the first value in it; storing a value past `maxEntries` drops that one. A value past its
 * time-to-live is dropped when its key is next looked up, and whenever a value is stored, from the least recently used
 * end (a sweep of bounded cost: at most 16, stopping at a live value), so expired values do not wait for the bound.
 *
 * @module
 */
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import { BatchFailure, type BatchFailureReason } from "./BatchFailure.ts"
import { deliver, type Outcome, type Waiter } from "./waiters.ts"

/** The identity of a key: keys with the same identity are one entry, and answers are looked up by it. */
export type BatchKeyId = string | number

/** Where a key is in its life cycle (BATCH-1: queued, batched, retried, resolved). */
export type BatchItemStatus = "queued" | "batched" | "retrying" | "resolved"

/**
 * A key being fetched. The scheduler moves it from "queued" to "batched", to "retrying" and back to "queued".
 * Settling it takes it out of the table and away from its waiters: an entry with no waiter left is settled.
 * A class, so that the table tells an entry from a memoized value with `instanceof`; its fields are set in the
 * constructor in one order (`cooldown` when a retry needs it).
 */
export class Entry<K> {
  declare readonly key: K
  declare readonly id: BatchKeyId
  /** How many times the key was sent to the process function. */
  declare attempts: number
  declare status: Exclude<BatchItemStatus, "resolved">
  /** The waiter that asked first (most keys have no other), until the entry is settled. */
  declare first: Waiter<any> | undefined
  declare firstSlot: number
  /** Further waiters and their slots, interleaved. */
  declare more: Array<Waiter<any> | number> | undefined
  /** The ms to wait before the next attempt, set when a batch hands the key back for a retry. */
  declare cooldown: number
  /** The memo's walk to its least recently used value went past this entry: its value goes to the end, not here. */
  declare passed: boolean

  constructor(key: K, id: BatchKeyId, first: Waiter<any>, firstSlot: number) {
    this.key = key
    this.id = id
    this.attempts = 0
    this.status = "queued"
    this.first = first
    this.firstSlot = firstSlot
    this.more = undefined
    this.passed = false
  }
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
  /** Values memoized now. */
  readonly memoized: () => number
  /** The memoized value of `key`, if there is one. */
  readonly peek: (key: K) => A | undefined
  /** Where `key` is, or undefined when it is neither being fetched nor memoized. */
  readonly status: (key: K) => BatchItemStatus | undefined
  /** Memoize `value` for `key`, unless memoization is off or the key is being fetched. */
  readonly prime: (key: K, value: A) => Effect.Effect<void>
  /** Forget the memoized value of `key`. */
  readonly clear: (key: K) => Effect.Effect<void>
  /** Forget every memoized value. */
  readonly clearAll: Effect.Effect<void>
}

/** The bound of a memo: at most `maxEntries` values, each kept `timeToLiveMs` after it was stored. */
export interface MemoBound {
  readonly maxEntries: number
  readonly timeToLiveMs: number
}

/** Stands in the table for a resolved `undefined`, so that a key's lookup is one `get`. */
const resolvedUndefined: unique symbol = Symbol()

/** A memoized value with the time it expires: kept so only when the memo has a time-to-live. */
class Expiring<A> {
  declare readonly value: A
  declare readonly expiresAt: number
  constructor(value: A, expiresAt: number) {
    this.value = value
    this.expiresAt = expiresAt
  }
}

/** What the table holds for a key: its entry while it is fetched, then its value (perhaps with an expiry). */
type Slot<K, A> = Entry<K> | A | typeof resolvedUndefined | Expiring<A | typeof resolvedUndefined>

/** A value kept in the table. */
const recall = <A>(kept: unknown): A => {
  const value = kept instanceof Expiring ? kept.value : kept
  return (value === resolvedUndefined ? undefined : value) as A
}

/**
 * The most expired values dropped from the least recently used end whenever a value is stored: the sweep's cost is
 * bounded, and expired values leave many times faster than values come.
 */
const sweepLimit = 16

/** Whether `kept` is a memoized value past its time-to-live at `at`. */
const isExpired = (kept: unknown, at: number) => kept instanceof Expiring && kept.expiresAt <= at

/** Tell every waiter of `entry` how it settled, and let go of them (the caller updates the table and its count). */
const tellWaiters = <K, A>(entry: Entry<K>, outcome: Outcome<A>): void => {
  const { first, firstSlot, more } = entry
  entry.first = undefined
  entry.more = undefined
  if (first !== undefined) deliver(first, firstSlot, outcome)
  if (more !== undefined)
    for (let i = 0; i < more.length; i += 2) deliver(more[i] as Waiter<A>, more[i + 1] as number, outcome)
}

/** The memoized values of a table: how many, in which order of use, until when, and within which bound. */
interface Memo<K, A> {
  /** Values memoized now. */
  readonly size: () => number
  /** The slot under `id`: an entry, or a value alive (marked as just used); undefined otherwise. */
  readonly use: (id: BatchKeyId) => Slot<K, A> | undefined
  /** Memoize a new value under `id`: in the place of its entry, or at the most recently used end when `atEnd`. */
  readonly add: (id: BatchKeyId, value: A, atEnd: boolean) => void
  /** Replace the memoized value under `id`, now the most recently used. */
  readonly replace: (id: BatchKeyId, value: A) => void
  /** Forget the value under `id`. */
  readonly forget: (id: BatchKeyId) => void
  /** Drop expired values from the least recently used end, then values past `maxEntries`. */
  readonly bound: (maxEntries: number) => void
  /** Forget every value. */
  readonly clear: () => void
}

/**
 * The memo kept in `table`, its values living `timeToLive` ms by the clock `now` (the table's entries are left
 * alone).
 */
const makeMemo = <K, A>(table: Map<BatchKeyId, Slot<K, A>>, timeToLive: number, now: () => number): Memo<K, A> => {
  const expiring = Number.isFinite(timeToLive)
  let memoized = 0
  // The least recently used value: found by a walk through the table that goes on where it stopped (a live
  // iterator), so that finding it costs O(1) amortized however many keys went before. Only entries being fetched are
  // left behind the walk; each is marked, and its value will go to the end of the table.
  let walk: Iterator<BatchKeyId> | undefined
  let oldest: BatchKeyId | undefined

  /** The id of the least recently used value, or undefined when there is none. */
  const leastRecentlyUsed = (): BatchKeyId | undefined => {
    if (oldest !== undefined || memoized === 0) return oldest
    for (let restarted = false; ;) {
      walk ??= table.keys()
      const step = walk.next()
      if (step.done) {
        walk = undefined
        if (restarted) return undefined
        restarted = true
        continue
      }
      const kept = table.get(step.value)
      if (kept instanceof Entry) kept.passed = true
      else if (kept !== undefined) return (oldest = step.value)
    }
  }

  /** Forget the value under `id`. */
  const forget = (id: BatchKeyId) => {
    if (oldest === id) oldest = undefined
    table.delete(id)
    memoized--
  }

  /** Make the value `kept` of `id` the most recently used. */
  const touch = (id: BatchKeyId, kept: Slot<K, A>) => {
    if (oldest === id) oldest = undefined
    table.delete(id)
    table.set(id, kept)
  }

  /** What the table keeps for `value`. */
  const keep = (value: A): Slot<K, A> => {
    const kept = value === undefined ? resolvedUndefined : value
    return expiring ? new Expiring(kept, now() + timeToLive) : kept
  }

  return {
    size: () => memoized,
    use: (id) => {
      const kept = table.get(id)
      if (kept === undefined || kept instanceof Entry) return kept
      if (isExpired(kept, now())) {
        forget(id)
        return undefined
      }
      touch(id, kept)
      return kept
    },
    add: (id, value, atEnd) => {
      if (atEnd) touch(id, keep(value))
      else table.set(id, keep(value))
      memoized++
    },
    replace: (id, value) => touch(id, keep(value)),
    forget,
    bound: (maxEntries) => {
      if (expiring) {
        const at = now()
        for (let looked = 0; looked < sweepLimit; looked++) {
          const id = leastRecentlyUsed()
          if (id === undefined || !isExpired(table.get(id), at)) break
          forget(id)
        }
      }
      while (memoized > maxEntries) {
        const id = leastRecentlyUsed()
        if (id === undefined) break
        forget(id)
      }
    },
    clear: () => {
      for (const [id, known] of table) if (!(known instanceof Entry)) forget(id)
      walk = undefined
    }
  }
}

/**
 * An empty table: `keyOf` gives a key's identity, `memo` how many resolved values are kept and for how long
 * (undefined: none), `now` the clock's time in ms, `fetch` is given each new entry (to queue it).
 */
export const makeEntries = <K, A>(
  keyOf: (key: K) => BatchKeyId,
  memo: MemoBound | undefined,
  now: () => number,
  fetch: (entry: Entry<K>) => void
): Entries<K, A> => {
  // Entries and values in one map, in order of use: the least recently used value is the first value in it.
  const table = new Map<BatchKeyId, Slot<K, A>>()
  const values = makeMemo<K, A>(table, memo?.timeToLiveMs ?? Number.POSITIVE_INFINITY, now)
  let pending = 0
  let closed = false

  return {
    listen: (key, waiter, slot) => {
      const id = keyOf(key)
      const known = values.use(id)
      if (known === undefined) {
        if (closed) return deliver(waiter, slot, Exit.interrupt())
        const created = new Entry(key, id, waiter, slot)
        table.set(id, created)
        pending++
        fetch(created)
      } else if (!(known instanceof Entry)) deliver(waiter, slot, Exit.succeed(recall(known)))
      else if (known.more === undefined) known.more = [waiter, slot]
      else known.more.push(waiter, slot)
    },
    resolve: (entry, value) => {
      // The value takes its entry's place (a key counts as used when it was asked for), unless the walk to the least
      // recently used value went past it: then it goes to the end, where the walk will find it.
      if (memo === undefined) table.delete(entry.id)
      else values.add(entry.id, value, entry.passed)
      pending--
      tellWaiters(entry, Exit.succeed(value))
      if (memo !== undefined) values.bound(memo.maxEntries)
    },
    reject: (entry, reason, cause) => {
      table.delete(entry.id)
      pending--
      tellWaiters(entry, Exit.fail(new BatchFailure({ reason, key: entry.id, attempts: entry.attempts, cause })))
    },
    close: () => {
      closed = true
      // Only entries need telling; with none pending, the memoized values are left alone (no pass over them all).
      if (pending > 0)
        for (const [id, known] of table) {
          if (!(known instanceof Entry)) continue
          table.delete(id)
          pending--
          tellWaiters(known, Exit.interrupt())
        }
    },
    pending: () => pending,
    memoized: values.size,
    peek: (key) => {
      const known = values.use(keyOf(key))
      return known === undefined || known instanceof Entry ? undefined : recall(known)
    },
    status: (key) => {
      const known = values.use(keyOf(key))
      return known instanceof Entry ? known.status : known === undefined ? undefined : "resolved"
    },
    prime: (key, value) =>
      Effect.sync(() => {
        const id = keyOf(key)
        const known = table.get(id)
        if (memo === undefined || known instanceof Entry) return
        if (known === undefined) values.add(id, value, true)
        else values.replace(id, value)
        values.bound(memo.maxEntries)
      }),
    clear: (key) =>
      Effect.sync(() => {
        const id = keyOf(key)
        const known = table.get(id)
        if (known !== undefined && !(known instanceof Entry)) values.forget(id)
      }),
    clearAll: Effect.sync(values.clear)
  }
}
