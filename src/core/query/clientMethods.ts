/**
 * The query client's methods with TanStack Query's names and meanings, taking our query definitions where TanStack
 * takes keys (internal; see ./QueryClient.ts for each method's doc): a query alone means every cached key of it, a
 * query and arguments one key.
 *
 * @module
 */
import * as Option from "effect/Option"
import * as AsyncResult from "effect/reactivity/AsyncResult"
import type * as Reactivity from "effect/reactivity/Reactivity"
import type { Cache } from "./cache.ts"
import * as CacheEntry from "./CacheEntry.ts"
import { fetchNextPage, type InfiniteQuery } from "./InfiniteQuery.ts"
import { keyOf, type Query } from "./Query.ts"

/** The state of one key besides its result (TanStack's `getQueryState`). */
export interface QueryState {
  /** `fetching` while a request runs, else `idle`. */
  readonly fetchStatus: "fetching" | "idle"
  /** When the value was fetched or set (ms), 0 when there is none. */
  readonly dataUpdatedAt: number
  /** Failures of the request running (each one retried). */
  readonly fetchFailureCount: number
  /** The request running fetches the next page of an infinite query. */
  readonly isFetchingNextPage: boolean
}

/** Which queries a method touches: a query's keys (all, or the one of `args`), or reactivity keys. */
export type QueryFilter = Query<any, any, any, any> | { readonly reactivityKeys: Reactivity.KeysInput }

/** A new value, or a function of the one cached (undefined when none). */
export type Updater<A> = A | ((old: A | undefined) => A | undefined)

const idleState: QueryState = { fetchStatus: "idle", dataUpdatedAt: 0, fetchFailureCount: 0, isFetchingNextPage: false }

/** The state of an entry (none: idle, no value). */
const stateOf = (entry: CacheEntry.CacheEntry | undefined): QueryState =>
  entry === undefined
    ? idleState
    : {
        fetchStatus: entry.running === undefined ? "idle" : "fetching",
        dataUpdatedAt: entry.dataUpdatedAt,
        fetchFailureCount: entry.failureCount,
        isFetchingNextPage: entry.fetchingNextPage
      }

/** The methods over `cache`. */
export const make = <R>(cache: Cache<R>) => {
  /** The entries of `query` (every key, or that of `args` when given). */
  const matching = (query: Query<any, any, any, any> | undefined, args?: unknown): Array<CacheEntry.CacheEntry> => {
    if (query !== undefined && args !== undefined) {
      const found = cache.entries.get(keyOf(query, args))
      return found === undefined ? [] : [found]
    }
    return [...cache.entries.values()].filter((entry) => query === undefined || entry.query.name === query.name)
  }
  const active = (entry: CacheEntry.CacheEntry) => [...entry.observers].some((o) => o.enabled)
  const valueOf = (entry: CacheEntry.CacheEntry | undefined) =>
    entry === undefined ? undefined : Option.getOrUndefined(AsyncResult.value(entry.result.get()))

  const invalidateQueries = (filter: QueryFilter, args?: unknown) => {
    if (!("_tag" in filter)) return cache.invalidation.invalidate(filter.reactivityKeys)
    for (const entry of matching(filter, args)) {
      if (active(entry)) cache.refresh(entry, "invalidate")
      else {
        entry.fetchedAt = undefined
        entry.claimed = true
      }
    }
  }

  const setQueryData = <A>(query: Query<any, A, any, any>, args: unknown, updater: Updater<A>): A | undefined => {
    const entry = cache.entryOf(query, args)
    const old = valueOf(entry) as A | undefined
    const next = typeof updater === "function" ? (updater as (old: A | undefined) => A | undefined)(old) : updater
    if (next === undefined) return old
    entry.fetchedAt = entry.dataUpdatedAt = cache.now()
    entry.result.set(
      AsyncResult.success(next, { waiting: entry.running !== undefined, timestamp: entry.dataUpdatedAt })
    )
    return next
  }

  const resetQueries = (query?: Query<any, any, any, any>, args?: unknown) => {
    for (const entry of matching(query, args)) {
      CacheEntry.stop(entry)
      entry.result.set(AsyncResult.initial())
      entry.fetchedAt = undefined
      entry.dataUpdatedAt = 0
      if (active(entry)) cache.refresh(entry, "refetch")
    }
  }

  const fetchNext = (query: InfiniteQuery<any, any, any, any, any>, args: unknown) => {
    const entry = cache.entryOf(query, args)
    const held = valueOf(entry)
    if (held === undefined || entry.running !== undefined) return
    cache.refresh(entry, "fetchNextPage", fetchNextPage(query.paging, args, held))
    // read by readers when they render the waiting result (a run that settled at once is not in flight)
    entry.fetchingNextPage = entry.running !== undefined
  }

  return {
    invalidateQueries,
    setQueryData,
    getQueryData: <A>(query: Query<any, A, any, any>, args: unknown): A | undefined =>
      valueOf(cache.entries.get(keyOf(query, args))) as A | undefined,
    getQueryState: (query: Query<any, any, any, any>, args: unknown) => stateOf(cache.entries.get(keyOf(query, args))),
    refetchQueries: (query?: Query<any, any, any, any>, args?: unknown) => {
      const entries = query !== undefined && args !== undefined ? [cache.entryOf(query, args)] : matching(query)
      for (const entry of entries) cache.refresh(entry, "refetch")
    },
    cancelQueries: (query?: Query<any, any, any, any>, args?: unknown) => {
      for (const entry of matching(query, args)) CacheEntry.cancel(entry)
    },
    resetQueries,
    isFetching: (query?: Query<any, any, any, any>) =>
      matching(query).filter((entry) => entry.running !== undefined).length,
    fetchNextPage: fetchNext
  }
}
