/**
 * A typed platform client built once over the page's runtime (PlatformHttp and PlatformConfig come from it).
 *
 * @module
 */
import { type Context, Effect, type Layer } from "effect"
import { type EffectResult, useEffectResult } from "../lib.ts"

/** Build the client `key` from its layer over the page's runtime. */
export const useClient = <I, S, R>(key: Context.Key<I, S>, layer: Layer.Layer<I, never, R>): EffectResult<S, never> =>
  useEffectResult(() => Effect.provide(key, layer), [])
