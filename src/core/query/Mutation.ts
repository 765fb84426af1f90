/**
 * Mutation: an effect that writes, with what it changes for the queries. Run through a {@link QueryClient}
 * (`client.mutate(mutation, input)`): optionally an optimistic update of a cached query first (rolled back if the
 * write fails), then the write, ONCE (never retried here: the pipeline's own CSRF and challenge re-sends are the
 * only re-sends), then, on success, the invalidation of the reactivity keys it affects, which refetches the
 * queries that declared them and have readers.
 *
 * @example
 * const Follow = Mutation.make({
 *   name: "follow",
 *   run: (userId: number) => FriendsClient.use((c) => c.friends.followUser({ params: { targetUserId: userId } })),
 *   invalidates: (userId) => ({ friends: [userId] })
 * })
 *
 * @module
 */
import type * as Effect from "effect/Effect"
import type * as Reactivity from "effect/reactivity/Reactivity"
import type { Query } from "./Query.ts"

/** An optimistic update: which cached query, and its value while the write runs. */
export interface OptimisticUpdate<I, Args, A> {
  readonly query: Query<Args, A, any, any>
  readonly args: (input: I) => Args
  /** The value shown while the write runs, from the cached one (`undefined` when nothing is cached). */
  readonly update: (current: A | undefined, input: I) => A
}

/** A mutation definition; see the module doc. */
export interface Mutation<in I, in out A, out E, out R> {
  readonly _tag: "Mutation"
  /** Names the mutation in events. */
  readonly name: string
  /** The write. */
  readonly run: (input: I) => Effect.Effect<A, E, R>
  /** The reactivity keys the write changes, invalidated after it succeeds. */
  readonly invalidates: ((input: I, output: A) => Reactivity.KeysInput) | undefined
  /** Optimistic updates applied before the write and rolled back if it fails. */
  readonly optimistic: ReadonlyArray<OptimisticUpdate<I, any, any>>
}

/** Options of {@link make}. */
export interface MutationOptions<I, A, E, R> {
  readonly name: string
  readonly run: (input: I) => Effect.Effect<A, E, R>
  readonly invalidates?: ((input: I, output: A) => Reactivity.KeysInput) | undefined
  readonly optimistic?: ReadonlyArray<OptimisticUpdate<I, any, any>> | undefined
}

/** Define a mutation. */
export const make = <I, A, E = never, R = never>(options: MutationOptions<I, A, E, R>): Mutation<I, A, E, R> => ({
  _tag: "Mutation",
  name: options.name,
  run: options.run,
  invalidates: options.invalidates,
  optimistic: options.optimistic ?? []
})

/** An optimistic update of `query` (typed against it): see {@link OptimisticUpdate}. */
export const optimistic = <I, Args, A>(update: OptimisticUpdate<I, Args, A>): OptimisticUpdate<I, Args, A> => update
