/**
 * The cache of a query client (internal): its entries by key, how an entry is made (seeded from SSR state or a
 * reader's `initialData`), run (the query's effect with retries and the client's events), kept while idle and
 * dropped. The client's readers (./readers.ts) and methods (./clientMethods.ts) work on it; see ./QueryClient.ts for
 * the rules.
 *
 * @module
 */
import * as Cause from "effect/Cause"
import * as Clock from "effect/Clock"
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import * as Option from "effect/Option"
import * as AsyncResult from "effect/reactivity/AsyncResult"
import * as Observable from "../observable/Observable.ts"
import * as CacheEntry from "./CacheEntry.ts"
import * as Idle from "./idle.ts"
import type { DehydratedState } from "./dehydrated.ts"
import * as Invalidation from "./invalidation.ts"
import type { ResolvedOptions } from "./observerOptions.ts"
import { keyOf, type Query } from "./Query.ts"
import type { FetchReason, QueryEvent } from "./QueryEvent.ts"
import { withRetry } from "./retry.ts"
import { outcomeOf } from "./runMutation.ts"
import { serializerOf } from "./serializer.ts"

type Entry = CacheEntry.CacheEntry

/** What a cache is made with. */
export interface CacheOptions<R> {
  readonly context: Effect.Effect<Context.Context<R>, unknown>
  readonly clock: Clock.Clock
  readonly maxIdleEntries: number
}

/** The cache; see the module doc. */
export interface Cache<R> {
  readonly entries: Map<string, Entry>
  readonly invalidation: Invalidation.Invalidation
  /** Values seeded by `hydrate` and not read yet. */
  readonly hydrated: Map<string, DehydratedState[number]>
  readonly events: Observable.ObservableRef<QueryEvent | undefined>
  readonly emit: (event: QueryEvent) => void
  readonly now: () => number
  readonly clock: Clock.Clock
  /** `effect` with the client's services and clock. */
  readonly run: <A, E>(effect: Effect.Effect<A, E, R>) => Effect.Effect<A, E>
  /** The entry of `query` for `args`, made (and seeded) if needed; nothing is fetched here. */
  readonly entryOf: (query: Query<any, any, any, any>, args: unknown, options?: ResolvedOptions) => Entry
  /** Run the entry now for `reason` (its query's effect, or `effect`), interrupting a run going on. */
  readonly refresh: (entry: Entry, reason: FetchReason, effect?: Effect.Effect<unknown, unknown, R>) => void
  /** Whether the entry's value is older than `staleTime` (or there is none). */
  readonly isStale: (entry: Entry, staleTime: number) => boolean
  /** The entry has a reader again. */
  readonly wake: (entry: Entry) => void
  /** The entry has no reader: it is dropped after its `gcTime` (or at once when too many wait). */
  readonly startIdle: (entry: Entry) => void
  /** Drop every entry and interrupt every request. */
  readonly dispose: () => void
}

/** After a run of `entry`: when its value was fetched, and the `Settled` or `Interrupted` event. */
const recordOutcome =
  (entry: Entry, now: () => number, emit: (event: QueryEvent) => void) => (exit: Exit.Exit<unknown, unknown>) =>
    Effect.sync(() => {
      if (Exit.isSuccess(exit)) {
        entry.fetchedAt = entry.dataUpdatedAt = now()
        emit({ _tag: "Settled", key: entry.key, outcome: "success" })
      } else if (Cause.hasInterruptsOnly(exit.cause)) {
        emit({ _tag: "Interrupted", key: entry.key })
      } else {
        entry.fetchedAt = undefined
        emit({ _tag: "Settled", key: entry.key, outcome: outcomeOf(exit.cause) })
      }
    })

/** The effect of a run: the query's (or its refetch of what is held, when a value is held). */
const effectOf = (entry: Entry): Effect.Effect<unknown, unknown, any> => {
  const held = Option.getOrUndefined(AsyncResult.value(entry.result.get()))
  const { refetchFrom, run: fetch } = entry.query
  return held !== undefined && refetchFrom !== undefined ? refetchFrom(entry.args, held) : fetch(entry.args)
}

