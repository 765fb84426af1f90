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
import type { RetryDelayOption, RetryOption } from "./retry.ts"
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
   * is interrupted. Default 60 000 (TanStack's `gcTime`: 5 minutes).
   */
  readonly gcTime: number
  /** Whether readers fetch (false: nothing is fetched until a reader enables it or it is refetched). Default true. */
  readonly enabled: boolean
  /** Refetch stale results that have readers when the page becomes visible again. Default false. */
  readonly refetchOnWindowFocus: boolean
  /** Refetch stale results that have readers when the browser is back online (`online`). Default false. */
  readonly refetchOnReconnect: boolean
  /** Refetch every so many ms while it has readers (false: never). Default false. */
  readonly refetchInterval: number | false
  /** How many times a transient failure is retried (./retry.ts). Default 0: our queries do not retry. */
  readonly retry: RetryOption<any>
  /** The wait before each retry (ms); a server's `Retry-After` asks for more (./retry.ts). */
  readonly retryDelay: RetryDelayOption<any> | undefined
  /** The reactivity keys of `args`: a mutation invalidating one of them refetches this result. */
  readonly reactivityKeys: ((args: Args) => Reactivity.KeysInput) | undefined
  /** How results are dehydrated for SSR; without it, the query is never dehydrated. */
  readonly schema: QuerySchema<A, E> | undefined
  /**
   * How a refetch runs when a value is held (an infinite query refetches the pages it holds); without it, `run`.
   * Internal: set by `InfiniteQuery.make`.
   */
  readonly refetchFrom?: ((args: Args, held: any) => Effect.Effect<A, E, R>) | undefined
}

/** Options of {@link make}. Times are durations (`"30 seconds"`, `Duration.minutes(1)`, or milliseconds). */
export interface QueryOptions<Args, A, E, R> {
  readonly name: string
  readonly run: (args: Args) => Effect.Effect<A, E, R>
  readonly staleTime?: Duration.Input | undefined
  readonly gcTime?: Duration.Input | undefined
  readonly enabled?: boolean | undefined
  readonly refetchOnWindowFocus?: boolean | undefined
  readonly refetchOnReconnect?: boolean | undefined
  readonly refetchInterval?: Duration.Input | false | undefined
  readonly retry?: RetryOption<E> | undefined
  readonly retryDelay?: RetryDelayOption<E> | undefined
  readonly reactivityKeys?: ((args: Args) => Reactivity.KeysInput) | undefined
  readonly schema?: QuerySchema<A, E> | undefined
}

/** A duration option in ms (`fallback` when left out). */
export const millis = (input: Duration.Input | undefined, fallback: number): number =>
  input === undefined ? fallback : Duration.toMillis(Duration.fromInputUnsafe(input))

/** An interval option in ms; false (or 0) when it never runs. */
export const intervalMillis = (input: Duration.Input | false | undefined): number | false => {
  if (input === undefined || input === false) return false
  const ms = millis(input, 0)
  return ms > 0 ? ms : false
}

/** Define a query; see {@link QueryOptions} and the defaults on {@link Query} (TanStack Query's names). */
export const make = <Args, A, E = never, R = never>(options: QueryOptions<Args, A, E, R>): Query<Args, A, E, R> => ({
  _tag: "Query",
  name: options.name,
  run: options.run,
  staleTime: millis(options.staleTime, 0),
  gcTime: millis(options.gcTime, 60_000),
  enabled: options.enabled ?? true,
  refetchOnWindowFocus: options.refetchOnWindowFocus ?? false,
  refetchOnReconnect: options.refetchOnReconnect ?? false,
  refetchInterval: intervalMillis(options.refetchInterval),
  retry: options.retry ?? 0,
  retryDelay: options.retryDelay,
  reactivityKeys: options.reactivityKeys,
  schema: options.schema
})

/** The cache key of `query` for `args`: its name and the args' {@link stableKey}. */
export const keyOf = <Args>(query: Query<Args, any, any, any>, args: Args): string => `${query.name}:${stableKey(args)}`

/** The arguments a reader passes: optional when the query takes none (or accepts `undefined`). */
export type ArgsOf<Args> = undefined extends Args ? [args?: NoInfer<Args>] : [args: NoInfer<Args>]

/** The value type of a query. */
export type Success<Q> = Q extends Query<any, infer A, any, any> ? A : never

/** The typed error of a query. */
export type Failure<Q> = Q extends Query<any, any, infer E, any> ? E : never
