/**
 * QueryClient: runs {@link Query} and {@link Mutation} definitions — one cache entry per key (`name:args`), so one
 * request per key at a time however many readers. It has no UI: the React hooks (`platform-web-client/react`) are a
 * thin `useSyncExternalStore` over {@link QueryClient.observe}. Results are effect's `AsyncResult`
 * (`effect/reactivity`), each entry's in an Observable (./CacheEntry.ts).
 *
 * Lifecycle of a cache entry (a key):
 * - It is made when first read (`observe(...).get()`, `fetchQuery`, a hook's render). Its effect starts then when
 *   the reader is enabled (`enabled: false` fetches nothing), unless SSR state or a reader's `initialData` seeds it.
 * - Readers subscribe. A reader that arrives while a request is in flight joins it (`Deduplicated`); one that finds
 *   a settled result gets it at once (`CacheHit`) and, when the result is older than the query's `staleTime`, the
 *   result stays shown while it is refetched (stale-while-revalidate). The entry's first reader never revalidates:
 *   the result was made for it (by its render, a prefetch or the SSR state).
 * - When the last reader leaves, the entry stays cached for its `gcTime` (the longest a reader asked for); a reader
 *   arriving in that time keeps it. Then it is dropped (`Evicted`) and a request still running is interrupted. An entry read but
 *   never subscribed to (a render React threw away) follows the same rule. At most `maxIdleEntries` entries wait so
 *   (500 by default): one more drops the one idle the longest at once. Entries with readers are never dropped.
 * - An entry costs the same whether or not its query has a schema: the schema's serializer (for SSR) is built once
 *   per query and shared by its entries (./serializer.ts).
 * - `refetchQueries` re-runs it now; `invalidateQueries` (and a successful mutation) re-runs the entries with an
 *   enabled reader and marks the others stale (./invalidation.ts for reactivity keys). A fetch retries transient
 *   failures as the reader's `retry` says (./retry.ts); `refetchInterval`, focus and reconnect refetch as each
 *   reader asks (./readers.ts, ./observerOptions.ts).
 *
 * The parts: the cache (./cache.ts, with ./idle.ts), its readers (./readers.ts, ./waiters.ts), and the methods with
 * TanStack Query's names (./clientMethods.ts). Times (freshness, `gcTime`, retry delays, intervals) are read from
 * the client's `Clock`: the real clock, or a `TestClock` when the client is made inside a test
 * (`QueryClient.makeEffect`).
 *
 * @module
 */
import * as Clock from "effect/Clock"
import type * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as AsyncResult from "effect/reactivity/AsyncResult"
import type * as Scope from "effect/Scope"
import type * as Observable from "../observable/Observable.ts"
import * as Cache from "./cache.ts"
import * as ClientMethods from "./clientMethods.ts"
import type { QueryFilter, QueryState, Updater } from "./clientMethods.ts"
import { decodeDehydratedState, type DehydratedState, QueryHydrationError } from "./dehydrated.ts"
import type { InfiniteQuery } from "./InfiniteQuery.ts"
import type { Mutation } from "./Mutation.ts"
import type { QueryObserverOptions } from "./observerOptions.ts"
import type { Query } from "./Query.ts"
import type { QueryEvent } from "./QueryEvent.ts"
import * as Readers from "./readers.ts"
import { type MutationHost, runMutation } from "./runMutation.ts"
import { serializerOf } from "./serializer.ts"
import { windowFocus } from "./windowFocus.ts"
import { windowOnline } from "./windowOnline.ts"

export type { QueryFilter, QueryState, Updater } from "./clientMethods.ts"
export type { QueryObserverOptions } from "./observerOptions.ts"

