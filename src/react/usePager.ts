/**
 * usePager: a Pager in a component: the items of the current page, the status, what is allowed, and the actions.
 *
 * @module
 */
import * as Effect from "effect/Effect"
import type * as Fiber from "effect/Fiber"
import { type DependencyList, useEffect, useMemo, useRef } from "react"
import * as Pager from "../core/paging/Pager.ts"
import type { PagingError } from "../core/paging/PagingError.ts"
import { useRuntime } from "./PlatformProvider.tsx"
import { useObservable } from "./useObservable.ts"

/** What {@link usePager} and {@link usePagerState} give a component. Actions never throw; errors land in `error`. */
export interface PagerView<A, P> {
  readonly items: ReadonlyArray<A>
  readonly status: Pager.PagerStatus
  readonly page: number
  readonly canNext: boolean
  readonly canPrevious: boolean
  readonly canFirst: boolean
  readonly canReload: boolean
  readonly error: PagingError | undefined
  /** The whole pager state. */
  readonly state: Pager.PagerState<A, P>
  readonly first: () => void
  readonly next: () => void
  readonly previous: () => void
  readonly reload: () => void
  readonly goTo: (page: number) => void
  readonly setParameters: (change: Pager.PagingChange<P>) => void
  /** The pager itself, for effects of your own. */
  readonly pager: Pager.Pager<A, P>
}

/**
 * Follow an existing pager. Actions run on the provider's runtime; those still running when the component
 * unmounts are interrupted (the pager then returns to Idle).
 */
export function usePagerState<A, P>(pager: Pager.Pager<A, P>): PagerView<A, P> {
  const runtime = useRuntime()
  const state = useObservable(pager.state)
  const running = useRef(new Set<Fiber.Fiber<unknown, unknown>>())
  useEffect(() => {
    const fibers = running.current
    return () => {
      for (const fiber of fibers) fiber.interruptUnsafe()
      fibers.clear()
    }
  }, [])
  const actions = useMemo(() => {
    const run = (action: Effect.Effect<unknown, PagingError>) => {
      const fiber = runtime.runFork(Effect.ignore(action))
      running.current.add(fiber)
      fiber.addObserver(() => running.current.delete(fiber))
    }
    return {
      first: () => run(pager.first),
      next: () => run(pager.next),
      previous: () => run(pager.previous),
      reload: () => run(pager.reload),
      goTo: (page: number) => run(pager.goTo(page)),
      setParameters: (change: Pager.PagingChange<P>) => run(pager.setParameters(change))
    }
  }, [runtime, pager])
  return {
    items: state.items,
    status: state.status,
    page: state.page,
    canNext: state.canNext,
    canPrevious: state.canPrevious,
    canFirst: state.canFirst,
    canReload: state.canReload,
    error: state.error,
    state,
    pager,
    ...actions
  }
}

/** Options of {@link usePager}: the pager's, plus whether to load page 1 on mount (default true). */
export type UsePagerOptions<A, P, E, R> = Pager.PagerOptions<A, P, E, R> & { readonly loadOnMount?: boolean }

/**
 * Make a pager (again whenever `deps` change) and follow it; `fetch` runs with the provider's services. Page 1 is
 * loaded on mount unless `loadOnMount` is false. `options` are read when the pager is made: list in `deps`
 * whatever `fetch` depends on (a user id, a filter). Making the pager does not need the provider's layer to be
 * built yet (an asynchronous layer is waited for by the first fetch).
 */
export function usePager<A, P = undefined, E = never, R = never>(
  options: UsePagerOptions<A, P, E, R>,
  deps: DependencyList = []
): PagerView<A, P> {
  const runtime = useRuntime<R>()
  const pager = useMemo(
    () =>
      Effect.runSync(
        Pager.make<A, P, unknown>({
          ...options,
          fetch: (request) =>
            Effect.flatMap(runtime.contextEffect, (context) => Effect.provideContext(options.fetch(request), context))
        })
      ),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the caller's `deps` decide when `options` are read again
    [runtime, ...deps]
  )
  const view = usePagerState(pager)
  const loadOnMount = options.loadOnMount ?? true
  useEffect(() => {
    if (!loadOnMount) return
    const fiber = runtime.runFork(Effect.ignore(pager.first))
    return () => fiber.interruptUnsafe()
  }, [runtime, pager, loadOnMount])
  return view
}
