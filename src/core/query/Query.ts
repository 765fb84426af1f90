/**
 * Query: an effect keyed by what it asks for. A query definition names the effect (`run(args)`) and how its
 * results are cached; a {@link QueryClient} runs it: one request per key at a time, however many readers, a shared
 * cache with a freshness time, invalidation by reactivity keys, SSR hydration. Definitions are plain values made
 * once at module level; they hold no state.
 *
 * @example
 * const FriendsQuery = Query.make({
 *   name: "friends",
 *   run: (userId: number) => FriendsClient.use((c) => c.friends.getFriends({ params: { userId } })),
 *   staleTime: "30 seconds",
 *   reactivityKeys: (userId) => ({ friends: [userId] })
 * })
 *
 * @module
 */
import * as Duration from "effect/Duration"
import type * as Effect from "effect/Effect"
import type * as Reactivity from "effect/reactivity/Reactivity"
import type * as Schema from "effect/Schema"
import { stableKey } from "./stableKey.ts"

/** What a query's result encodes to for SSR: the success schema and, optionally, the typed errors' schema. */
export interface QuerySchema<A, E> {
  readonly success: Schema.ConstraintCodec<A, any>
  /** Failures whose error this schema encodes are dehydrated too; other failures are not (the client refetches). */
  readonly error?: Schema.ConstraintCodec<E, any> | undefined
}

/** A query definition; see the module doc. `Args` are JSON values (they make the cache key). */
export interface Query<in out Args, out A, out E, out R> {
  readonly _tag: "Query"
  /** Names the query in cache keys, SSR state and events; unique per app. */
  readonly name: string
  /** The effect for `args`. Typed errors stay typed up to the reader. */
  readonly run: (args: Args) => Effect.Effect<A, E, R>
  /** How long a result counts as fresh (ms). A reader arriving after that gets it and a refetch. Default 0. */
  readonly staleTime: number
  /**
   * How long a result stays cached after its last reader leaves (ms); then it is dropped and a fetch still running
   * is interrupted. Default 60 000.
   */
  readonly idleTimeToLive: number
  /** Refetch stale results that have readers when the page becomes visible again. Default false. */
  readonly refetchOnWindowFocus: boolean
  /** The reactivity keys of `args`: a mutation invalidating one of them refetches this result. */
  readonly reactivityKeys: ((args: Args) => Reactivity.KeysInput) | undefined
  /** How results are dehydrated for SSR; without it, the query is never dehydrated. */
  readonly schema: QuerySchema<A, E> | undefined
}

/** Options of {@link make}. Times are durations (`"30 seconds"`, `Duration.minutes(1)`, or milliseconds). */
export interface QueryOptions<Args, A, E, R> {
  readonly name: string
  readonly run: (args: Args) => Effect.Effect<A, E, R>
  readonly staleTime?: Duration.Input | undefined
  readonly idleTimeToLive?: Duration.Input | undefined
  readonly refetchOnWindowFocus?: boolean | undefined
  readonly reactivityKeys?: ((args: Args) => Reactivity.KeysInput) | undefined
  readonly schema?: QuerySchema<A, E> | undefined
}

const millis = (input: Duration.Input | undefined, fallback: number): number =>
  input === undefined ? fallback : Duration.toMillis(Duration.fromInputUnsafe(input))

/** Define a query; see {@link QueryOptions} and the defaults on {@link Query}. */
export const make = <Args, A, E = never, R = never>(options: QueryOptions<Args, A, E, R>): Query<Args, A, E, R> => ({
  _tag: "Query",
  name: options.name,
  run: options.run,
  staleTime: millis(options.staleTime, 0),
  idleTimeToLive: millis(options.idleTimeToLive, 60_000),
  refetchOnWindowFocus: options.refetchOnWindowFocus ?? false,
  reactivityKeys: options.reactivityKeys,
  schema: options.schema
})

/** The cache key of `query` for `args`: its name and the args' {@link stableKey}. */
export const keyOf = <Args>(query: Query<Args, any, any, any>, args: Args): string =>
  `${query.name}:${stableKey(args)}`

/** The arguments a reader passes: optional when the query takes none (or accepts `undefined`). */
export type ArgsOf<Args> = undefined extends Args ? [args?: NoInfer<Args>] : [args: NoInfer<Args>]

/** The value type of a query. */
export type Success<Q> = Q extends Query<any, infer A, any, any> ? A : never

/** The typed error of a query. */
export type Failure<Q> = Q extends Query<any, any, infer E, any> ? E : never
