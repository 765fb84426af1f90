/**
 * One entry of a query client's cache: the result of one query for one key (an `AsyncResult` in an Observable) and
 * the run of the query's effect that makes it. The client decides when an entry runs and when it goes; this module
 * only runs it:
 *
 * - {@link start} runs the effect, interrupting a run still going (its outcome is then ignored). The effect starts
 *   at once; when it completes synchronously its result is set at once, otherwise the current result stays shown,
 *   marked waiting (`Initial` waiting the first time), until it settles.
 * - A run's outcome replaces the result: a value, or a failure that keeps the last success (`previousSuccess`).
 *   A result set from outside meanwhile (an optimistic update) is shown until then.
 * - {@link stop} interrupts the run still going.
 *
 * @module
 */
import * as Effect from "effect/Effect"
import type * as Exit from "effect/Exit"
import type * as Fiber from "effect/Fiber"
import * as Option from "effect/Option"
import * as AsyncResult from "effect/reactivity/AsyncResult"
import * as Observable from "../observable/Observable.ts"
import type { FetchOptions, ResolvedOptions } from "./observerOptions.ts"
import type { Query } from "./Query.ts"
import type { FetchReason } from "./QueryEvent.ts"

/** An entry of the cache; the client keeps the fields below `result` up to date. */
export interface CacheEntry {
  readonly key: string
  readonly query: Query<any, any, any, any>
  readonly args: unknown
  /** The entry's result; readers follow it. */
  readonly result: Observable.ObservableRef<AsyncResult.AsyncResult<any, any>>
  /** The run going on, if any. */
  running: Fiber.Fiber<unknown, unknown> | undefined
  /** How many times the effect ran. */
  fetches: number
  /** Why the next run runs. */
  reason: FetchReason
  /** When the last successful run settled (ms), undefined when it failed, was invalidated or never ran. */
  fetchedAt: number | undefined
  /** When the value shown was fetched or set (ms; TanStack's `dataUpdatedAt`), 0 when there is none. */
  dataUpdatedAt: number
  /** How the next run retries: the options of the reader that asked for it. */
  fetchOptions: FetchOptions
  /** Failures of the run going on so far (each one retried). */
  failureCount: number
  /** The run going on fetches the next page of an infinite query. */
  fetchingNextPage: boolean
  /** The longest `gcTime` a reader asked for. */
  gcTime: number
  /** The options of each reader subscribed now. */
  readonly observers: Set<ResolvedOptions>
  /** Whether a reader had the result (the first reader never revalidates a result made for it). */
  claimed: boolean
  /** Readers subscribed now. */
  subscribers: number
  /** The timer of its idle time-to-live, while it has no reader. */
  idle: Fiber.Fiber<void> | undefined
  /** What suspended readers wait for, while it is not settled. */
  settling: Promise<void> | undefined
  /** Stops its invalidation handler. */
  unregister: () => void
}

/** A new entry of `query` for `args`, holding `Initial` until it runs or is seeded. */
export const make = (key: string, query: Query<any, any, any, any>, args: unknown): CacheEntry => ({
  key,
  query,
  args,
  result: Observable.make<AsyncResult.AsyncResult<any, any>>(AsyncResult.initial()),
  running: undefined,
  fetches: 0,
  reason: "mount",
  fetchedAt: undefined,
  dataUpdatedAt: 0,
  fetchOptions: query,
  failureCount: 0,
  fetchingNextPage: false,
  gcTime: query.gcTime,
  observers: new Set(),
  claimed: false,
  subscribers: 0,
  idle: undefined,
  settling: undefined,
  unregister: () => {}
})

const settle = (entry: CacheEntry, exit: Exit.Exit<unknown, unknown>) => {
  entry.fetchingNextPage = false
  entry.result.set(AsyncResult.fromExitWithPrevious(exit, Option.some(entry.result.get())))
}

/** Run `effect` for `entry` now; see the module doc. */
export const start = (entry: CacheEntry, effect: Effect.Effect<unknown, unknown>): void => {
  stop(entry)
  const fiber = Effect.runFork(effect)
  const exit = fiber.pollUnsafe()
  if (exit !== undefined) return settle(entry, exit)
  entry.running = fiber
  entry.result.set(AsyncResult.waiting(entry.result.get()))
  fiber.addObserver((exit) => {
    if (entry.running !== fiber) return
    entry.running = undefined
    settle(entry, exit)
  })
}

/** Interrupt the run going on, if any; its outcome is ignored. */
export const stop = (entry: CacheEntry): void => {
  const fiber = entry.running
  entry.running = undefined
  entry.fetchingNextPage = false
  fiber?.interruptUnsafe()
}

/** Interrupt the run going on and show the result as it was before it (no longer waiting). */
export const cancel = (entry: CacheEntry): void => {
  if (entry.running === undefined) return
  stop(entry)
  const result = entry.result.get()
  if (AsyncResult.isSuccess(result))
    entry.result.set(AsyncResult.success(result.value, { timestamp: result.timestamp }))
  else if (AsyncResult.isFailure(result)) {
    entry.result.set(AsyncResult.failure(result.cause, { previousSuccess: result.previousSuccess }))
  } else entry.result.set(AsyncResult.initial())
}
