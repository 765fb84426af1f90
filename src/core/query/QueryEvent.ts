/**
 * What a {@link QueryClient} reports, for tools (the devtools panel) and tests: per cache key, why a request went
 * out, when a reader got a cached result or joined a request in flight, how it settled, and when the entry was
 * dropped; per mutation, its start and outcome. Subscribe with `client.events.subscribe(listener)`; the events
 * carry keys and outcomes, never values or error details (nothing secret).
 *
 * @module
 */

/** Why a query's effect ran. */
export type FetchReason =
  | "mount" // the first reader of a key with nothing cached
  | "stale" // a reader arrived after the result's freshness time
  | "refetch" // asked for (`refetch`, an error boundary's reset)
  | "invalidate" // a mutation (or `invalidate`) touched one of its reactivity keys
  | "focus" // the page became visible again and the result was stale
  | "reconnect" // the browser came back online and the result was stale
  | "interval" // a reader's `refetchInterval` passed
  | "fetchNextPage" // the next page of an infinite query

/** One event of a query client. `key` is the cache key (`name:args`). */
export type QueryEvent =
  | { readonly _tag: "Fetch"; readonly key: string; readonly reason: FetchReason }
  | { readonly _tag: "Settled"; readonly key: string; readonly outcome: "success" | "failure" | "defect" }
  | { readonly _tag: "Interrupted"; readonly key: string }
  | { readonly _tag: "CacheHit"; readonly key: string; readonly stale: boolean }
  | { readonly _tag: "Deduplicated"; readonly key: string }
  | { readonly _tag: "Hydrated"; readonly key: string }
  | { readonly _tag: "Evicted"; readonly key: string }
  | { readonly _tag: "MutationStart"; readonly name: string }
  | {
      readonly _tag: "MutationSettled"
      readonly name: string
      readonly outcome: "success" | "failure" | "defect" | "interrupted"
      readonly rolledBack: boolean
    }
