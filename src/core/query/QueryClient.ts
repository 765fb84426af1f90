/**
 * QueryClient: runs {@link Query} and {@link Mutation} definitions over `effect/reactivity` — one AtomRegistry per
 * client, one atom per cache key (`name:args`), so one request per key at a time however many readers. It has no
 * UI: the React hooks (`platform-web-client/react`) are a thin `useSyncExternalStore` over {@link QueryClient.observe}.
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
 *   query declared one of the keys, and marks the others stale.
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
import type * as Fiber from "effect/Fiber"
import * as AsyncResult from "effect/reactivity/AsyncResult"
import * as Atom from "effect/reactivity/Atom"
import * as AtomRegistry from "effect/reactivity/AtomRegistry"
import * as Hydration from "effect/reactivity/Hydration"
import * as Reactivity from "effect/reactivity/Reactivity"
import type * as Scope from "effect/Scope"
import * as Observable from "../observable/Observable.ts"
import {
  decodeDehydratedState,
  type DehydratedState,
  fromHydration,
  QueryHydrationError,
  toHydration
} from "./dehydrated.ts"
import type { Mutation } from "./Mutation.ts"
import { keyOf, type Query } from "./Query.ts"
import type { FetchReason, QueryEvent } from "./QueryEvent.ts"
import { type MutationHost, outcomeOf, runMutation } from "./runMutation.ts"
import { serializerOf } from "./serializer.ts"

/** A query client over services `R`; see the module doc. */
export interface QueryClient<R> {
  /** The registry holding the results (one atom per cache key). */
  readonly registry: AtomRegistry.AtomRegistry
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
  /** Drop every entry and interrupt every request. */
  readonly dispose: () => void
}

