/**
 * The typed error behind a batched lookup's rejection: a lookup that gives UI code the call's own error
 * (`PlatformCallError`: a `ResponseError` with its status and codes, a `FetchError`, …) rather than the batch's
 * `BatchFailure` around it.
 *
 * @module
 */
import * as Effect from "effect/Effect"
import type { BatchFailure } from "../../core/batch/BatchFailure.ts"
import type { PlatformCallError } from "../clients/errors.ts"

/** The tags of {@link PlatformCallError}. */
const callErrorTags: ReadonlySet<string> = new Set<PlatformCallError["_tag"]>([
  "ResponseError",
  "FetchError",
  "TimeoutError",
  "RedirectError",
  "ResponseTooLargeError",
  "ChallengeError",
  "ResponseDecodeError",
  "RequestEncodeError",
  "RequiredError"
])

/** True when `cause` is one of the typed call errors. */
export const isPlatformCallError = (cause: unknown): cause is PlatformCallError =>
  typeof cause === "object" &&
  cause !== null &&
  callErrorTags.has((cause as { readonly _tag?: unknown })._tag as string)

/**
 * The call error a rejected key carries (the batch call failed with it, at its last attempt); a rejection for any
 * other reason (the batch died, an item the answer refused) is a defect: it is not a failure of the call.
 */
export const callErrorOf = (failure: BatchFailure): Effect.Effect<never, PlatformCallError> =>
  isPlatformCallError(failure.cause) ? Effect.fail(failure.cause) : Effect.die(failure)