/** A query client over services `R`; see the module doc. Method names and meanings are TanStack Query's. */
export interface QueryClient<R> {
  /**
   * The result of `query` for `args` as an Observable, for a reader with `options` (./observerOptions.ts): `get`
   * reads it (starting the request when nothing is cached and the reader is enabled), `subscribe` makes a reader.
   */
  readonly observe: <Args, A, E>(
    query: Query<Args, A, E, R>,
    args: NoInfer<Args>,
    options?: QueryObserverOptions<NoInfer<A>, NoInfer<E>>
  ) => Observable.Observable<AsyncResult.AsyncResult<A, E>>
  /** The value (fresh, or fetched now, waiting for a request in flight), as a reader while it waits. */
  readonly fetchQuery: <Args, A, E>(
    query: Query<Args, A, E, R>,
    args: NoInfer<Args>,
    options?: QueryObserverOptions<NoInfer<A>, NoInfer<E>>
  ) => Effect.Effect<A, E>
  /** {@link QueryClient.fetchQuery} for its effect on the cache only: it never fails. */
  readonly prefetchQuery: <Args>(query: Query<Args, any, any, R>, args: NoInfer<Args>) => Effect.Effect<void>
  /** A promise resolved when the result is settled (what a suspended component waits for). */
  readonly settled: <Args>(query: Query<Args, any, any, R>, args: NoInfer<Args>) => Promise<void>
  /** The value cached for `args`, if any (nothing is fetched). */
  readonly getQueryData: <Args, A>(query: Query<Args, A, any, R>, args: NoInfer<Args>) => A | undefined
  /** Fetch state of one key: fetching or idle, when its value was set, failures so far, next page. */
  readonly getQueryState: <Args>(query: Query<Args, any, any, R>, args: NoInfer<Args>) => QueryState
  /**
   * Set the value of one key, as if fetched now (an optimistic update: `cancelQueries` first, so that a request in
   * flight does not replace it): a value, or a function of the cached one. A function answering undefined changes
   * nothing. Gives the value now cached.
   */
  readonly setQueryData: <Args, A>(
    query: Query<Args, A, any, R>,
    args: NoInfer<Args>,
    updater: Updater<NoInfer<A>>
  ) => A | undefined
  /**
   * Mark results stale: every key of `query` (or the one of `args`), or every key whose query declared one of the
   * `reactivityKeys`. Keys with an enabled reader refetch now; the others when next read.
   */
  readonly invalidateQueries: <Args>(filter: Query<Args, any, any, R> | QueryFilter, args?: NoInfer<Args>) => void
  /** Run again now every cached key of `query` (or of every query), or the key of `args` (the value stays shown). */
  readonly refetchQueries: <Args>(query?: Query<Args, any, any, R>, args?: NoInfer<Args>) => void
  /** Interrupt the requests in flight of `query` (or `args`'s key); results go back to what they were before them. */
  readonly cancelQueries: <Args>(query?: Query<Args, any, any, R>, args?: NoInfer<Args>) => void
  /** Back to no value (`Initial`): every key, those of `query`, or `args`'s; those with an enabled reader refetch. */
  readonly resetQueries: <Args>(query?: Query<Args, any, any, R>, args?: NoInfer<Args>) => void
  /** How many keys (of `query`, or of every query) have a request in flight. */
  readonly isFetching: (query?: Query<any, any, any, R>) => number
  /**
   * Fetch the next page of an infinite query for `args` and add it (nothing when no page is loaded yet, a request
   * is in flight, or nothing follows).
   */
  readonly fetchNextPage: <Args>(query: InfiniteQuery<Args, any, any, any, R>, args: NoInfer<Args>) => void
  /** Run a mutation: optimistic updates, the write once, then invalidation (or rollback). Never retried. */
  readonly mutate: <I, A, E>(mutation: Mutation<I, A, E, R>, input: I) => Effect.Effect<A, E>
  /** The settled results of queries that have a schema, as JSON (SSR). */
  readonly dehydrate: () => DehydratedState
  /** Seed results from a dehydrated state (before they are read): no request is made for them. */
  readonly hydrate: (state: unknown) => Effect.Effect<void, QueryHydrationError>
  /** Every {@link QueryEvent}, as it happens (`subscribe`); `get` is the last one. */
  readonly events: Observable.Observable<QueryEvent | undefined>
  /** How many entries the cache holds, and how many of them have no reader (for diagnostics and tests). */
  readonly stats: () => QueryClientStats
  /** Drop every entry and interrupt every request. */
  readonly dispose: () => void
}

/** What {@link QueryClient.stats} gives. */
export interface QueryClientStats {
  /** Entries cached. */
  readonly entries: number
  /** Entries without a reader, waiting out their idle time-to-live. */
  readonly idle: number
}

/** Options of {@link make}. */
export interface QueryClientOptions<R> {
  /** The services queries and mutations run with, e.g. a ManagedRuntime's `contextEffect`. */
  readonly context: Effect.Effect<Context.Context<R>, unknown>
  /** The clock of freshness and idle times. Default: the real clock. */
  readonly clock?: Clock.Clock | undefined
  /**
   * What "the page became visible again" is (refetch on focus): any change of this Observable. Default: the
   * document's `visibilitychange` to visible (./windowFocus.ts).
   */
  readonly focusSignal?: Observable.Observable<unknown> | undefined
  /**
   * What "the browser is back online" is (refetch on reconnect): any change of this Observable. Default: the
   * window's `online` event (./windowOnline.ts).
   */
  readonly reconnectSignal?: Observable.Observable<unknown> | undefined
  /**
   * The most entries kept without a reader, waiting out their idle time-to-live (default {@link defaultMaxIdleEntries});
   * one more drops the one idle the longest. At least 0.
   */
  readonly maxIdleEntries?: number | undefined
}

