/**
 * withDeadline: an effect bounded by a time-out, cheaply. `Effect.timeoutOrElse` races the effect with a sleep:
 * two forked fibers and a timer of its own per call, a measurable share of a signed request's cost (docs/performance.md,
 * "Signing"). Under Effect's live clock this runs the effect in ONE child fiber
 * and bounds it with a deadline on the library's shared timer (./deadlines.ts `liveDeadline`: no timer per call);
 * under any other clock in context (TestClock, a custom one) it is `Effect.timeoutOrElse`, so virtual time drives
 * it in tests. Either way: the effect's own exit when it ends in time; past `millis` the effect is interrupted, then
 * `onTimeout` runs; interrupting the caller interrupts the effect. In Node the shared timer does not keep the
 * process alive (./deadlines.ts): a process whose only work left is an effect that never ends exits rather than
 * wait for its time-out (a fetch or WebCrypto call in progress keeps it alive; only a promise that never settles does
 * not).
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
      ? Effect.callback<A, E | E2>((resume) => {
          // Started here, with the caller's services, so that the clean-up below is in place before the caller can
          // yield or be interrupted (a fork before this callback would leave a gap between the two).
          const run = Effect.runForkWith(fiber.context as Context.Context<R>)(effect)
          const done = run.pollUnsafe()
          if (done !== undefined) return resume(done)
          let over = false
          const stopWatching = run.addObserver((exit) => {
            over = true
            cancel()
            resume(exit)
          })
          const cancel = liveDeadline(millis, () => {
            if (over) return
            over = true
            stopWatching()
            // as Effect.timeoutOrElse: onTimeout once the effect was interrupted
            resume(Effect.flatMap(Fiber.interrupt(run), onTimeout))
          })
          return Effect.suspend(() => {
            over = true
            cancel()
            stopWatching()
            return Fiber.interrupt(run)
          })
        })
      : Effect.timeoutOrElse(effect, { duration: Duration.millis(millis), orElse: onTimeout })
  )
