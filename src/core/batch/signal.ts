/**
 * Signal: a wake-up call for one fiber. `sleep` suspends until `wake`; a `wake` while nobody sleeps is remembered,
 * so a wake-up that lands while the fiber is busy is never lost.
 *
 * @module
 */
import * as Effect from "effect/Effect"

/** A wake-up call; see the module doc. */
export interface Signal {
  /** Resume the sleeping fiber, or make its next `sleep` return at once. */
  readonly wake: () => void
  /** Suspend until woken (at once if a wake-up is pending). */
  readonly sleep: Effect.Effect<void>
}

/** A signal with nobody asleep and no wake-up pending. */
export const makeSignal = (): Signal => {
  let sleeper: ((effect: Effect.Effect<void>) => void) | undefined
  let woken = false
  return {
    wake: () => {
      const resume = sleeper
      if (resume === undefined) woken = true
      else {
        sleeper = undefined
        resume(Effect.void)
      }
    },
    sleep: Effect.callback<void>((resume) => {
      if (!woken) sleeper = resume
      else {
        woken = false
        resume(Effect.void)
      }
    })
  }
}
