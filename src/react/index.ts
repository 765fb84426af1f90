/**
 * platform-web-client/react: run the platform's effects in React.
 *
 * - `PlatformProvider` (or `createPlatformHooks(layer)` for hooks checked against the layer at compile time);
 * - data: `useQuery`, `useSuspenseQuery` with `QueryErrorBoundary`, `useMutation` over the shared query client
 *   (`useQueryClient`); `useEffectResult` for a one-off effect; `usePager`, `useBatchedLookup`;
 * - changing values: `useObservable`, the one way to follow state (a query's result, a pager's state, the
 *   challenge being shown);
 * - `ChallengeHost`.
 *
 * @module
 */
export * from "./ChallengeHost.tsx"
export * from "./createPlatformHooks.tsx"
export * from "./PlatformProvider.tsx"
export * from "./QueryErrorBoundary.tsx"
export * from "./QueryFailure.ts"
export * from "./useBatchedLookup.ts"
export * from "./useEffectResult.ts"
export * from "./useMutation.ts"
export * from "./useObservable.ts"
export * from "./usePager.ts"
export * from "./useQuery.ts"
export * from "./useQueryClient.ts"
export * from "./useSubscriptionRef.ts"
export * from "./useSuspenseQuery.ts"
/** Query definitions: `Query.make(options)`, `Query.keyOf`. */
export * as Query from "../core/query/Query.ts"
/** Mutation definitions: `Mutation.make(options)`, `Mutation.optimistic(update)`. */
export * as Mutation from "../core/query/Mutation.ts"
/** The framework-free query client: `QueryClient.make(options)`, `QueryClient.makeEffect()`. */
export * as QueryClient from "../core/query/QueryClient.ts"
/** A mutation's state for one caller, framework-free: `MutationRunner.make(client, mutation)`. */
export * as MutationRunner from "../core/query/MutationRunner.ts"
export type { FetchReason, QueryEvent } from "../core/query/QueryEvent.ts"
export { type DehydratedQuery, type DehydratedState, QueryHydrationError } from "../core/query/dehydrated.ts"
export { endpointQuery, type EndpointQueryOptions } from "../core/query/endpointQuery.ts"