/** Seed a new entry from the hydrated state, or a reader's initial data; false when there is neither. */
const seedEntry = (
  entry: Entry,
  resolved: ResolvedOptions | undefined,
  hydrated: Map<string, DehydratedState[number]>,
  now: number,
  emit: (event: QueryEvent) => void
): boolean => {
  const found = hydrated.get(entry.key)
  if (found !== undefined) {
    hydrated.delete(entry.key)
    const decoded = entry.query.schema === undefined ? undefined : serializerOf(entry.query.schema).decode(found.value)
    if (decoded === undefined) return false
    entry.result.set(decoded)
    entry.fetchedAt = entry.dataUpdatedAt = now
    emit({ _tag: "Hydrated", key: entry.key })
    return true
  }
  const initial = resolved?.initialData?.()
  if (initial === undefined) return false
  entry.fetchedAt = entry.dataUpdatedAt = resolved?.initialDataUpdatedAt?.() ?? now
  entry.result.set(AsyncResult.success(initial, { timestamp: entry.dataUpdatedAt }))
  // made for no reader: the first one checks its freshness
  entry.claimed = true
  return true
}

/** Register the reactivity keys of the entry's query: an invalidation refetches it when a reader is enabled. */
const registerKeys = (
  entry: Entry,
  invalidation: Invalidation.Invalidation,
  refresh: (entry: Entry, reason: FetchReason) => void
) => {
  const keys = entry.query.reactivityKeys
  if (keys === undefined) return
  entry.unregister = invalidation.register(keys(entry.args), () => {
    if ([...entry.observers].some((o) => o.enabled)) refresh(entry, "invalidate")
    else {
      entry.fetchedAt = undefined
      entry.claimed = true
    }
  })
}

/** A cache; see {@link CacheOptions}. */
export const make = <R>(options: CacheOptions<R>): Cache<R> => {
  const { clock, maxIdleEntries } = options
  const context = Effect.orDie(options.context)
  const entries = new Map<string, Entry>()
  const events = Observable.make<QueryEvent | undefined>(undefined)
  const emit = (event: QueryEvent) => events.set(event)
  const now = () => clock.currentTimeMillisUnsafe()
  const run = <A, E>(effect: Effect.Effect<A, E, R>) =>
    Effect.flatMap(context, (services) => Effect.provideContext(effect, Context.add(services, Clock.Clock, clock)))

  const refresh = (entry: Entry, reason: FetchReason, effect?: Effect.Effect<unknown, unknown, R>) => {
    const fetch = Effect.suspend(() => {
      entry.fetches++
      entry.failureCount = 0
      emit({ _tag: "Fetch", key: entry.key, reason })
      const { retry, retryDelay } = entry.fetchOptions
      return run(withRetry(effect ?? effectOf(entry), retry, retryDelay, (failures) => (entry.failureCount = failures)))
    })
    CacheEntry.start(entry, Effect.onExit(fetch, recordOutcome(entry, now, emit)))
  }

  const idle = Idle.make({ entries, clock, maxIdleEntries, emit })

  const hydrated = new Map<string, DehydratedState[number]>()
  const invalidation = Invalidation.make()

  const entryOf = (query: Query<any, any, any, any>, args: unknown, resolved?: ResolvedOptions): Entry => {
    const key = keyOf(query, args)
    const existing = entries.get(key)
    if (existing !== undefined) return existing
    const entry = CacheEntry.make(key, query, args)
    entries.set(key, entry)
    registerKeys(entry, invalidation, refresh)
    seedEntry(entry, resolved, hydrated, now(), emit)
    idle.startIdle(entry)
    return entry
  }

  return {
    entries,
    invalidation,
    hydrated,
    events,
    emit,
    now,
    clock,
    run,
    entryOf,
    refresh,
    isStale: (entry, staleTime) => entry.fetchedAt === undefined || now() - entry.fetchedAt >= staleTime,
    wake: idle.wake,
    startIdle: idle.startIdle,
    dispose: () => {
      for (const entry of Array.from(entries.values())) {
        entry.idle?.interruptUnsafe()
        entries.delete(entry.key)
        entry.unregister()
        CacheEntry.stop(entry)
      }
      idle.clear()
    }
  }
}
