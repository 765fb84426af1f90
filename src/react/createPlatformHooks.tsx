/**
 * createPlatformHooks: a provider and hooks typed by the app's layer. Every hook only takes queries, mutations,
 * effects and pagers whose services the layer provides: using a client or service the layer does not provide is a
 * compile error, not a "Service not found" at run time.
 *
 * @example
 * const AppLayer = Layer.mergeAll(FriendsClient.layer, UsersClient.layer).pipe(Layer.provideMerge(browserPlatformLayer()))
 * export const { Provider, useQuery, useMutation } = createPlatformHooks(AppLayer)
 * // useQuery(GamesQuery, id)  ← compile error: GamesClient is not in AppLayer
 *
 * The hooks check at run time that they are used under THIS factory's `Provider` (another provider's services
 * would not be the ones checked), and throw a clear error otherwise.
 *
 * @module
 */
import type * as Effect from "effect/Effect"
import type * as Layer from "effect/Layer"
import { createContext, type DependencyList, useContext } from "react"
import type { Mutation } from "../core/query/Mutation.ts"
import type { InfiniteData, InfiniteQuery } from "../core/query/InfiniteQuery.ts"
import type { Query } from "../core/query/Query.ts"
import type { QueryClient } from "../core/query/QueryClient.ts"
import {
  PlatformProvider,
  type PlatformProviderCommonProps,
  type PlatformRuntime,
  useRuntime
} from "./PlatformProvider.tsx"
import { useEffectResult } from "./useEffectResult.ts"
import { useMutation } from "./useMutation.ts"
import { usePager, type UsePagerOptions } from "./usePager.ts"
import { useInfiniteQuery, type UseInfiniteQueryOptions } from "./useInfiniteQuery.ts"
import { useIsFetching } from "./useIsFetching.ts"
import { type QueryHookArgs, useQuery, type UseQueryOptions } from "./useQuery.ts"
import { useQueryClient } from "./useQueryClient.ts"
import { useSuspenseQuery, type UseSuspenseQueryOptions } from "./useSuspenseQuery.ts"

/**
 * Props of a factory's `Provider`: {@link PlatformProvider}'s, with the factory's layer unless `layer` gives another
 * one providing the same services (a test layer, say).
 */
export type PlatformHooksProviderProps<R> = PlatformProviderCommonProps & {
  readonly layer?: Layer.Layer<R, any, never> | undefined
}

/** Make the provider and the typed hooks of an app's layer; see the module doc. */
export function createPlatformHooks<R, ER = never>(layer: Layer.Layer<R, ER, never>) {
  const Owner = createContext(false)
  const checked = <F extends (...args: Array<any>) => any>(name: string, hook: F): F =>
    ((...args: Parameters<F>) => {
      if (!useContext(Owner)) throw new Error(`${name} must be used inside the Provider of its createPlatformHooks`)
      return hook(...args)
    }) as F

  function Provider(props: PlatformHooksProviderProps<R>) {
    return (
      <PlatformProvider {...props} layer={props.layer ?? layer}>
        <Owner.Provider value={true}>{props.children}</Owner.Provider>
      </PlatformProvider>
    )
  }

  return {
    /** The layer the hooks are typed by. */
    layer,
    /** The provider of this layer (a {@link PlatformProvider} over it). */
    Provider,
    /** {@link useRuntime}, typed by the layer. */
    useRuntime: checked("useRuntime", (): PlatformRuntime<R> => useRuntime<R>()),
    /** {@link useQuery} for queries whose services the layer provides. */
    useQuery: checked(
      "useQuery",
      <Args, A, E, RQ extends R, S = A>(
        query: Query<Args, A, E, RQ>,
        ...rest: QueryHookArgs<Args, UseQueryOptions<A, E, S>>
      ) => useQuery<Args, A, E, RQ, S>(query, ...rest)
    ),
    /** {@link useInfiniteQuery} for infinite queries whose services the layer provides. */
    useInfiniteQuery: checked(
      "useInfiniteQuery",
      <Args, Page, Param, E, RQ extends R, S = InfiniteData<Page, Param>>(
        query: InfiniteQuery<Args, Page, Param, E, RQ>,
        ...rest: QueryHookArgs<Args, UseInfiniteQueryOptions<Page, Param, E, S>>
      ) => useInfiniteQuery<Args, Page, Param, E, RQ, S>(query, ...rest)
    ),
    /** {@link useQueryClient}, typed by the layer: its methods take only queries whose services it provides. */
    useQueryClient: checked("useQueryClient", (): QueryClient<R> => useQueryClient<R>()),
    /** {@link useIsFetching} over queries whose services the layer provides. */
    useIsFetching: checked("useIsFetching", <RQ extends R>(query?: Query<any, any, any, RQ>) => useIsFetching(query)),
    /** {@link useSuspenseQuery} for queries whose services the layer provides. */
    useSuspenseQuery: checked(
      "useSuspenseQuery",
      <Args, A, E, RQ extends R, S = A>(
        query: Query<Args, A, E, RQ>,
        ...rest: QueryHookArgs<Args, UseSuspenseQueryOptions<A, E, S>>
      ) => useSuspenseQuery<Args, A, E, RQ, S>(query, ...rest)
    ),
    /** {@link useMutation} for mutations whose services the layer provides. */
    useMutation: checked("useMutation", <I, A, E, RM extends R>(mutation: Mutation<I, A, E, RM>) =>
      useMutation(mutation)
    ),
    /** {@link useEffectResult} for effects whose services the layer provides. */
    useEffectResult: checked(
      "useEffectResult",
      <A, E, RE extends R>(make: () => Effect.Effect<A, E, RE>, deps: DependencyList) => useEffectResult(make, deps)
    ),
    /** {@link usePager} for pagers whose `fetch` needs only services the layer provides. */
    usePager: checked(
      "usePager",
      <A, P = undefined, E = never, RP extends R = never>(
        options: UsePagerOptions<A, P, E, RP>,
        deps?: DependencyList
      ) => usePager(options, deps)
    )
  }
}
