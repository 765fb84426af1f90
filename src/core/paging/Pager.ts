/**
 * Pager: pages through a cursor-paged list, `pageSize` items per page, fetching `loadSize` items per call and
 * keeping what it fetched, so that moving to a page already cached costs a slice (whatever the page number).
 *
 * Rules (PAGE-1 to PAGE-13):
 * - Status `Idle` or `Loading`; the `initialized` variant starts in `Initialized` until its first load ends (with
 *   success, failure or interruption). A page the cache can answer is answered at once, without a `Loading` state
 *   (no flicker, O(page size)).
 * - "The pager is busy unless idle": `Initialized` counts as busy, like `Loading`. So next is allowed when more items
 *   are cached than the current page covers, or a cursor is present, and the pager is Idle; previous only when Idle
 *   and page > 1; first and reload only when Idle. In `Initialized` every `can*` flag is false: there is no page to
 *   move from or reload yet, and a UI shows no paging control before the first page.
 * - The one way out of `Initialized` is the initial load, which the pager's owner starts (usePager does on mount):
 *   `first` (or `goTo(n)`, or `setParameters`) runs in `Initialized` and loads the first page shown. `next`,
 *   `previous` and `reload` do nothing there.
 *   An action that is not allowed does nothing and answers the current page (it is "guarded").
 * - Changing the paging parameters clears the cache and loads page 1; a load running at that moment fails with
 *   `pagingParametersChanged` (its fetch is interrupted) and leaves the state to the new load.
 * - A page below 1, or an empty page beyond page 1: `invalidPageNumber`. A failed fetch: `getItemsFailure`.
 * - Reload rounds the cache down to a multiple of the load size (the largest not past the current page's first
 *   item) and fetches again from there: from the cursor of that position, or, when a short answer left no boundary
 *   there, from the last one before it.
 *
 * What it keeps (./PageWindow.ts): every item fetched by default (the spec's page cache), or, with `maxPages`, at
 * most that many pages' worth of items around the current page (TanStack Query's word), fetched again when visited,
 * from the cursor of the nearest boundary before them. Every load is a bounded walk (./walk.ts): a cursor the list
 * already gave for another place, or more than `maxFetchesPerLoad` fetches (100), stops it with `getItemsFailure`
 * whose `cause` is a {@link PagingWalkError}.
 *
 * The state is an {@link Observable.Observable} (the core's light `SubscriptionRef`), so UIs can follow it.
 *
 * @module
 */
import type * as Context from "effect/Context"
import * as Deferred from "effect/Deferred"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import * as Observable from "../observable/Observable.ts"
import * as PageWindow from "./PageWindow.ts"
import { PagingError } from "./PagingError.ts"
// eslint-disable-next-line @typescript-eslint/no-unused-vars -- named by the doc comments' {@link}s
import type { PagingWalkError } from "./PagingWalkError.ts"
import { type PageAnswer, walk } from "./walk.ts"

/** Sort order values of the spec. */
export type SortOrder = "Asc" | "Desc"

/**
 * Pager status: `Initialized` (only in the `initialized` variant, before the first load ends), `Idle`, `Loading`.
 * The pager is busy unless `Idle`.
 */
export type PagerStatus = "Initialized" | "Idle" | "Loading"

/** `classic` starts `Idle`; `initialized` (the later variant of the spec) starts `Initialized`. */
export type PagerVariant = "classic" | "initialized"

/** What the pager asks its fetch function for: `count` items after `cursor` (none for the first load). */
export interface PageRequest<P> {
  readonly cursor: string | undefined
  readonly count: number
  readonly sortOrder: SortOrder
  readonly parameters: P
}

/** What a fetch answers: items and the cursor of what follows (null, undefined or "" when nothing follows). */
export interface PageResponse<A> extends PageAnswer<A> {}

/** The observable state of a pager. */
export interface PagerState<A, P> {
  readonly status: PagerStatus
  /** The current page number, from 1. */
  readonly page: number
  readonly pageSize: number
  readonly loadSize: number
  readonly sortOrder: SortOrder
  readonly parameters: P
  /** The cursor the next fetch will use; undefined when nothing more can be fetched (or nothing was yet). */
  readonly cursor: string | undefined
  /** The items of the current page. */
  readonly items: ReadonlyArray<A>
  /** How many items are cached (at most `maxPages` pages' worth when the pager has a window). */
  readonly cachedCount: number
  /** Next is allowed: Idle, and more is cached or a cursor is present. */
  readonly canNext: boolean
  /** Previous is allowed: Idle and page > 1. */
  readonly canPrevious: boolean
  /** First and reload are allowed: Idle (false while Loading and while Initialized). */
  readonly canFirst: boolean
  readonly canReload: boolean
  /** The error of the last load, cleared when a load starts. */
  readonly error: PagingError | undefined
}

