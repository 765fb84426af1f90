/**
 * useBatchedLookup: look one key up through a BatchProcessor from a component. Components rendered together ask
 * within one window, so a list of N rows makes one batched call instead of N.
 *
 * @module
 */
import * as Effect from "effect/Effect"
import { useEffect, useState } from "react"
import type { BatchFailure } from "../core/batch/BatchFailure.ts"
import type { BatchKeyId, BatchProcessor } from "../core/batch/BatchProcessor.ts"
import { useRuntime } from "./PlatformProvider.tsx"
import { type EffectResult, exitToResult } from "./useEffectResult.ts"

/** A processor, or an effect giving one (typically the service key of an app-wide processor). */
export type BatchProcessorSource<K, A, R> = BatchProcessor<K, A> | Effect.Effect<BatchProcessor<K, A>, never, R>

const loading: EffectResult<never, never> = { _tag: "Loading" }

/**
 * The value of `key`: `Loading`, then `Success` or `Failure` (a {@link BatchFailure}). Given a processor instance,
 * a value it already holds is rendered at once, without a `Loading` pass. Keep `source` stable across renders
 * (a service key, or a processor made once): a new source starts a new lookup.
 */
export function useBatchedLookup<K extends BatchKeyId, A, R = never>(
  source: BatchProcessorSource<K, A, R>,
  key: K
): EffectResult<A, BatchFailure> {
  const runtime = useRuntime<R>()
  const processor = Effect.isEffect(source) ? undefined : source
  const known = processor?.peek(key)
  const isKnown = known !== undefined
  const [result, setResult] = useState<{ readonly key: K; readonly result: EffectResult<A, BatchFailure> }>()
  useEffect(() => {
    if (isKnown) return
    const controller = new AbortController()
    const lookup = Effect.isEffect(source) ? Effect.flatMap(source, (p) => p.get(key)) : source.get(key)
    runtime.runPromiseExit(lookup, { signal: controller.signal }).then((exit) => {
      if (!controller.signal.aborted) setResult({ key, result: exitToResult(exit) })
    })
    return () => controller.abort()
  }, [runtime, source, key, isKnown])
  if (known !== undefined) return { _tag: "Success", value: known }
  return result !== undefined && result.key === key ? result.result : loading
}
