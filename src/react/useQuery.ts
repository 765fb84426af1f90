/**
 * useQuery: the result of a {@link Query} for some arguments, from the provider's shared cache, with TanStack
 * Query's options (./queryView.ts has the view): one request per key however many components read it (StrictMode
 * included); a settled result is shown at once and refetched when stale; typed errors reach the component as they
 * are (`Failure` with `error: E`).
 *
 * It is the query client's Observable followed with {@link useObservable}: the same primitive as every other
 * changing value the library gives a component.
 *
 * @module
 */
import { useCallback, useMemo, useRef } from "react"
import type { QueryObserverOptions } from "../core/query/observerOptions.ts"
import { keyOf, type Query } from "../core/query/Query.ts"
import { type PlaceholderData, type QueryView, viewOf } from "./queryView.ts"
import { useObservable } from "./useObservable.ts"
import { useQueryClient } from "./useQueryClient.ts"

export { keepPreviousData, type PlaceholderData, type QueryView } from "./queryView.ts"

/**
 * Options of {@link useQuery}: the reader's options of the query client (`enabled`, `staleTime`, `gcTime`, `retry`,
 * `retryDelay`, `refetchInterval`, `refetchOnWindowFocus`, `refetchOnReconnect`, `initialData`,
 * `initialDataUpdatedAt`; each left out is the query definition's), and the view's: `select` (the data shown,
 * computed once per value and `select` function) and `placeholderData` (shown while nothing is cached for the key;
 * `keepPreviousData` keeps the previous arguments' data). Functions are read when the arguments or the other
 * options change.
 */
export interface UseQueryOptions<A, E, S = A> extends QueryObserverOptions<NoInfer<A>, NoInfer<E>> {
  readonly select?: ((data: NoInfer<A>) => S) | undefined
  readonly placeholderData?: PlaceholderData<NoInfer<A>> | undefined
}

/**
 * The arguments of a query hook: the query's arguments (optional when it takes none), then the options. `Args` is
 * taken from the query alone (`NoInfer`), so a literal argument is checked against the query's type instead of
 * widening it: `useQuery(FriendsQuery, "StatusFrequents")` compiles when the query takes a union of literals.
 */
export type QueryHookArgs<Args, Options> = undefined extends Args
  ? [args?: NoInfer<Args>, options?: Options]
  : [args: NoInfer<Args>, options?: Options]

/** What of the options makes a new reader when it changes. */
export const readerKey = (options: QueryObserverOptions<any, any> | undefined): string =>
  options === undefined
    ? ""
    : JSON.stringify([
        options.enabled,
        options.staleTime,
        options.gcTime,
        typeof options.retry === "function" ? "f" : options.retry,
        typeof options.retryDelay === "function" ? "f" : options.retryDelay,
        options.refetchInterval,
        options.refetchOnWindowFocus,
        options.refetchOnReconnect
      ])

/** The result of `query` for `args`; see the module doc. */
export function useQuery<Args, A, E, R, S = A>(
  query: Query<Args, A, E, R>,
  ...[args, options]: QueryHookArgs<Args, UseQueryOptions<A, E, S>>
): QueryView<S, E, A> {
  const client = useQueryClient<R>()
  const key = keyOf(query, args as Args)
  const reader = readerKey(options)
  // eslint-disable-next-line react-hooks/exhaustive-deps -- `key` and `reader` stand for `args` and `options`
  const observable = useMemo(() => client.observe(query, args as Args, options), [client, query, key, reader])
  const result = useObservable(observable)
  // eslint-disable-next-line react-hooks/exhaustive-deps -- `key` stands for `args`: equal arguments, same function
  const refetch = useCallback(() => client.refetchQueries(query, args as Args), [client, query, key])
  const memo = useRef({})
  return viewOf(result, {
    key,
    memo: memo.current,
    refetch,
    enabled: options?.enabled ?? query.enabled,
    select: options?.select,
    placeholderData: options?.placeholderData
  })
}