/**
 * The default bound of idle entries: 500. A page's screens read tens to a few hundred queries; going back to one of
 * the last screens finds its results, while a page that asks for a new key at every step (a search box, a scrolled
 * list of profiles) keeps a few megabytes at most, not one entry per key for the idle time-to-live.
 */
export const defaultMaxIdleEntries = 500

/** Follow `signal` (made when first needed) while the client lives: `onChange` at each change. */
const follower = (signal: () => Observable.Observable<unknown>, onChange: () => void) => {
  let stop: (() => void) | undefined
  return {
    start: () => void (stop ??= signal().subscribe(onChange)),
    stop: () => stop?.()
  }
}

/** A query client; see {@link QueryClientOptions}. */
export const make = <R>(options: QueryClientOptions<R>): QueryClient<R> => {
  const cache = Cache.make<R>({
    context: options.context,
    clock: options.clock ?? Effect.runSync(Clock.clockWith(Effect.succeed)),
    maxIdleEntries: Math.max(0, Math.floor(options.maxIdleEntries ?? defaultMaxIdleEntries))
  })
  const readers = Readers.make(cache)
  const methods = ClientMethods.make(cache)
  const focus = follower(
    () => options.focusSignal ?? windowFocus(),
    () => readers.refetchOn("focus")
  )
  const reconnect = follower(
    () => options.reconnectSignal ?? windowOnline(),
    () => readers.refetchOn("reconnect")
  )
  const observe: QueryClient<R>["observe"] = (query, args, observerOptions) => {
    if (observerOptions?.refetchOnWindowFocus ?? query.refetchOnWindowFocus) focus.start()
    if (observerOptions?.refetchOnReconnect ?? query.refetchOnReconnect) reconnect.start()
    return readers.observe(query, args, observerOptions)
  }
  const mutationHost: MutationHost<R> = {
    target: (query, args) => cache.entryOf(query, args),
    refetch: (entry) => cache.refresh(entry, "invalidate"),
    invalidate: cache.invalidation.invalidate,
    run: cache.run,
    emit: cache.emit
  }
  return {
    ...methods,
    observe,
    fetchQuery: readers.fetchQuery,
    prefetchQuery: (query, args) => Effect.ignore(readers.fetchQuery(query, args)),
    settled: readers.settled,
    mutate: (mutation, input) => runMutation(mutationHost, mutation, input),
    dehydrate: () => dehydrateCache(cache),
    hydrate: (state) => hydrateCache(cache, state),
    events: cache.events,
    stats: () => ({
      entries: cache.entries.size,
      idle: [...cache.entries.values()].filter((e) => e.idle !== undefined).length
    }),
    dispose: () => {
      focus.stop()
      reconnect.stop()
      cache.dispose()
    }
  }
}

/** Seed `cache` with a dehydrated state. */
const hydrateCache = (cache: Cache.Cache<any>, state: unknown): Effect.Effect<void, QueryHydrationError> =>
  Effect.suspend(() => {
    const decoded = decodeDehydratedState(state)
    if (decoded._tag === "Failure") return Effect.fail(new QueryHydrationError({ issue: decoded.failure.message }))
    for (const entry of decoded.success) cache.hydrated.set(entry.key, entry)
    return Effect.void
  })

/** The settled results of `cache`'s queries that have a schema. */
const dehydrateCache = (cache: Cache.Cache<any>): DehydratedState => {
  const dehydratedAt = Date.now()
  return [...cache.entries.values()].flatMap((entry) => {
    const result = entry.result.get()
    if (entry.query.schema === undefined || AsyncResult.isInitial(result)) return []
    const value = serializerOf(entry.query.schema).encode(result)
    return value === undefined ? [] : [{ key: entry.key, value, dehydratedAt }]
  })
}

/** A client over the current services (and Clock: a TestClock in tests), disposed with the scope. */
export const makeEffect = <R = never>(
  options: Omit<QueryClientOptions<R>, "context" | "clock"> = {}
): Effect.Effect<QueryClient<R>, never, R | Scope.Scope> =>
  Effect.acquireRelease(
    Effect.flatMap(Effect.context<R>(), (services) =>
      Clock.clockWith((clock) => Effect.sync(() => make<R>({ ...options, context: Effect.succeed(services), clock })))
    ),
    (client) => Effect.sync(client.dispose)
  )
