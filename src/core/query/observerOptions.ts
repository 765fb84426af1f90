/**
 * The options one reader gives a query (TanStack Query's names; the React hooks take them per call): each one left
 * out is the query definition's. They are resolved once per reader ({@link resolveOptions}) into the values the
 * client works with: times in ms, functions called.
 *
 * How readers of one key with different options share it: `staleTime`, `enabled`, `refetchOnWindowFocus`,
 * `refetchOnReconnect` and `refetchInterval` are each reader's own; `gcTime` is the longest any reader asked for;
 * `retry` and `retryDelay` are those of the reader whose read started the fetch, or of the last reader for a
 * refetch; `initialData` seeds a key only when nothing is cached for it.
 *
 * @module
 */
import type * as Duration from "effect/Duration"
import { intervalMillis, millis, type Query } from "./Query.ts"
import type { RetryDelayOption, RetryOption } from "./retry.ts"

/** A reader's options; see the module doc. */
export interface QueryObserverOptions<A, E> {
  /** false: this reader fetches nothing (the result stays as it is: `Initial` when nothing is cached). */
  readonly enabled?: boolean | undefined
  readonly staleTime?: Duration.Input | undefined
  readonly gcTime?: Duration.Input | undefined
  readonly retry?: RetryOption<E> | undefined
  readonly retryDelay?: RetryDelayOption<E> | undefined
  readonly refetchInterval?: Duration.Input | false | undefined
  readonly refetchOnWindowFocus?: boolean | undefined
  readonly refetchOnReconnect?: boolean | undefined
  /** A value cached as if fetched when nothing is cached for the key (a function: called then). */
  readonly initialData?: A | (() => A | undefined) | undefined
  /** When `initialData` was fetched (ms since the epoch; default now): it is stale after `staleTime` from then. */
  readonly initialDataUpdatedAt?: number | (() => number | undefined) | undefined
}

/** How a fetch retries. */
export interface FetchOptions {
  readonly retry: RetryOption<any>
  readonly retryDelay: RetryDelayOption<any> | undefined
}

/** A reader's options, resolved; see the module doc. */
export interface ResolvedOptions extends FetchOptions {
  readonly enabled: boolean
  readonly staleTime: number
  readonly gcTime: number
  readonly refetchInterval: number | false
  readonly refetchOnWindowFocus: boolean
  readonly refetchOnReconnect: boolean
  readonly initialData: (() => unknown) | undefined
  readonly initialDataUpdatedAt: (() => number | undefined) | undefined
}

const thunk = <A>(value: A | (() => A) | undefined): (() => A) | undefined =>
  value === undefined ? undefined : typeof value === "function" ? (value as () => A) : () => value

/** `options` over the definition's values. */
export const resolveOptions = <A, E>(
  query: Query<any, A, E, any>,
  options: QueryObserverOptions<A, E> | undefined
): ResolvedOptions => ({
  enabled: options?.enabled ?? query.enabled,
  staleTime: millis(options?.staleTime, query.staleTime),
  gcTime: millis(options?.gcTime, query.gcTime),
  retry: options?.retry ?? query.retry,
  retryDelay: options?.retryDelay ?? query.retryDelay,
  refetchInterval:
    options?.refetchInterval === undefined ? query.refetchInterval : intervalMillis(options.refetchInterval),
  refetchOnWindowFocus: options?.refetchOnWindowFocus ?? query.refetchOnWindowFocus,
  refetchOnReconnect: options?.refetchOnReconnect ?? query.refetchOnReconnect,
  initialData: thunk(options?.initialData),
  initialDataUpdatedAt: thunk(options?.initialDataUpdatedAt)
})
