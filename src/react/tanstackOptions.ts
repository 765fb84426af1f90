/**
 * For apps that already use TanStack Query: the options of `useQuery` / `useMutation` from our {@link Query} and
 * {@link Mutation} definitions, run on the app's runtime. The effect runs with TanStack's AbortSignal, so a query
 * TanStack cancels (its last observer left, `cancelQueries`) interrupts the fiber (and the request). Typed errors
 * stay typed: TanStack's `error` is the effect's error `E`, or an {@link EffectDefect} for a defect.
 *
 * Not part of `platform-web-client/react` (it needs `@tanstack/react-query`, an optional peer): its own entry
 * point, `platform-web-client/react/tanstack`. Invalidation by reactivity keys, optimistic updates and SSR stay
 * TanStack's own there (`invalidateQueries` in `onSuccess`, `onMutate`, `HydrationBoundary`). Mutations are not
 * retried (TanStack's default; keep it so).
 *
 * @module
 */
import * as Cause from "effect/Cause"
import * as Exit from "effect/Exit"
import type * as ManagedRuntime from "effect/ManagedRuntime"
import type { UseMutationOptions, UseQueryOptions } from "@tanstack/react-query"
import type { Mutation } from "../core/query/Mutation.ts"
import type { Query } from "../core/query/Query.ts"
import { defaultRetryDelay, isTransientFailure, shouldRetry } from "../core/query/retry.ts"

/** An effect died (a defect, or an interruption TanStack did not ask for): the pretty cause as the message. */
export class EffectDefect extends Error {
  readonly _tag = "EffectDefect"
}

const settle = <A, E>(exit: Exit.Exit<A, E>): A => {
  if (Exit.isSuccess(exit)) return exit.value
  const failure = Cause.findErrorOption(exit.cause)
  if (failure._tag === "Some") throw failure.value
  throw new EffectDefect(Cause.pretty(exit.cause))
}

/**
 * TanStack `useQuery` options of `query` for `args`: key `[name, args]`, the query's `staleTime`, `gcTime`, `enabled`
 * and its retries (transient failures only, as our client retries them; none unless the query says so).
 */
export const queryOptions = <Args, A, E, R>(
  runtime: ManagedRuntime.ManagedRuntime<R, any>,
  query: Query<Args, A, E, R>,
  args: NoInfer<Args>
): UseQueryOptions<A, E | EffectDefect, A, readonly [string, Args]> => ({
  queryKey: [query.name, args] as const,
  queryFn: ({ signal }) => runtime.runPromiseExit(query.run(args), { signal }).then(settle),
  staleTime: query.staleTime,
  gcTime: query.gcTime,
  enabled: query.enabled,
  retry: (failureCount, error) => isTransientFailure(error) && shouldRetry(query.retry, failureCount, error),
  retryDelay: (failureCount, error) =>
    typeof query.retryDelay === "function"
      ? query.retryDelay(failureCount, error)
      : (query.retryDelay ?? defaultRetryDelay(failureCount))
})

/** TanStack `useMutation` options of `mutation` (never retried). */
export const mutationOptions = <I, A, E, R>(
  runtime: ManagedRuntime.ManagedRuntime<R, any>,
  mutation: Mutation<I, A, E, R>
): UseMutationOptions<A, E | EffectDefect, I> => ({
  mutationKey: [mutation.name],
  mutationFn: (input) => runtime.runPromiseExit(mutation.run(input)).then(settle),
  retry: false
})
