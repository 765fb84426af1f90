/**
 * QueryClient: runs {@link Query} and {@link Mutation} definitions — one cache entry per key (`name:args`), so one
 * request per key at a time however many readers. It has no UI: the React hooks (`platform-web-client/react`) are a
 * thin `useSyncExternalStore` over {@link QueryClient.observe}. Results are effect's `AsyncResult`
 * (`effect/reactivity`), each entry's in an Observable (./CacheEntry.ts).
 *
 * Lifecycle of a cache entry (a key):
 * - It is made when first read (`observe(...).get()`, `fetch`, a hook's render). Its effect starts then.
 * - Readers subscribe. A reader that arrives while a request is in flight joins it (`Deduplicated`); one that finds
 *   a settled result gets it at once (`CacheHit`) and, when the result is older than the query's `staleTime`, the
 *   result stays shown while it is refetched (stale-while-revalidate). The entry's first reader never revalidates:
 *   the result was made for it (by its render, a prefetch or the SSR state).
 * - When the last reader leaves, the entry stays cached for the query's `idleTimeToLive`; a reader arriving in that
 *   time keeps it. Then it is dropped (`Evicted`) and a request still running is interrupted. An entry read but
 *   never subscribed to (a render React threw away) follows the same rule. At most `maxIdleEntries` entries wait so
 *   (500 by default): one more drops the one idle the longest at once. Entries with readers are never dropped.
 * - An entry costs the same whether or not its query has a schema: the schema's serializer (for SSR) is built once
 *   per query and shared by its entries (./serializer.ts).
 * - `refetch` re-runs it now; `invalidate(keys)` (and a successful mutation) re-runs the entries with readers whose
 *   query declared one of the keys, and marks the others stale (./invalidation.ts).
 *
 * Times (freshness, idle time-to-live) are read from the client's `Clock`: the real clock, or a `TestClock` when the
 * client is made inside a test (`QueryClient.makeEffect`).
 *
 * @module
 */
import * as Cause from "effect/Cause"
import * as Clock from "effect/Clock"
import type * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import * as AsyncResult from "effect/reactivity/AsyncResult"
import type * as Reactivity from "effect/reactivity/Reactivity"
import type * as Scope from "effect/Scope"
import * as Observable from "../observable/Observable.ts"
import * as CacheEntry from "./CacheEntry.ts"
import { decodeDehydratedState, type DehydratedState, QueryHydrationError } from "./dehydrated.ts"
import * as Invalidation from "./invalidation.ts"
import type { Mutation } from "./Mutation.ts"
import { keyOf, type Query } from "./Query.ts"
import type { FetchReason, QueryEvent } from "./QueryEvent.ts"
import { type MutationHost, outcomeOf, runMutation } from "./runMutation.ts"
import { serializerOf } from "./serializer.ts"
import { windowFocus } from "./windowFocus.ts"

