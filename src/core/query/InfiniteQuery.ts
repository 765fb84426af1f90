/**
 * InfiniteQuery: a query over a paged list whose value is every page loaded so far (TanStack Query's
 * `useInfiniteQuery`): `{ pages, pageParams }`. Its definition says how to fetch one page (`run(args, pageParam)`),
 * where the list starts (`initialPageParam`) and what follows a page (`getNextPageParam`: undefined or null when
 * nothing does). A reader gets the first page; `fetchNextPage` (the query client's, or the hook's) adds the next one.
 *
 * The Pager's rules for cursors (../paging): a next page parameter the list already gave for a loaded page means
 * the list loops, and the fetch fails with a `PagingWalkError` (`cursorRepeated`) instead of loading it again; a
 * refetch walks the pages held from the first, one fetch each, and stops past the Pager's bound of one walk
 * (`defaultMaxFetchesPerLoad`, 100 fetches; `maxPages` when that is more, so that what is held can always be
 * fetched again) with a `PagingWalkError` (`fetchLimitReached`). Memory is bounded by `maxPages` (TanStack's name):
 * loading one more drops the first one held; its default is the Pager's bound. (The Pager's PageWindow holds items by position for string cursors; the
 * pages of an infinite query are kept whole, with parameters of any JSON type, so it is not used here.)
 *
 * It is a {@link Query} whose arguments are the list's (a filter, a user id) and whose typed error adds
 * `PagingWalkError`: the query client caches, shares, invalidates and dehydrates it like any other.
 *
 * @example
 * const FollowersQuery = InfiniteQuery.make({
 *   name: "followers",
 *   run: (userId: number, cursor: string | undefined) =>
 *     FriendsClient.use((c) => c.friends.getFollowers({ params: { targetUserId: userId }, query: { cursor, limit: 50 } })),
 *   initialPageParam: undefined,
 *   getNextPageParam: (last) => last.nextPageCursor
 * })
 *
 * @module
 */
import * as Effect from "effect/Effect"
import { defaultMaxFetchesPerLoad } from "../paging/Pager.ts"
import { PagingWalkError } from "../paging/PagingWalkError.ts"
import * as Query from "./Query.ts"
import { stableKey } from "./stableKey.ts"

/** The value of an infinite query: the pages loaded, oldest first, and the parameter each was fetched with. */
export interface InfiniteData<Page, Param> {
  readonly pages: ReadonlyArray<Page>
  readonly pageParams: ReadonlyArray<Param>
}

/** What follows `lastPage` (undefined or null: nothing), from the pages held. */
export type GetNextPageParam<Page, Param> = (
  lastPage: Page,
  allPages: ReadonlyArray<Page>,
  lastPageParam: Param,
  allPageParams: ReadonlyArray<Param>
) => Param | undefined | null

/** How an infinite query pages; kept on its definition. */
export interface Paging<Args, Page, Param, E, R> {
  readonly fetchPage: (args: Args, pageParam: Param) => Effect.Effect<Page, E, R>
  readonly initialPageParam: Param
  readonly getNextPageParam: GetNextPageParam<Page, Param>
  /** Pages held at most (at least 1). */
  readonly maxPages: number
}

/** An infinite query definition; see the module doc. */
export interface InfiniteQuery<in out Args, in out Page, in out Param, out E, out R> extends Query.Query<
  Args,
  InfiniteData<Page, Param>,
  E | PagingWalkError,
  R
> {
  readonly paging: Paging<Args, Page, Param, E, R>
}

/** Options of {@link make}: a query's, with `run` fetching one page, and the paging options. */
export interface InfiniteQueryOptions<Args, Page, Param, E, R> extends Omit<
  Query.QueryOptions<Args, InfiniteData<Page, Param>, E | PagingWalkError, R>,
  "run"
> {
  readonly run: (args: Args, pageParam: Param) => Effect.Effect<Page, E, R>
  readonly initialPageParam: Param
  readonly getNextPageParam: GetNextPageParam<Page, Param>
  /** Default {@link defaultMaxFetchesPerLoad} (100). */
  readonly maxPages?: number | undefined
}

