/**
 * useSuspenseQuery: {@link useQuery} for React Suspense. While the query has no value the component suspends (the
 * nearest `<Suspense>` shows its fallback); a failed query throws a {@link QueryFailure} with the typed error to the
 * nearest {@link QueryErrorBoundary}, whose reset runs the query again. A stale value is returned while it is
 * revalidated (no suspension).
 *
 * @module
 */
import * as AsyncResult from "effect/reactivity/AsyncResult"
import { useMemo } from "react"
import { keyOf, type Query } from "../core/query/Query.ts"
import { causeToResult } from "../core/query/result.ts"
import { useQueryClient } from "./useQueryClient.ts"
import { QueryFailure, type QueryFailureOutcome } from "./QueryFailure.ts"
import { useObservable } from "./useObservable.ts"
import type { QueryHookArgs } from "./useQuery.ts"

/** What {@link useSuspenseQuery} gives: always a value. */
export interface SuspenseQueryView<A> {
  readonly value: A
  /** A revalidation is in flight (the value is shown meanwhile). */
  readonly waiting: boolean
  /** Run the query again. */
  readonly refetch: () => void
}

/** The value of `query` for `args`, suspending until there is one; see the module doc. */
export function useSuspenseQuery<Args, A, E, R>(
  query: Query<Args, A, E, R>,
  ...[args]: QueryHookArgs<Args, never>
): SuspenseQueryView<A> {
  const client = useQueryClient<R>()
  const key = keyOf(query, args as Args)
  const bound = useMemo(() => {
    const a = args as Args
    return { observable: client.observe(query, a), refetch: () => client.refetchQueries(query, a) }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `key` stands for `args`: equal arguments, same reader
  }, [client, query, key])
  const result = useObservable(bound.observable)
  if (AsyncResult.isSuccess(result)) return { value: result.value, waiting: result.waiting, refetch: bound.refetch }
  if (AsyncResult.isInitial(result) || result.waiting || AsyncResult.isInterrupted(result)) {
    throw client.settled(query, args as Args)
  }
  throw new QueryFailure<E>(key, causeToResult(result.cause) as QueryFailureOutcome<E>, bound.refetch)
}
