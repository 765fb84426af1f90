/**
 * useQueryClient: the query client of the nearest PlatformProvider (the shared cache of the query hooks). The
 * provider's own client is made here, by the first hook that needs it: seeded with the provider's
 * `dehydratedState` (a state that does not decode hydrates nothing and is logged as a warning), and disposed of
 * with the provider.
 *
 * @module
 */
import * as Effect from "effect/Effect"
import { useContext } from "react"
import * as QueryClient from "../core/query/QueryClient.ts"
import { type QueryClientSlot, QueryClientSlotContext } from "./PlatformProvider.tsx"

/** The query client of the nearest provider; throws when used outside one (a programming error). */
export function useQueryClient<R = any>(): QueryClient.QueryClient<R> {
  const slot = useContext(QueryClientSlotContext)
  if (slot === null) throw new Error("useQueryClient must be used inside a <PlatformProvider>")
  return clientOfSlot(slot)
}

/** The query client of a provider's slot, made on first use. Internal (the devtools use it). */
export const clientOfSlot = <R = any>(slot: QueryClientSlot): QueryClient.QueryClient<R> => {
  if (slot.client === undefined) {
    const client = QueryClient.make({ context: slot.runtime.contextEffect })
    if (slot.dehydratedState !== undefined) {
      Effect.runSync(Effect.catch(client.hydrate(slot.dehydratedState), (error) => Effect.logWarning(error.message)))
    }
    slot.client = client
    slot.owned = true
  }
  return slot.client
}
