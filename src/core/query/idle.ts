/**
 * The idle entries of a query client's cache (internal): an entry without a reader waits out its `gcTime`, then is
 * dropped (its request interrupted, its invalidation keys forgotten); at most `maxIdleEntries` wait so, and one more
 * drops the one idle the longest at once. Entries with readers are never dropped.
 *
 * @module
 */
import * as Clock from "effect/Clock"
import * as Effect from "effect/Effect"
import * as CacheEntry from "./CacheEntry.ts"
import type { QueryEvent } from "./QueryEvent.ts"

type Entry = CacheEntry.CacheEntry

/** What the idle bookkeeping works on. */
export interface IdleOptions {
  readonly entries: Map<string, Entry>
  readonly clock: Clock.Clock
  readonly maxIdleEntries: number
  readonly emit: (event: QueryEvent) => void
}

/** The idle entries; see the module doc. */
export interface Idle {
  /** The entry has no reader: it is dropped after its `gcTime` (or at once when too many wait). */
  readonly startIdle: (entry: Entry) => void
  /** The entry has a reader again. */
  readonly wake: (entry: Entry) => void
  /** Forget every idle entry (the cache is disposed of). */
  readonly clear: () => void
}

/** The idle bookkeeping of `options.entries`. */
export const make = (options: IdleOptions): Idle => {
  const { clock, emit, entries, maxIdleEntries } = options
  // the entries without a reader, in the order they became idle
  const idle = new Set<Entry>()

  const evict = (entry: Entry) => {
    idle.delete(entry)
    entry.idle = undefined
    if (entries.get(entry.key) !== entry) return
    entries.delete(entry.key)
    entry.unregister()
    CacheEntry.stop(entry)
    emit({ _tag: "Evicted", key: entry.key })
  }

  const startIdle = (entry: Entry) => {
    if (entry.idle !== undefined) return
    entry.idle = Effect.runFork(
      Effect.andThen(
        Effect.provideService(Effect.sleep(entry.gcTime), Clock.Clock, clock),
        Effect.sync(() => evict(entry))
      )
    )
    idle.add(entry)
    const oldest: Entry = idle.values().next().value!
    // a new entry is not dropped before its first reader could subscribe (a render, then its commit)
    if (idle.size > maxIdleEntries && (oldest !== entry || entry.claimed)) {
      oldest.idle?.interruptUnsafe()
      evict(oldest)
    }
  }

  return {
    startIdle,
    wake: (entry) => {
      idle.delete(entry)
      entry.idle?.interruptUnsafe()
      entry.idle = undefined
    },
    clear: () => idle.clear()
  }
}
