/**
 * useEffectResult: run an Effect when a component mounts (and when its deps change) and render its outcome.
 *
 * @module
 */
import * as Cause from "effect/Cause"
import type * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import { type DependencyList, useEffect, useState } from "react"
import { useRuntime } from "./PlatformProvider.tsx"

/** The state of an effect run by a hook: loading, a value, a typed failure, or a defect. */
export type EffectResult<A, E> =
  | { readonly _tag: "Loading" }
  | { readonly _tag: "Success"; readonly value: A }
  | { readonly _tag: "Failure"; readonly error: E }
  | { readonly _tag: "Defect"; readonly message: string }

/** Turn an Exit into the hook state (a typed failure when there is one, else a defect with its pretty message). */
export const exitToResult = <A, E>(exit: Exit.Exit<A, E>): EffectResult<A, E> => {
  if (Exit.isSuccess(exit)) return { _tag: "Success", value: exit.value }
  const failure = Cause.findErrorOption(exit.cause)
  if (failure._tag === "Some") return { _tag: "Failure", error: failure.value }
  return { _tag: "Defect", message: Cause.pretty(exit.cause) }
}

/**
 * Run `make()` with the provider's runtime whenever `deps` change. The running fiber is interrupted when the
 * component unmounts or the deps change, and its outcome is then ignored.
 */
export function useEffectResult<A, E, R>(
  make: () => Effect.Effect<A, E, R>,
  deps: DependencyList
): EffectResult<A, E> {
  const runtime = useRuntime<R>()
  const [state, setState] = useState<EffectResult<A, E>>({ _tag: "Loading" })
  useEffect(() => {
    const controller = new AbortController()
    setState({ _tag: "Loading" })
    runtime.runPromiseExit(make(), { signal: controller.signal }).then((exit) => {
      if (!controller.signal.aborted) setState(exitToResult(exit))
    })
    return () => controller.abort()
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [runtime, ...deps])
  return state
}