/** A query client over services `R`; see the module doc. */
export interface QueryClient<R> {
  /** The result of `query` for `args` as an Observable: `get` reads it (starting the request if nothing is cached), `subscribe` makes a reader. */
  readonly observe: <Args, A, E>(query: Query<Args, A, E, R>, args: NoInfer<Args>) => Observable.Observable<AsyncResult.AsyncResult<A, E>>
  /** Run the query again now (the current result stays shown, marked waiting). */
  readonly refetch: <Args>(query: Query<Args, any, any, R>, args: NoInfer<Args>) => void
  /** Invalidate reactivity keys: entries with readers refetch, the others count as stale. */
  readonly invalidate: (keys: Reactivity.KeysInput) => void
  /** The settled result as an Effect (waiting for a request in flight); a reader while it waits. For prefetching. */
  readonly fetch: <Args, A, E>(query: Query<Args, A, E, R>, args: NoInfer<Args>) => Effect.Effect<A, E>
  /** A promise resolved when the result is settled (what a suspended component waits for). */
  readonly settled: <Args>(query: Query<Args, any, any, R>, args: NoInfer<Args>) => Promise<void>
  /** Run a mutation: optimistic updates, the write once, then invalidation (or rollback). */
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

type Entry = CacheEntry.CacheEntry

const isSettled = (result: AsyncResult.AsyncResult<unknown, unknown>) => !result.waiting && !AsyncResult.isInitial(result)

/** A query client; see {@link QueryClientOptions}. */
export const make = <R>(options: QueryClientOptions<R>): QueryClient<R> => {
  const invalidation = Invalidation.make()
  const clock = options.clock ?? Effect.runSync(Clock.clockWith(Effect.succeed))
  const context = Effect.orDie(options.context)
  const events = Observable.make<QueryEvent | undefined>(undefined)
  const emit = (event: QueryEvent) => events.set(event)
  const entries = new Map<string, Entry>()
  // Values seeded by `hydrate` and not read yet: as many as the state given had.
  const hydrated = new Map<string, DehydratedState[number]>()
  // The entries without a reader, in the order they became idle.
  const idle = new Set<Entry>()
  const maxIdleEntries = Math.max(0, Math.floor(options.maxIdleEntries ?? defaultMaxIdleEntries))
  let unfocus: (() => void) | undefined

  const now = () => clock.currentTimeMillisUnsafe()
  const isStale = (entry: Entry) => entry.fetchedAt === undefined || now() - entry.fetchedAt >= entry.query.staleTime
  const run = <A, E>(effect: Effect.Effect<A, E, R>) =>
    Effect.flatMap(context, (services) => Effect.provideContext(effect, services))

  /** The entry's run: the query's effect with the client's events. */
  const fetchOf = (entry: Entry) =>
    Effect.suspend(() => {
      entry.fetches++
      emit({ _tag: "Fetch", key: entry.key, reason: entry.reason })
      entry.reason = "refetch"
      return run(entry.query.run(entry.args))
    }).pipe(
      Effect.onExit((exit) =>
        Effect.sync(() => {
          if (Exit.isSuccess(exit)) {
            entry.fetchedAt = now()
            emit({ _tag: "Settled", key: entry.key, outcome: "success" })
          } else if (Cause.hasInterruptsOnly(exit.cause)) {
            emit({ _tag: "Interrupted", key: entry.key })
          } else {
            entry.fetchedAt = undefined
            emit({ _tag: "Settled", key: entry.key, outcome: outcomeOf(exit.cause) })
          }
        })
      )
    )

  const refresh = (entry: Entry, reason: FetchReason) => {
    entry.reason = reason
    CacheEntry.start(entry, fetchOf(entry))
  }

  /** Drop the entry: its request is interrupted, its keys forgotten. */
  const evict = (entry: Entry) => {
    idle.delete(entry)
    entry.idle = undefined
    if (entries.get(entry.key) !== entry) return
    entries.delete(entry.key)
    entry.unregister()
    CacheEntry.stop(entry)
    emit({ _tag: "Evicted", key: entry.key })
  }

  /** The entry has a reader again: it is no longer idle. */
  const wake = (entry: Entry) => {
    idle.delete(entry)
    entry.idle?.interruptUnsafe()
    entry.idle = undefined
  }

  const startIdle = (entry: Entry) => {
    if (entry.idle !== undefined) return
    entry.idle = Effect.runFork(
      Effect.andThen(
        Effect.provideService(Effect.sleep(entry.query.idleTimeToLive), Clock.Clock, clock),
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

  const watchFocus = () => {
    if (unfocus !== undefined) return
    unfocus = (options.focusSignal ?? windowFocus()).subscribe(() => {
      for (const entry of entries.values()) {
        if (entry.subscribers > 0 && entry.query.refetchOnWindowFocus && isStale(entry)) refresh(entry, "focus")
      }
    })
  }

  /** Seed a new entry from the hydrated state; false when there is none for it or it does not decode. */
  const seed = (entry: Entry): boolean => {
    const found = hydrated.get(entry.key)
    if (found === undefined) return false
    hydrated.delete(entry.key)
    const decoded = entry.query.schema === undefined ? undefined : serializerOf(entry.query.schema).decode(found.value)
    if (decoded === undefined) return false
    entry.result.set(decoded)
    entry.fetchedAt = now()
    emit({ _tag: "Hydrated", key: entry.key })
    return true
  }

  const entryOf = (query: Query<any, any, any, any>, args: unknown): Entry => {
    const key = keyOf(query, args)
    const existing = entries.get(key)
    if (existing !== undefined) return existing
    const entry = CacheEntry.make(key, query, args)
    entries.set(key, entry)
    if (query.reactivityKeys !== undefined) {
      entry.unregister = invalidation.register(query.reactivityKeys(args), () => {
        if (entry.subscribers > 0) refresh(entry, "invalidate")
        else {
          entry.fetchedAt = undefined
          entry.claimed = true
        }
      })
    }
    if (query.refetchOnWindowFocus) watchFocus()
    if (!seed(entry)) refresh(entry, "mount")
    startIdle(entry)
    return entry
  }

  const subscribe = (query: Query<any, any, any, any>, args: unknown, listener: (value: any) => void) => {
    const entry = entryOf(query, args)
    wake(entry)
    const unsubscribe = entry.result.subscribe(listener)
    const current = entry.result.get()
    if (current.waiting) {
      if (entry.subscribers > 0) emit({ _tag: "Deduplicated", key: entry.key })
    } else if (!AsyncResult.isInitial(current) && entry.claimed) {
      const stale = isStale(entry)
      emit({ _tag: "CacheHit", key: entry.key, stale })
      if (stale) refresh(entry, "stale")
    }
    entry.claimed = true
    entry.subscribers++
    let subscribed = true
    return () => {
      if (!subscribed) return
      subscribed = false
      unsubscribe()
      entry.subscribers--
      if (entry.subscribers === 0) startIdle(entry)
    }
  }

  const observe = <Args, A, E>(query: Query<Args, A, E, R>, args: Args) => ({
    get: () => entryOf(query, args).result.get() as AsyncResult.AsyncResult<A, E>,
    subscribe: (listener: (value: AsyncResult.AsyncResult<A, E>) => void) => subscribe(query, args, listener)
  })

  /** Wait for a settled result, as a reader; give it to `done`. */
  const whenSettled = (
    query: Query<any, any, any, any>,
    args: unknown,
    done: (result: AsyncResult.AsyncResult<any, any>) => void
  ): () => void => {
    let finished = false
    let unsubscribe: (() => void) | undefined
    const finish = (result: AsyncResult.AsyncResult<any, any>) => {
      if (finished || !isSettled(result)) return
      finished = true
      unsubscribe?.()
      done(result)
    }
    unsubscribe = subscribe(query, args, finish)
    // settled already, or while subscribing (a revalidation that completed at once)
    if (finished) unsubscribe()
    else finish(entryOf(query, args).result.get())
    return () => {
      finished = true
      unsubscribe()
    }
  }

  const settled = (query: Query<any, any, any, any>, args: unknown): Promise<void> => {
    const entry = entryOf(query, args)
    if (entry.settling !== undefined) return entry.settling
    const promise = new Promise<void>((resolve) =>
      whenSettled(query, args, () => {
        entry.settling = undefined
        resolve()
      })
    )
    if (!isSettled(entry.result.get())) entry.settling = promise
    return promise
  }

  const fetch = <Args, A, E>(query: Query<Args, A, E, R>, args: Args): Effect.Effect<A, E> =>
    Effect.callback<A, E>((resume) => {
      const stop = whenSettled(query, args, (result: AsyncResult.AsyncResult<A, E>) =>
        resume(AsyncResult.isSuccess(result) ? Effect.succeed(result.value) : Effect.failCause((result as AsyncResult.Failure<A, E>).cause))
      )
      return Effect.sync(stop)
    })

  const mutationHost: MutationHost<R> = {
    target: (query, args) => entryOf(query, args),
    refetch: (entry) => refresh(entry, "invalidate"),
    invalidate: invalidation.invalidate,
    run,
    emit
  }

  const hydrate = (state: unknown): Effect.Effect<void, QueryHydrationError> =>
    Effect.suspend(() => {
      const decoded = decodeDehydratedState(state)
      if (decoded._tag === "Failure") return Effect.fail(new QueryHydrationError({ issue: decoded.failure.message }))
      for (const entry of decoded.success) hydrated.set(entry.key, entry)
      return Effect.void
    })

  const dehydrate = (): DehydratedState => {
    const dehydratedAt = Date.now()
    return [...entries.values()].flatMap((entry) => {
      const result = entry.result.get()
      if (entry.query.schema === undefined || AsyncResult.isInitial(result)) return []
      const value = serializerOf(entry.query.schema).encode(result)
      return value === undefined ? [] : [{ key: entry.key, value, dehydratedAt }]
    })
  }

  return {
    observe,
    refetch: (query, args) => refresh(entryOf(query, args), "refetch"),
    invalidate: invalidation.invalidate,
    fetch,
    settled,
    mutate: (mutation, input) => runMutation(mutationHost, mutation, input),
    dehydrate,
    hydrate,
    events,
    stats: () => ({ entries: entries.size, idle: idle.size }),
    dispose: () => {
      unfocus?.()
      for (const entry of [...entries.values()]) {
        entry.idle?.interruptUnsafe()
        entries.delete(entry.key)
        entry.unregister()
        CacheEntry.stop(entry)
      }
      idle.clear()
    }
  }
}

/** A client over the current services (and Clock: a TestClock in tests), disposed with the scope. */
export const makeEffect = <R = never>(
  options: Omit<QueryClientOptions<R>, "context" | "clock"> = {}
): Effect.Effect<QueryClient<R>, never, R | Scope.Scope> =>
  Effect.acquireRelease(
    Effect.flatMap(Effect.context<R>(), (services) =>
      Clock.clockWith((clock) => Effect.sync(() => make<R>({ ...options, context: Effect.succeed(services), clock })))),
    (client) => Effect.sync(client.dispose)
  )