/** A change of paging parameters; any field left out keeps its value. */
export interface PagingChange<P> {
  readonly pageSize?: number
  readonly loadSize?: number
  readonly sortOrder?: SortOrder
  readonly parameters?: P
}

/** Options of {@link make}. */
export interface PagerOptions<A, P, E, R> {
  readonly fetch: (request: PageRequest<P>) => Effect.Effect<PageResponse<A>, E, R>
  /** Items per page (at least 1). */
  readonly pageSize: number
  /** Items asked per fetch (default: the page size; at least 1). */
  readonly loadSize?: number
  /** Default `Asc`. */
  readonly sortOrder?: SortOrder
  /** Extra parameters handed to every fetch (filters, user id, …). */
  readonly parameters?: P
  /** Default `classic`. */
  readonly variant?: PagerVariant
  /**
   * Keep at most this many pages' worth of items (at least 1), those nearest the current page in the direction
   * the pager moved; pages outside are fetched again when visited. Default: every item fetched is kept (the spec's
   * page cache has no window).
   */
  readonly maxPages?: number
  /**
   * The most fetches one load makes (at least 1; default {@link defaultMaxFetchesPerLoad}): a walk to a far page, or
   * through a list whose server keeps answering new cursors, stops there with `getItemsFailure` (its cause a
   * {@link PagingWalkError}); what it fetched stays cached, so the next action goes on from there.
   */
  readonly maxFetchesPerLoad?: number
}

/**
 * The default bound of one load's walk: 100 fetches. Moving page by page takes one fetch a load; 100 let a page
 * jump 100 loads ahead (5,400 items at a load size of 54) before it has to ask again.
 */
export const defaultMaxFetchesPerLoad = 100

/** A pager; every action answers the items of the page it ends on. */
export interface Pager<A, P = undefined> {
  /** The observable state (`Observable.changes(pager.state)` is it as a Stream). */
  readonly state: Observable.Observable<PagerState<A, P>>
  /** The state now, synchronously. */
  readonly current: () => PagerState<A, P>
  /** Page 1 (guarded by `canFirst`, except that it is also the initial load of an `Initialized` pager). */
  readonly first: Effect.Effect<ReadonlyArray<A>, PagingError>
  /** The next page (guarded by `canNext`). */
  readonly next: Effect.Effect<ReadonlyArray<A>, PagingError>
  /** The previous page (guarded by `canPrevious`). */
  readonly previous: Effect.Effect<ReadonlyArray<A>, PagingError>
  /** Fetch the current page again (guarded by `canReload`). */
  readonly reload: Effect.Effect<ReadonlyArray<A>, PagingError>
  /**
   * Page `page` (not while Loading; it may be the initial load of an `Initialized` pager). Below 1, or empty beyond
   * 1, fails with `invalidPageNumber`.
   */
  readonly goTo: (page: number) => Effect.Effect<ReadonlyArray<A>, PagingError>
  /** Change the paging parameters: clears the cache and loads page 1, failing a running load. */
  readonly setParameters: (change: PagingChange<P>) => Effect.Effect<ReadonlyArray<A>, PagingError>
}

const positive = (n: number): number => Math.max(1, Math.floor(n))

/** The pager's mutable memory: its parameters, its window, the page shown and the state of the current load. */
interface PagerMemory<A, P> {
  pageSize: number
  loadSize: number
  sortOrder: SortOrder
  parameters: P
  window: PageWindow.PageWindow<A>
  page: number
  status: PagerStatus
  error: PagingError | undefined
  /** Bumped by a parameter change: an answer of an older generation is stale. */
  generation: number
  /** Completed by a parameter change: cancels the running fetch. */
  cancel: Deferred.Deferred<void>
}

/** The items of `page` the window holds. */
const pageItemsOf = <A, P>(m: PagerMemory<A, P>, page: number): ReadonlyArray<A> => {
  const start = (page - 1) * m.pageSize
  return m.window.heldIn(start, start + m.pageSize)
}

/** Whether a page follows the one shown: items held beyond it, or a cursor to fetch more. */
const hasNextOf = <A, P>(m: PagerMemory<A, P>): boolean =>
  m.window.known() > m.page * m.pageSize || m.window.cursor() !== undefined

