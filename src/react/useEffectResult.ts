/**
 * useEffectResult: run an Effect when a component mounts (and when its deps change) and render its outcome.
 *
 * @module
 */
import type * as Effect from "effect/Effect"
import { type DependencyList, useEffect, useState } from "react"
import { type EffectResult, exitToResult } from "../core/query/result.ts"
import { useRuntime } from "./PlatformProvider.tsx"

export {
  /** The state of an effect run by a hook: loading, a value, a typed failure, or a defect. */
  type EffectResult,
  /** Turn an Exit into the hook state (a typed failure when there is one, else a defect with its pretty message). */
  exitToResult
} from "../core/query/result.ts"

/**
 * Run `make()` with the provider's runtime whenever `deps` change. The running fiber is interrupted when the
 * component unmounts or the deps change, and its outcome is then ignored.
 */
export function useEffectResult<A, E, R>(make: () => Effect.Effect<A, E, R>, deps: DependencyList): EffectResult<A, E> {
  const runtime = useRuntime<R>()
  const [state, setState] = useState<EffectResult<A, E>>({ _tag: "Loading" })
  useEffect(() => {
    const controller = new AbortController()
    setState({ _tag: "Loading" })
    runtime.runPromiseExit(make(), { signal: controller.signal }).then((exit) => {
      if (!controller.signal.aborted) setState(exitToResult(exit))
    })
    return () => controller.abort()
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the caller's `deps` decide when `make` runs again
  }, [runtime, ...deps])
  return state
}
