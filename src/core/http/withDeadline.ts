/**
 * withDeadline: an effect bounded by a time-out, cheaply. `Effect.timeoutOrElse` races the effect with a sleep:
 * two forked fibers and a timer of its own per call (measured in Node: about 3 µs more than the effect alone, a tenth
 * of a signature's whole cost over WebCrypto). Under Effect's live clock this runs the effect in ONE child fiber
 * and bounds it with a deadline on the library's shared timer (./deadlines.ts `liveDeadline`: no timer per call);
 * under any other clock in context (TestClock, a custom one) it is `Effect.timeoutOrElse`, so virtual time drives
 * it in tests. Either way: the effect's own exit when it ends in time; past `millis` the effect is interrupted and
 * `onTimeout` runs; interrupting the caller interrupts the effect.
 *
 * @module
 */
import * as Clock from "effect/Clock"
import * as Context from "effect/Context"
import * as Duration from "effect/Duration"
import * as Effect from "effect/Effect"
import * as Fiber from "effect/Fiber"
import { liveDeadline } from "./deadlines.ts"

/** `effect` bounded by `millis` (a positive, finite number): past it, interrupted, and `onTimeout` instead. */
export const withDeadline = <A, E, R, E2>(
  effect: Effect.Effect<A, E, R>,
  millis: number,
  onTimeout: () => Effect.Effect<never, E2>
): Effect.Effect<A, E | E2, R> =>
  Effect.withFiber((fiber) =>
    Context.getOrUndefined(fiber.context, Clock.Clock) === undefined
      ? Effect.flatMap(Effect.forkChild(effect, { startImmediately: true }), (child) =>
        Effect.callback<A, E | E2>((resume) => {
          let stopWatching: (() => void) | undefined
          const cancel = liveDeadline(millis, () => {
            stopWatching?.()
            resume(Effect.andThen(Fiber.interrupt(child), onTimeout()))
          })
          stopWatching = child.addObserver((exit) => {
            cancel()
            resume(exit)
          })
          return Effect.andThen(Effect.sync(() => {
            cancel()
            stopWatching?.()
          }), Fiber.interrupt(child))
        }))
      : Effect.timeoutOrElse(effect, { duration: Duration.millis(millis), orElse: onTimeout })
  )