/** The parameter of the page after the last one held; undefined when nothing follows. */
export const nextPageParam = <Page, Param>(
  paging: Pick<Paging<any, Page, Param, any, any>, "getNextPageParam">,
  data: InfiniteData<Page, Param>
): Param | undefined => {
  const last = data.pages.length - 1
  if (last < 0) return undefined
  const next = paging.getNextPageParam(data.pages[last]!, data.pages, data.pageParams[last]!, data.pageParams)
  return next === null ? undefined : next
}

/** `data` with `page` (fetched with `param`) added, the first pages dropped past `maxPages`. */
export const appendPage = <Page, Param>(
  data: InfiniteData<Page, Param>,
  page: Page,
  param: Param,
  maxPages: number
) => {
  const drop = Math.max(0, data.pages.length + 1 - maxPages)
  return { pages: [...data.pages, page].slice(drop), pageParams: [...data.pageParams, param].slice(drop) }
}

/** The next page of `data`: added, or a `cursorRepeated` failure when the list gave its parameter already. */
export const fetchNextPage = <Args, Page, Param, E, R>(
  paging: Paging<Args, Page, Param, E, R>,
  args: Args,
  data: InfiniteData<Page, Param>
): Effect.Effect<InfiniteData<Page, Param>, E | PagingWalkError, R> => {
  const param = nextPageParam(paging, data)
  if (param === undefined) return Effect.succeed(data)
  const key = stableKey(param)
  if (data.pageParams.some((p) => stableKey(p) === key)) {
    const position = data.pages.length
    return Effect.fail(new PagingWalkError({ reason: "cursorRepeated", fetches: 0, position }))
  }
  return Effect.map(paging.fetchPage(args, param), (page) => appendPage(data, page, param, paging.maxPages))
}

/**
 * Fetch again `count` pages from `first` (what a refetch of the pages held does), one walk of at most the bound, or
 * of `maxPages` fetches when it allows more pages than that.
 */
const walkFrom = <Args, Page, Param, E, R>(
  paging: Paging<Args, Page, Param, E, R>,
  args: Args,
  first: Param,
  count: number
) => {
  const step = (
    data: InfiniteData<Page, Param>,
    fetches: number
  ): Effect.Effect<InfiniteData<Page, Param>, E | PagingWalkError, R> => {
    if (data.pages.length >= count) return Effect.succeed(data)
    if (nextPageParam(paging, data) === undefined) return Effect.succeed(data)
    if (fetches >= Math.max(defaultMaxFetchesPerLoad, paging.maxPages)) {
      return Effect.fail(new PagingWalkError({ reason: "fetchLimitReached", fetches, position: data.pages.length }))
    }
    return Effect.flatMap(fetchNextPage(paging, args, data), (next) => step(next, fetches + 1))
  }
  return Effect.flatMap(paging.fetchPage(args, first), (page) => step({ pages: [page], pageParams: [first] }, 1))
}

/** Define an infinite query; see the module doc. */
export const make = <Args, Page, Param, E = never, R = never>(
  options: InfiniteQueryOptions<Args, Page, Param, E, R>
): InfiniteQuery<Args, Page, Param, E, R> => {
  const paging: Paging<Args, Page, Param, E, R> = {
    fetchPage: options.run,
    initialPageParam: options.initialPageParam,
    getNextPageParam: options.getNextPageParam,
    maxPages: Math.max(1, Math.floor(options.maxPages ?? defaultMaxFetchesPerLoad))
  }
  const query = Query.make<Args, InfiniteData<Page, Param>, E | PagingWalkError, R>({
    ...options,
    run: (args) => walkFrom(paging, args, paging.initialPageParam, 1)
  })
  return {
    ...query,
    paging,
    refetchFrom: (args, held: InfiniteData<Page, Param>) =>
      walkFrom(paging, args, held.pageParams[0] ?? paging.initialPageParam, Math.max(1, held.pages.length))
  }
}

/** Whether `query` is an infinite query. */
export const isInfiniteQuery = (
  query: Query.Query<any, any, any, any>
): query is InfiniteQuery<any, any, any, any, any> => "paging" in query
