/**
 * A call the challenge flow makes to the challenge service, bounded by {@link ChallengeCallTimeout}: a service
 * that never answers fails the call instead of holding the challenge (and the single challenge slot) forever.
 *
 * @module
 */
import * as Cause from "effect/Cause"
import * as Duration from "effect/Duration"
import * as Effect from "effect/Effect"
import { ChallengeCallTimeout } from "./settings.ts"

/**
 * `call`, failing with a `Cause.TimeoutError` (and a Warning naming `name`, e.g. `POST /v1/continue`) when it takes
 * longer than {@link ChallengeCallTimeout}; the call is interrupted, which aborts its request.
 */
export const boundedCall = <A, E, R>(name: string, call: Effect.Effect<A, E, R>): Effect.Effect<A, E | Cause.TimeoutError, R> =>
  Effect.flatMap(ChallengeCallTimeout, (duration) =>
    Effect.timeoutOrElse(call, {
      duration,
      orElse: () =>
        Effect.andThen(
          Effect.logWarning(`Challenge service call ${name} timed out after ${Duration.toMillis(duration)} ms`),
          Effect.fail(new Cause.TimeoutError())
        )
    }))
