/**
 * useRecordQueries: have a devtools recorder record a query client's events — the one given, else the nearest
 * PlatformProvider's (none outside a provider).
 *
 * A query client reports a key's first fetch while the component reading it renders, so the recorder starts
 * watching during this component's render (watching is idempotent), not in an effect that would run after the
 * app's: a `<PlatformDevtools/>` placed before the app's content inside the provider sees the first render's
 * fetches. The effect owns the watch afterwards and stops it on unmount.
 *
 * @module
 */
import { useContext, useEffect } from "react"
import type { DevtoolsRecorder } from "../../core/devtools/DevtoolsRecorder.ts"
import type * as QueryClient from "../../core/query/QueryClient.ts"
import { QueryClientSlotContext } from "../PlatformProvider.tsx"
import { clientOfSlot } from "../useQueryClient.ts"

/** Record `queryClient`'s events, or the provider's client's, in `recorder` while the component is mounted. */
export const useRecordQueries = (recorder: DevtoolsRecorder, queryClient?: QueryClient.QueryClient<any>): void => {
  const slot = useContext(QueryClientSlotContext)
  const client = queryClient ?? (slot === null ? undefined : clientOfSlot(slot))
  if (client !== undefined) recorder.watch(client)
  useEffect(() => (client === undefined ? undefined : recorder.watch(client)), [recorder, client])
}
