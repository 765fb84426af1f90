/**
 * useIsFetching: how many keys have a request in flight — of one query, or of every query (TanStack Query's hook,
 * taking a query where TanStack takes filters). For a global "loading" indicator.
 *
 * @module
 */
import { useCallback, useSyncExternalStore } from "react"
import type { Query } from "../core/query/Query.ts"
import { useQueryClient } from "./useQueryClient.ts"

/** The number of keys of `query` (or of every query) with a request in flight. */
export function useIsFetching<R = any>(query?: Query<any, any, any, R>): number {
  const client = useQueryClient<R>()
  // a fetch is counted once it started: the count is read after the event's own turn
  const subscribe = useCallback(
    (listener: () => void) => client.events.subscribe(() => queueMicrotask(listener)),
    [client]
  )
  const count = useCallback(() => client.isFetching(query), [client, query])
  return useSyncExternalStore(subscribe, count, count)
}