/** Options of {@link make}. */
export interface QueryClientOptions<R> {
  /** The services queries and mutations run with, e.g. a ManagedRuntime's `contextEffect`. */
  readonly context: Effect.Effect<Context.Context<R>, unknown>
  /** The clock of freshness and idle times. Default: the real clock. */
  readonly clock?: Clock.Clock | undefined
  /** What "the page became visible again" is (refetch on focus). Default: effect's `Atom.windowFocusSignal`. */
  readonly focusSignal?: Atom.Atom<unknown> | undefined
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

interface Entry {
  readonly key: string
  readonly query: Query<any, any, any, any>
  /** Set right after the entry is made (the atom's effect updates the entry). */
  atom: Atom.Writable<AsyncResult.AsyncResult<any, any>>
  readonly fetches: { count: number }
  reason: FetchReason
  fetchedAt: number | undefined
  claimed: boolean
  subscribers: number
  hold: (() => void) | undefined
  idle: Fiber.Fiber<void> | undefined
  settling: Promise<void> | undefined
  unregister: () => void
}

const isSettled = (result: AsyncResult.AsyncResult<unknown, unknown>) => !result.waiting && !AsyncResult.isInitial(result)

/** The write of every entry's atom: a result set from outside (a mutation's optimistic update) replaces its own. */
const writeSelf = (ctx: Atom.WriteContext<AsyncResult.AsyncResult<any, any>>, value: AsyncResult.AsyncResult<any, any>) =>
  ctx.setSelf(value)

/** A query client; see {@link QueryClientOptions}. */
export const make = <R>(options: QueryClientOptions<R>): QueryClient<R> => {
  const registry = AtomRegistry.make()
  const reactivity = Effect.runSync(Reactivity.make)
  const clock = options.clock ?? Effect.runSync(Clock.clockWith(Effect.succeed))
  const context = Effect.orDie(options.context)
  const events = Observable.make<QueryEvent | undefined>(undefined)
  const emit = (event: QueryEvent) => events.set(event)
  const entries = new Map<string, Entry>()
  const byAtom = new WeakMap<Atom.Atom<any>, Entry>()
  // Keys seeded by `hydrate` and not read yet: as many as the state given had.
  const hydrated = new Set<string>()
  // The entries without a reader, in the order they became idle.
  const idle = new Set<Entry>()
  const maxIdleEntries = Math.max(0, Math.floor(options.maxIdleEntries ?? defaultMaxIdleEntries))
  let unfocus: (() => void) | undefined

  const now = () => clock.currentTimeMillisUnsafe()
  const isStale = (entry: Entry) => entry.fetchedAt === undefined || now() - entry.fetchedAt >= entry.query.staleTime
  const run = <A, E>(effect: Effect.Effect<A, E, R>) =>
    Effect.flatMap(context, (services) => Effect.provideContext(effect, services))

  const refresh = (entry: Entry, reason: FetchReason) => {
    entry.reason = reason
    registry.refresh(entry.atom)
  }

  const release = (entry: Entry) => {
    idle.delete(entry)
    entry.idle = undefined
    const hold = entry.hold
    entry.hold = undefined
    hold?.()
  }

  /** The entry has a reader again: it is no longer idle. */
  const wake = (entry: Entry) => {
    idle.delete(entry)
    entry.idle?.interruptUnsafe()
    entry.idle = undefined
  }

  const startIdle = (entry: Entry) => {
    if (entry.idle !== undefined) return
    const ttl = entry.query.idleTimeToLive
    entry.idle = Effect.runFork(
      Effect.andThen(Effect.provideService(Effect.sleep(ttl), Clock.Clock, clock), Effect.sync(() => release(entry)))
    )
    idle.add(entry)
    if (idle.size > maxIdleEntries) {
      const oldest: Entry = idle.values().next().value!
      oldest.idle?.interruptUnsafe()
      release(oldest)
    }
  }

  const makeAtom = (entry: Entry, args: unknown) => {
    const query = entry.query
    const effect = Effect.suspend(() => {
      entry.fetches.count++
      emit({ _tag: "Fetch", key: entry.key, reason: entry.reason })
      entry.reason = "refetch"
      return run(query.run(args))
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
    const atom = Atom.writable(Atom.make(() => effect).read, writeSelf)
    if (query.schema === undefined) return atom
    // What `Atom.serializable` adds, on the atom itself, with the query's one serializer: an entry of a query with a
    // schema costs what an entry of one without does (Atom.serializable builds a codec and a copy of the atom).
    const mark: Atom.Serializable<any>[typeof Atom.SerializableTypeId] = {
      key: entry.key,
      ...serializerOf(query.schema),
      skipInitialRun: true
    }
    return Object.assign(atom, { [Atom.SerializableTypeId]: mark })
  }

  const watchFocus = () => {
    if (unfocus !== undefined) return
    unfocus = registry.subscribe(options.focusSignal ?? Atom.windowFocusSignal, () => {
      for (const entry of entries.values()) {
        if (entry.subscribers > 0 && entry.query.refetchOnWindowFocus && isStale(entry)) refresh(entry, "focus")
      }
    })
  }

  const entryOf = (query: Query<any, any, any, any>, args: unknown): Entry => {
    const key = keyOf(query, args)
    const existing = entries.get(key)
    if (existing !== undefined) return existing
    const record = {
      key,
      query,
      fetches: { count: 0 },
      reason: "mount",
      fetchedAt: undefined,
      claimed: false,
      subscribers: 0,
      hold: undefined,
      idle: undefined,
      settling: undefined,
      unregister: () => {}
    } as unknown as Entry
    record.atom = makeAtom(record, args)
    entries.set(key, record)
    byAtom.set(record.atom, record)
    if (query.reactivityKeys !== undefined) {
      record.unregister = reactivity.registerUnsafe(query.reactivityKeys(args), () => {
        if (record.subscribers > 0) refresh(record, "invalidate")
        else {
          record.fetchedAt = undefined
          record.claimed = true
        }
      })
    }
    if (query.refetchOnWindowFocus) watchFocus()
    if (hydrated.delete(key)) {
      record.fetchedAt = now()
      emit({ _tag: "Hydrated", key })
    }
    record.hold = registry.mount(record.atom)
    startIdle(record)
    return record
  }

  registry.onNodeRemoved = (node) => {
    const entry = byAtom.get(node.atom)
    if (entry === undefined || entries.get(entry.key) !== entry) return
    entries.delete(entry.key)
    entry.unregister()
    wake(entry)
    emit({ _tag: "Evicted", key: entry.key })
  }

  const subscribe = (query: Query<any, any, any, any>, args: unknown, listener: (value: any) => void) => {
    const entry = entryOf(query, args)
    wake(entry)
    if (entry.hold === undefined) entry.hold = registry.mount(entry.atom)
    const unsubscribe = registry.subscribe(entry.atom, listener)
    const current = registry.get(entry.atom)
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

  const observe = <Args, A, E>(query: Query<Args, A, E, R>, args: Args) => {
    const get = () => registry.get(entryOf(query, args).atom) as AsyncResult.AsyncResult<A, E>
    return { get, subscribe: (listener: (value: AsyncResult.AsyncResult<A, E>) => void) => subscribe(query, args, listener) }
  }

  const settled = (query: Query<any, any, any, any>, args: unknown): Promise<void> => {
    const entry = entryOf(query, args)
    if (entry.settling !== undefined) return entry.settling
    const promise = new Promise<void>((resolve) => {
      let done = false
      const finish = () => {
        if (done) return
        done = true
        entry.settling = undefined
        unsubscribe()
        resolve()
      }
      const unsubscribe = subscribe(query, args, (result) => isSettled(result) && finish())
      if (isSettled(registry.get(entry.atom))) finish()
    })
    if (!isSettled(registry.get(entry.atom))) entry.settling = promise
    return promise
  }

  const fetch = <Args, A, E>(query: Query<Args, A, E, R>, args: Args): Effect.Effect<A, E> =>
    Effect.acquireUseRelease(
      Effect.sync(() => subscribe(query, args, () => {})),
      () =>
        AtomRegistry.getResult(registry, entryOf(query, args).atom as Atom.Atom<AsyncResult.AsyncResult<A, E>>, {
          suspendOnWaiting: true
        }),
      (unsubscribe) => Effect.sync(unsubscribe)
    )

  const mutationHost: MutationHost<R> = {
    registry,
    target: (query, args) => {
      const entry = entryOf(query, args)
      return { atom: entry.atom, fetches: entry.fetches, refetch: () => refresh(entry, "invalidate") }
    },
    invalidate: (keys) => reactivity.invalidateUnsafe(keys),
    run,
    emit
  }

  const hydrate = (state: unknown): Effect.Effect<void, QueryHydrationError> =>
    Effect.suspend(() => {
      const decoded = decodeDehydratedState(state)
      if (decoded._tag === "Failure") return Effect.fail(new QueryHydrationError({ issue: decoded.failure.message }))
      for (const entry of decoded.success) hydrated.add(entry.key)
      Hydration.hydrate(registry, toHydration(decoded.success))
      return Effect.void
    })

  return {
    registry,
    observe,
    refetch: (query, args) => refresh(entryOf(query, args), "refetch"),
    invalidate: (keys) => reactivity.invalidateUnsafe(keys),
    fetch,
    settled,
    mutate: (mutation, input) => runMutation(mutationHost, mutation, input),
    dehydrate: () => fromHydration(Hydration.toValues(Hydration.dehydrate(registry))),
    hydrate,
    events,
    dispose: () => {
      for (const entry of entries.values()) entry.idle?.interruptUnsafe()
      unfocus?.()
      registry.dispose()
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