/** The state a pager publishes. */
const snapshotOf = <A, P>(m: PagerMemory<A, P>): PagerState<A, P> => {
  const idle = m.status === "Idle"
  return {
    status: m.status,
    page: m.page,
    pageSize: m.pageSize,
    loadSize: m.loadSize,
    sortOrder: m.sortOrder,
    parameters: m.parameters,
    cursor: m.window.cursor(),
    items: pageItemsOf(m, m.page),
    cachedCount: m.window.held(),
    canNext: idle && hasNextOf(m),
    canPrevious: idle && m.page > 1,
    canFirst: idle,
    canReload: idle,
    error: m.error
  }
}

const pagingFailure = (reason: PagingError["reason"], page: number, cause?: unknown) =>
  Effect.fail(new PagingError(cause === undefined ? { reason, page } : { reason, page, cause }))

/**
 * Fetch until the items of `page` are held or the list ends; a stopped walk is the page's getItemsFailure. A
 * parameter change cancels a fetch; an answer that arrives after one is stale.
 */
const fillPage = <A, P, E, R>(
  m: PagerMemory<A, P>,
  options: PagerOptions<A, P, E, R>,
  context: Context.Context<R>,
  maxFetches: number,
  page: number,
  generation: number,
  cancel: Deferred.Deferred<void>
) => {
  const fetchOne = (cursor: string | undefined) => {
    const fetched = Effect.provideContext(
      options.fetch({ cursor, count: m.loadSize, sortOrder: m.sortOrder, parameters: m.parameters }),
      context
    ).pipe(Effect.catch((cause) => pagingFailure("getItemsFailure", page, cause)))
    const cancelled = Effect.andThen(Deferred.await(cancel), pagingFailure("pagingParametersChanged", page))
    return Effect.flatMap(Effect.raceFirst(fetched, cancelled), (answer) =>
      generation !== m.generation ? pagingFailure("pagingParametersChanged", page) : Effect.succeed(answer)
    )
  }
  const start = (page - 1) * m.pageSize
  return walk(
    m.window,
    { from: start, to: start + m.pageSize, direction: page >= m.page ? "forward" : "backward" },
    fetchOne,
    maxFetches
  ).pipe(
    Effect.catch((error) =>
      error._tag === "PagingWalkError" ? pagingFailure("getItemsFailure", page, error) : Effect.fail(error)
    )
  )
}

/** The end of a load: Idle, on the page when it succeeded, with its error (and `undo` run) when it failed. */
const settleMemory = <A, P>(
  m: PagerMemory<A, P>,
  page: number,
  exit: Exit.Exit<ReadonlyArray<A>, PagingError>,
  undo?: () => void
): void => {
  m.status = "Idle"
  if (Exit.isSuccess(exit)) {
    m.page = page
    m.error = undefined
  } else {
    undo?.()
    const error = Exit.findErrorOption(exit)
    if (error._tag === "Some") m.error = error.value
  }
}

/** The memory of a new pager: its options' parameters, nothing loaded. */
const initialMemory = <A, P, E, R>(
  options: PagerOptions<A, P, E, R>,
  window: PageWindow.PageWindow<A>
): PagerMemory<A, P> => ({
  pageSize: positive(options.pageSize),
  loadSize: positive(options.loadSize ?? options.pageSize),
  sortOrder: options.sortOrder ?? "Asc",
  parameters: options.parameters as P,
  window,
  page: 1,
  status: options.variant === "initialized" ? "Initialized" : "Idle",
  error: undefined,
  generation: 0,
  cancel: Deferred.makeUnsafe<void>()
})

/** A parameter change: the running load cancelled and made stale, the new parameters, an empty `window`, page 1. */
const changeParameters = <A, P>(m: PagerMemory<A, P>, change: PagingChange<P>, window: PageWindow.PageWindow<A>) => {
  m.generation++
  Deferred.doneUnsafe(m.cancel, Effect.void)
  m.cancel = Deferred.makeUnsafe<void>()
  if (change.pageSize !== undefined) m.pageSize = positive(change.pageSize)
  if (change.loadSize !== undefined) m.loadSize = positive(change.loadSize)
  if (change.sortOrder !== undefined) m.sortOrder = change.sortOrder
  if (change.parameters !== undefined) m.parameters = change.parameters
  m.window = window
  m.page = 1
}

/** The answer of a load of `page` once the window holds what it can: its items, or `invalidPageNumber` past the end. */
const pageExitOf = <A, P>(m: PagerMemory<A, P>, page: number): Exit.Exit<ReadonlyArray<A>, PagingError> => {
  const items = pageItemsOf(m, page)
  return page > 1 && items.length === 0
    ? Exit.fail(new PagingError({ reason: "invalidPageNumber", page }))
    : Exit.succeed(items)
}

