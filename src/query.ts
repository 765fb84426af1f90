/**
 * platform-web-client/query: the framework-free query core the React hooks are built on, for pages and tools
 * without React: query and mutation definitions (`Query.make`, `Mutation.make`, `endpointQuery` from an HttpApi
 * definition), the shared cache (`QueryClient.make`), a mutation's state for one caller (`MutationRunner.make`),
 * SSR state (`client.dehydrate()`), and the events tools can follow. Values that change are `Observable`s
 * (`platform-web-client/paging`).
 *
 * @module
 */
export * as Query from "./core/query/Query.ts"
export * as InfiniteQuery from "./core/query/InfiniteQuery.ts"
export { defaultRetryDelay, isTransientFailure, type RetryDelayOption, type RetryOption } from "./core/query/retry.ts"
export * as Mutation from "./core/query/Mutation.ts"
export * as QueryClient from "./core/query/QueryClient.ts"
export * as MutationRunner from "./core/query/MutationRunner.ts"
export { type FetchReason, type QueryEvent } from "./core/query/QueryEvent.ts"
export { type DehydratedQuery, type DehydratedState, QueryHydrationError } from "./core/query/dehydrated.ts"
export { endpointQuery, type EndpointQueryOptions } from "./core/query/endpointQuery.ts"
export { type EffectResult, exitToResult } from "./core/query/result.ts"
