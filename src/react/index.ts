/**
 * platform-web-client/react: run the platform's effects in React.
 *
 * - `PlatformProvider` (or `createPlatformHooks(layer)` for hooks checked against the layer at compile time);
 * - data: `useQuery`, `useInfiniteQuery`, `useSuspenseQuery` with `QueryErrorBoundary`, `useMutation` over the
 *   shared query client (`useQueryClient`, `useIsFetching`), with TanStack Query's options and names; `useEffectResult` for a one-off effect; `usePager`, `useBatchedLookup`;
 * - changing values: `useObservable`, the one way to follow state (a query's result, a pager's state, the
 *   challenge being shown);
 * - `ChallengeHost`.
 *
 * The query definitions and the client (`Query`, `Mutation`, `QueryClient`, …) are those of
 * `platform-web-client/query`, exported here too so that a React page imports from one place. TanStack Query users:
 * `platform-web-client/react/tanstack`.
 *
 * @module
 */
export {
  PlatformProvider,
  type PlatformProviderCommonProps,
  type PlatformProviderProps,
  type PlatformRuntime,
  useRuntime
} from "./PlatformProvider.tsx"
export { createPlatformHooks, type PlatformHooksProviderProps } from "./createPlatformHooks.tsx"
export {
  keepPreviousData,
  type PlaceholderData,
  type QueryHookArgs,
  type QueryView,
  useQuery,
  type UseQueryOptions
} from "./useQuery.ts"
export { type InfiniteQueryView, useInfiniteQuery, type UseInfiniteQueryOptions } from "./useInfiniteQuery.ts"
export { useIsFetching } from "./useIsFetching.ts"
export { type SuspenseQueryView, useSuspenseQuery, type UseSuspenseQueryOptions } from "./useSuspenseQuery.ts"
export { QueryErrorBoundary, type QueryErrorBoundaryProps } from "./QueryErrorBoundary.tsx"
export { QueryFailure, type QueryFailureOutcome } from "./QueryFailure.ts"
export { type MutationView, useMutation } from "./useMutation.ts"
export { useQueryClient } from "./useQueryClient.ts"
export { type EffectResult, exitToResult, useEffectResult } from "./useEffectResult.ts"
export { type BatchProcessorSource, useBatchedLookup } from "./useBatchedLookup.ts"
export { type PagerView, usePager, type UsePagerOptions, usePagerState } from "./usePager.ts"
export { useObservable } from "./useObservable.ts"
export { useSubscriptionRef } from "./useSubscriptionRef.ts"
export { ChallengeHost, type ChallengeHostProps, noChallengeFlowWarning } from "./ChallengeHost.tsx"
export * as Query from "../core/query/Query.ts"
export * as InfiniteQuery from "../core/query/InfiniteQuery.ts"
export { defaultRetryDelay, isTransientFailure, type RetryDelayOption, type RetryOption } from "../core/query/retry.ts"
export * as Mutation from "../core/query/Mutation.ts"
export * as QueryClient from "../core/query/QueryClient.ts"
export * as MutationRunner from "../core/query/MutationRunner.ts"
export { type FetchReason, type QueryEvent } from "../core/query/QueryEvent.ts"
export { type DehydratedQuery, type DehydratedState, QueryHydrationError } from "../core/query/dehydrated.ts"
export { endpointQuery, type EndpointQueryOptions } from "../core/query/endpointQuery.ts"