/** Make a pager over `options.fetch`. Nothing is fetched until an action runs. */
export const make = <A, P = undefined, E = never, R = never>(
  options: PagerOptions<A, P, E, R>
): Effect.Effect<Pager<A, P>, never, R> =>
  Effect.gen(function* () {
    const context = yield* Effect.context<R>()
    const maxFetches = positive(options.maxFetchesPerLoad ?? defaultMaxFetchesPerLoad)
    const maxPages = options.maxPages === undefined ? undefined : positive(options.maxPages)
    const bounded = maxPages !== undefined
    const windowOf = (pageSize: number) =>
      PageWindow.make<A>(maxPages === undefined ? Number.POSITIVE_INFINITY : maxPages * pageSize)
    const m = initialMemory(options, windowOf(positive(options.pageSize)))

    const startOf = (page: number) => (page - 1) * m.pageSize
    const pageItems = (page: number) => pageItemsOf(m, page)
    const hasNext = () => hasNextOf(m)
    const snapshot = () => snapshotOf(m)
    const state = Observable.make(snapshot())
    const publish = Effect.sync(() => state.set(snapshot()))
    const fill = (page: number, generation: number, cancel: Deferred.Deferred<void>) =>
      fillPage(m, options, context, maxFetches, page, generation, cancel)

    const settle = (page: number, exit: Exit.Exit<ReadonlyArray<A>, PagingError>, undo?: () => void) =>
      Effect.andThen(
        Effect.sync(() => settleMemory(m, page, exit, undo)),
        publish
      )

    /**
     * Load `page`. A page the cache can answer is answered at once (one state publication, no Loading); otherwise
     * the status is Loading while fetching. When the load fails for a reason other than staleness, `reloading` (a
     * reload's undo) runs, or, with a window, the items held before are put back.
     */
    const load = (page: number, reloading?: () => void): Effect.Effect<ReadonlyArray<A>, PagingError> =>
      Effect.suspend(() => {
        if (page < 1 || !Number.isInteger(page)) return pagingFailure("invalidPageNumber", page)
        if (m.window.slice(startOf(page), startOf(page) + m.pageSize) !== undefined) {
          const exit = pageExitOf(m, page)
          return Effect.andThen(settle(page, exit, reloading), exit)
        }
        // A walk that fails may have moved a bounded window away from the page shown: it gets its items back.
        const held = reloading === undefined && bounded ? m.window.save() : undefined
        const undo = reloading ?? (held === undefined ? undefined : () => m.window.restoreHeld(held))
        const generation = m.generation
        const cancel = m.cancel
        m.status = "Loading"
        m.error = undefined
        const body = publish.pipe(
          Effect.andThen(fill(page, generation, cancel)),
          Effect.andThen(Effect.suspend(() => pageExitOf(m, page)))
        )
        return Effect.onExit(body, (exit) =>
          // A stale load leaves the state to the load that replaced it.
          generation !== m.generation ? Effect.void : settle(page, exit, undo)
        )
      })

    const idle = () => m.status === "Idle"
    /** Idle, or Initialized: the initial load may run. */
    const canLoad = () => m.status !== "Loading"
    const stay = Effect.sync(() => pageItems(m.page))
    const guarded = (allowed: () => boolean, action: () => Effect.Effect<ReadonlyArray<A>, PagingError>) =>
      Effect.suspend(() => (allowed() ? action() : stay))

    const pager: Pager<A, P> = {
      state: { get: state.get, subscribe: state.subscribe },
      current: state.get,
      first: guarded(canLoad, () => load(1)),
      next: guarded(
        () => idle() && hasNext(),
        () => load(m.page + 1)
      ),
      previous: guarded(
        () => idle() && m.page > 1,
        () => load(m.page - 1)
      ),
      reload: guarded(idle, () => {
        // The cache rounded down to a multiple of the load size; a failed reload puts back what it cut.
        const saved = m.window.save()
        m.window.cutAt(Math.floor(startOf(m.page) / m.loadSize) * m.loadSize)
        return load(m.page, () => m.window.restore(saved))
      }),
      goTo: (page) => guarded(canLoad, () => load(page)),
      setParameters: (change) =>
        Effect.suspend(() => {
          changeParameters(m, change, windowOf(change.pageSize === undefined ? m.pageSize : positive(change.pageSize)))
          return load(1)
        })
    }
    return pager
  })
