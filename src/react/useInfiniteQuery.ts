/**
 * useInfiniteQuery: the pages of an {@link InfiniteQuery} loaded so far (TanStack Query's hook): `data.pages`,
 * `data.pageParams`, `fetchNextPage()`, `hasNextPage`, `isFetchingNextPage`, `refetch()` (the pages held, fetched
 * again from the first), and everything {@link useQuery} gives, with its options. A list that loops (a next page
 * parameter it gave already) or a refetch past the Pager's bound fails with the query's `PagingWalkError`, the
 * pages loaded before it kept as `data`.
 *
 * @module
 */
import { useCallback } from "react"
import { type InfiniteData, type InfiniteQuery, nextPageParam } from "../core/query/InfiniteQuery.ts"
import type { PagingWalkError } from "../core/paging/PagingWalkError.ts"
import { keyOf } from "../core/query/Query.ts"
import type { QueryView } from "./queryView.ts"
import { type QueryHookArgs, useQuery, type UseQueryOptions } from "./useQuery.ts"
import { useQueryClient } from "./useQueryClient.ts"

/** Options of {@link useInfiniteQuery}: {@link useQuery}'s over the pages. */
export type UseInfiniteQueryOptions<Page, Param, E, S = InfiniteData<Page, Param>> = UseQueryOptions<
  InfiniteData<Page, Param>,
  E | PagingWalkError,
  S
>

/** What {@link useInfiniteQuery} gives. */
export type InfiniteQueryView<S, E, Page, Param> = QueryView<S, E | PagingWalkError, InfiniteData<Page, Param>> & {
  /** Fetch the next page and add it (nothing when none follows, or while a request is in flight). */
  readonly fetchNextPage: () => void
  /** A page follows the last one loaded. */
  readonly hasNextPage: boolean
  /** The request in flight is the next page's. */
  readonly isFetchingNextPage: boolean
}

/** The pages of `query` for `args`; see the module doc. */
export function useInfiniteQuery<Args, Page, Param, E, R, S = InfiniteData<Page, Param>>(
  query: InfiniteQuery<Args, Page, Param, E, R>,
  ...[args, options]: QueryHookArgs<Args, UseInfiniteQueryOptions<Page, Param, E, S>>
): InfiniteQueryView<S, E, Page, Param> {
  const client = useQueryClient<R>()
  const view = useQuery<Args, InfiniteData<Page, Param>, E | PagingWalkError, R, S>(
    query,
    ...([args, options] as QueryHookArgs<Args, UseInfiniteQueryOptions<Page, Param, E, S>>)
  )
  const key = keyOf(query, args as Args)
  // eslint-disable-next-line react-hooks/exhaustive-deps -- `key` stands for `args`: equal arguments, same function
  const fetchNextPage = useCallback(() => client.fetchNextPage(query, args as Args), [client, query, key])
  const held = view.result._tag === "Initial" ? undefined : view.isPlaceholderData ? undefined : cachedPages(view)
  return {
    ...view,
    fetchNextPage,
    hasNextPage: held !== undefined && nextPageParam(query.paging, held) !== undefined,
    isFetchingNextPage: view.isFetching && client.getQueryState(query, args as Args).isFetchingNextPage
  }
}

/** The pages cached (not the data shown, which `select` may have changed). */
const cachedPages = <Page, Param>(view: QueryView<unknown, unknown, InfiniteData<Page, Param>>) => {
  const result = view.result
  if (result._tag === "Success") return result.value
  if (result._tag === "Failure" && result.previousSuccess._tag === "Some") return result.previousSuccess.value.value
  return undefined
}
