/**
 * The readers of a query client's cache (internal): `observe` (what a hook follows), the promise a suspended
 * component waits for, `fetchQuery`, and what readers start — the fetch of a key nothing was fetched for, the
 * revalidation of a stale result, the `refetchInterval` timer, refetches on focus and reconnect. See ./QueryClient.ts
 * for the rules and ./observerOptions.ts for each reader's options.
 *
 * @module
 */
import * as Clock from "effect/Clock"
import * as Effect from "effect/Effect"
import * as AsyncResult from "effect/reactivity/AsyncResult"
import type * as Observable from "../observable/Observable.ts"
import type { Cache } from "./cache.ts"
import type { CacheEntry } from "./CacheEntry.ts"
import { type QueryObserverOptions, type ResolvedOptions, resolveOptions } from "./observerOptions.ts"
import type { Query } from "./Query.ts"
import * as Waiters from "./waiters.ts"

export { isSettled } from "./waiters.ts"

/** What the client's readers give: the waiting readers' methods, and `observe`; see the module doc. */
export interface Readers extends Waiters.Waiters {
  readonly observe: <A, E>(
    query: Query<any, A, E, any>,
    args: unknown,
    options?: QueryObserverOptions<A, E>
  ) => Observable.Observable<AsyncResult.AsyncResult<A, E>>
  /** Refetch the stale results whose readers ask for it on `signal` (focus or reconnect). */
  readonly refetchOn: (signal: "focus" | "reconnect") => void
}

/** Refetch `entry` every `ms` on the cache's clock, until interrupted. */
const startInterval = (cache: Cache<any>, entry: CacheEntry, ms: number) =>
  Effect.runFork(
    Effect.provideService(
      Effect.forever(
        Effect.andThen(
          Effect.sleep(ms),
          Effect.sync(() => cache.refresh(entry, "interval"))
        )
      ),
      Clock.Clock,
      cache.clock
    )
  )

/** The readers of `cache`. */
export const make = <R>(cache: Cache<R>): Readers => {
  /** Fetch a key nothing was fetched for, when the reader is enabled. */
  const ensure = (entry: CacheEntry, resolved: ResolvedOptions) => {
    if (!resolved.enabled || entry.running !== undefined || !AsyncResult.isInitial(entry.result.get())) return
    entry.fetchOptions = resolved
    cache.refresh(entry, "mount")
  }

  /** The new reader's view of the result: a cache hit (revalidated when stale) or a request it joined. */
  const arrive = (entry: CacheEntry, resolved: ResolvedOptions) => {
    const current = entry.result.get()
    if (current.waiting) {
      if (entry.subscribers > 0) cache.emit({ _tag: "Deduplicated", key: entry.key })
    } else if (!AsyncResult.isInitial(current) && entry.claimed && resolved.enabled) {
      const stale = cache.isStale(entry, resolved.staleTime)
      cache.emit({ _tag: "CacheHit", key: entry.key, stale })
      if (stale) {
        entry.fetchOptions = resolved
        cache.refresh(entry, "stale")
      }
    }
  }

  const subscribe: Waiters.Subscribe = (entry, resolved, listener) => {
    cache.wake(entry)
    const unsubscribe = entry.result.subscribe(listener)
    ensure(entry, resolved)
    arrive(entry, resolved)
    entry.claimed = true
    entry.subscribers++
    entry.observers.add(resolved)
    const interval =
      resolved.enabled && resolved.refetchInterval !== false
        ? startInterval(cache, entry, resolved.refetchInterval)
        : undefined
    let subscribed = true
    return () => {
      if (!subscribed) return
      subscribed = false
      interval?.interruptUnsafe()
      unsubscribe()
      entry.observers.delete(resolved)
      entry.subscribers--
      if (entry.subscribers === 0) cache.startIdle(entry)
    }
  }

  const bind: Waiters.Bind = (query, args, options) => {
    const resolved = resolveOptions(query, options)
    const entry = () => {
      const found = cache.entryOf(query, args, resolved)
      found.gcTime = Math.max(found.gcTime, resolved.gcTime)
      ensure(found, resolved)
      return found
    }
    return { resolved, entry }
  }

  const observe: Readers["observe"] = (query, args, options) => {
    const { entry, resolved } = bind(query, args, options)
    return {
      get: () => entry().result.get(),
      subscribe: (listener) => subscribe(entry(), { ...resolved }, listener)
    }
  }

  const waiters = Waiters.make(cache, subscribe, bind)

  const refetchOn = (signal: "focus" | "reconnect") => {
    for (const entry of cache.entries.values()) {
      const asks = [...entry.observers].some(
        (o) =>
          o.enabled &&
          (signal === "focus" ? o.refetchOnWindowFocus : o.refetchOnReconnect) &&
          cache.isStale(entry, o.staleTime)
      )
      if (asks) cache.refresh(entry, signal)
    }
  }

  return { observe, ...waiters, refetchOn }
}
