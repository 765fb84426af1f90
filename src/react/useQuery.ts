/**
 * useQuery: the result of a {@link Query} for some arguments, from the provider's shared cache. One request per key
 * however many components read it (StrictMode included); a settled result is shown at once and refetched when
 * stale; while new arguments load, the previous arguments' value stays shown (`isPreviousData`). Typed errors
 * reach the component as they are (`Failure` with `error: E`).
 *
 * It is the query client's Observable followed with {@link useObservable}: the same primitive as every other
 * changing value the library gives a component.
 *
 * @module
 */
import * as AsyncResult from "effect/reactivity/AsyncResult"
import * as Option from "effect/Option"
import { useCallback, useMemo, useRef } from "react"
import { keyOf, type Query } from "../core/query/Query.ts"
import { causeToResult, type EffectResult } from "../core/query/result.ts"
import { useQueryClient } from "./useQueryClient.ts"
import { useObservable } from "./useObservable.ts"

/** Options of {@link useQuery}. */
export interface UseQueryOptions {
  /** Keep showing the previous arguments' value while new arguments load. Default true. */
  readonly keepPrevious?: boolean | undefined
}

/**
 * The arguments of a query hook: the query's arguments (optional when it takes none), then the options. `Args` is
 * taken from the query alone (`NoInfer`), so a literal argument is checked against the query's type instead of
 * widening it: `useQuery(FriendsQuery, "StatusFrequents")` compiles when the query takes a union of literals.
 */
export type QueryHookArgs<Args, Options> = undefined extends Args ? [args?: NoInfer<Args>, options?: Options]
  : [args: NoInfer<Args>, options?: Options]

/** What {@link useQuery} gives: the result (`Loading`, `Success`, `Failure` with the typed error, `Defect`), and more. */
export type QueryView<A, E> = EffectResult<A, E> & {
  /** The latest value: this result's, the last success before a failure, or the previous arguments'. */
  readonly data: A | undefined
  /** A request for this key is in flight (first load, refetch, revalidation). */
  readonly waiting: boolean
  /** The value shown is the previous arguments' (their result is loading). */
  readonly isPreviousData: boolean
  /** The raw result of the cache (effect/reactivity `AsyncResult`). */
  readonly result: AsyncResult.AsyncResult<A, E>
  /** Run the query again (the value stays shown while it loads). */
  readonly refetch: () => void
}

/** The result of `query` for `args`; see the module doc. */
export function useQuery<Args, A, E, R>(
  query: Query<Args, A, E, R>,
  ...[args, options]: QueryHookArgs<Args, UseQueryOptions>
): QueryView<A, E> {
  const client = useQueryClient<R>()
  const key = keyOf(query, args as Args)
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const observable = useMemo(() => client.observe(query, args as Args), [client, query, key])
  const result = useObservable(observable)
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const refetch = useCallback(() => client.refetchQueries(query, args as Args), [client, query, key])
  const last = useRef<{ readonly key: string; readonly value: A } | undefined>(undefined)
  const value = AsyncResult.value(result)
  if (Option.isSome(value)) last.current = { key, value: value.value }
  const previous = options?.keepPrevious !== false && Option.isNone(value) && last.current?.key !== key
    ? last.current
    : undefined
  const common = { result, refetch, waiting: result.waiting }
  if (AsyncResult.isInitial(result) || AsyncResult.isInterrupted(result)) {
    return previous === undefined
      ? { _tag: "Loading", data: undefined, isPreviousData: false, ...common }
      : { _tag: "Success", value: previous.value, data: previous.value, isPreviousData: true, ...common, waiting: true }
  }
  const data = Option.getOrUndefined(value)
  if (AsyncResult.isSuccess(result)) return { _tag: "Success", value: result.value, data, isPreviousData: false, ...common }
  return { ...causeToResult(result.cause), data, isPreviousData: false, ...common }
}
