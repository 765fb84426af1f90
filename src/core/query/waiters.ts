/**
 * The readers of a query client that wait (internal): for a settled result (`whenSettled`, the promise a suspended
 * component throws, `fetchQuery`). Each is a reader while it waits, so its key is fetched, shared and kept as for
 * any other reader (./readers.ts).
 *
 * @module
 */
import * as Effect from "effect/Effect"
import * as AsyncResult from "effect/reactivity/AsyncResult"
import type { Cache } from "./cache.ts"
import type { CacheEntry } from "./CacheEntry.ts"
import type { QueryObserverOptions, ResolvedOptions } from "./observerOptions.ts"
import type { Query } from "./Query.ts"

/** Whether a result is settled: not waiting, not `Initial`. */
export const isSettled = (result: AsyncResult.AsyncResult<unknown, unknown>) =>
  !result.waiting && !AsyncResult.isInitial(result)

/** Subscribe a reader with its resolved options to an entry; gives the unsubscribe. */
export type Subscribe = (entry: CacheEntry, resolved: ResolvedOptions, listener: (value: any) => void) => () => void

/** A reader's options resolved, and its entry (made and fetched as needed). */
export type Bind = (
  query: Query<any, any, any, any>,
  args: unknown,
  options?: QueryObserverOptions<any, any>
) => { readonly resolved: ResolvedOptions; readonly entry: () => CacheEntry }

/** The waiting readers; see the module doc. */
export interface Waiters {
  readonly whenSettled: (
    query: Query<any, any, any, any>,
    args: unknown,
    done: (result: AsyncResult.AsyncResult<any, any>) => void
  ) => () => void
  readonly settled: (query: Query<any, any, any, any>, args: unknown) => Promise<void>
  readonly fetchQuery: <A, E>(
    query: Query<any, A, E, any>,
    args: unknown,
    options?: QueryObserverOptions<A, E>
  ) => Effect.Effect<A, E>
}

/** The waiting readers over `cache`. */
export const make = (cache: Cache<any>, subscribe: Subscribe, bind: Bind): Waiters => {
  const whenSettled: Waiters["whenSettled"] = (query, args, done) => {
    let finished = false
    let unsubscribe: (() => void) | undefined
    const finish = (result: AsyncResult.AsyncResult<any, any>) => {
      if (finished || !isSettled(result)) return
      finished = true
      unsubscribe?.()
      done(result)
    }
    // a waiter asks for the result even of a query defined `enabled: false`, as fetchQuery does: else it would wait forever
    const { entry, resolved } = bind(query, args, { enabled: true })
    unsubscribe = subscribe(entry(), resolved, finish)
    // settled already, or while subscribing (a revalidation that completed at once)
    if (finished) unsubscribe()
    else finish(entry().result.get())
    return () => {
      finished = true
      unsubscribe()
    }
  }

  const settled: Waiters["settled"] = (query, args) => {
    const entry = cache.entryOf(query, args)
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

  const fetchQuery: Waiters["fetchQuery"] = <A, E>(
    query: Query<any, A, E, any>,
    args: unknown,
    options?: QueryObserverOptions<A, E>
  ) =>
    Effect.callback<A, E>((resume) => {
      const { entry, resolved } = bind(query, args, { ...options, enabled: true })
      const unsubscribe = subscribe(entry(), resolved, (result: AsyncResult.AsyncResult<A, E>) => {
        if (isSettled(result)) finish(result)
      })
      let finished = false
      function finish(result: AsyncResult.AsyncResult<A, E>) {
        if (finished) return
        finished = true
        unsubscribe()
        resume(
          AsyncResult.isSuccess(result)
            ? Effect.succeed(result.value)
            : Effect.failCause((result as AsyncResult.Failure<A, E>).cause)
        )
      }
      const now = entry().result.get()
      if (isSettled(now)) finish(now)
      return Effect.sync(() => {
        finished = true
        unsubscribe()
      })
    })

  return { whenSettled, settled, fetchQuery }
}
