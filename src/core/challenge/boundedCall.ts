/**
 * A call the challenge flow makes to the challenge service, bounded by {@link ChallengeCallTimeout}: a service
 * that never answers fails the call instead of holding the challenge (and the single challenge slot) forever.
 *
 * @module
 */
import * as Data from "effect/Data"
import * as Duration from "effect/Duration"
import * as Effect from "effect/Effect"
import { ChallengeCallTimeout } from "./settings.ts"

/** A call to the challenge service took longer than {@link ChallengeCallTimeout}. */
export class ChallengeCallTimedOut extends Data.TaggedError("ChallengeCallTimedOut")<{
  /** The call, e.g. `POST /v1/continue`. */
  readonly call: string
}> {}

/**
 * `call`, failing with {@link ChallengeCallTimedOut} (and a Warning naming it) when it takes longer than
 * {@link ChallengeCallTimeout}; the call is interrupted, which aborts its request.
 */
export const boundedCall = <A, E, R>(
  name: string,
  call: Effect.Effect<A, E, R>
): Effect.Effect<A, E | ChallengeCallTimedOut, R> =>
  Effect.flatMap(ChallengeCallTimeout, (duration) =>
    Effect.timeoutOrElse(call, {
      duration,
      orElse: () =>
        Effect.andThen(
          Effect.logWarning(`Challenge service call ${name} timed out after ${Duration.toMillis(duration)} ms`),
          Effect.fail(new ChallengeCallTimedOut({ call: name }))
        )
    })
  )
