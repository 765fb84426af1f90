/**
 * useSubscriptionRef: render the current value of a SubscriptionRef and re-render when it changes.
 *
 * @module
 */
import * as Effect from "effect/Effect"
import * as Stream from "effect/Stream"
import * as SubscriptionRef from "effect/SubscriptionRef"
import { useCallback, useSyncExternalStore } from "react"
import { useRuntime } from "./PlatformProvider.tsx"

/**
 * The current value of `ref`, kept up to date with `useSyncExternalStore`: one fiber per subscription follows
 * `SubscriptionRef.changes` and is interrupted when the component unsubscribes.
 */
export function useSubscriptionRef<A>(ref: SubscriptionRef.SubscriptionRef<A>): A {
  const runtime = useRuntime()
  const subscribe = useCallback(
    (onChange: () => void) => {
      const fiber = runtime.runFork(
        Stream.runForEach(SubscriptionRef.changes(ref), () => Effect.sync(onChange))
      )
      return () => fiber.interruptUnsafe()
    },
    [runtime, ref]
  )
  const read = useCallback(() => SubscriptionRef.getUnsafe(ref), [ref])
  return useSyncExternalStore(subscribe, read, read)
}
