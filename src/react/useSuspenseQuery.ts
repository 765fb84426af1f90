/**
 * useSuspenseQuery: {@link useQuery} for React Suspense. While the query has no value the component suspends (the
 * nearest `<Suspense>` shows its fallback); a failed query throws a {@link QueryFailure} with the typed error to the
 * nearest {@link QueryErrorBoundary}, whose reset runs the query again. A stale value is returned while it is
 * revalidated (no suspension).
 *
 * Options as TanStack Query's `useSuspenseQuery`: the reader's options of {@link useQuery} and `select`, without
 * `enabled` and `placeholderData` (a suspended component always waits for its own data).
 *
 * @module
 */
import * as AsyncResult from "effect/reactivity/AsyncResult"
import { useMemo, useRef } from "react"
import type { QueryObserverOptions } from "../core/query/observerOptions.ts"
import { keyOf, type Query } from "../core/query/Query.ts"
import { causeToResult } from "../core/query/result.ts"
import { useQueryClient } from "./useQueryClient.ts"
import { QueryFailure, type QueryFailureOutcome } from "./QueryFailure.ts"
import { useObservable } from "./useObservable.ts"
import { selectOf, type ViewMemo } from "./queryView.ts"
import { type QueryHookArgs, readerKey } from "./useQuery.ts"

/** Options of {@link useSuspenseQuery}: {@link useQuery}'s without `enabled` and `placeholderData`. */
export interface UseSuspenseQueryOptions<A, E, S = A> extends Omit<
  QueryObserverOptions<NoInfer<A>, NoInfer<E>>,
  "enabled"
> {
  /** The data shown, made from the value once per value and `select` function. */
  readonly select?: ((data: NoInfer<A>) => S) | undefined
}

/** What {@link useSuspenseQuery} gives: always a value. */
export interface SuspenseQueryView<A> {
  readonly value: A
  /** A revalidation is in flight (the value is shown meanwhile). */
  readonly waiting: boolean
  /** Run the query again. */
  readonly refetch: () => void
}

/** The value of `query` for `args`, suspending until there is one; see the module doc. */
export function useSuspenseQuery<Args, A, E, R, S = A>(
  query: Query<Args, A, E, R>,
  ...[args, options]: QueryHookArgs<Args, UseSuspenseQueryOptions<A, E, S>>
): SuspenseQueryView<S> {
  const client = useQueryClient<R>()
  const key = keyOf(query, args as Args)
  const reader = readerKey(options)
  const bound = useMemo(() => {
    const a = args as Args
    return { observable: client.observe(query, a, options), refetch: () => client.refetchQueries(query, a) }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `key` and `reader` stand for `args` and `options`
  }, [client, query, key, reader])
  const result = useObservable(bound.observable)
  const memo = useRef<ViewMemo>({})
  if (AsyncResult.isSuccess(result)) {
    const value = selectOf(memo.current, result.value, options?.select)
    return { value, waiting: result.waiting, refetch: bound.refetch }
  }
  if (AsyncResult.isInitial(result) || result.waiting || AsyncResult.isInterrupted(result)) {
    throw client.settled(query, args as Args)
  }
  throw new QueryFailure<E>(key, causeToResult(result.cause) as QueryFailureOutcome<E>, bound.refetch)
}
