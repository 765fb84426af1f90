/**
 * What happens when a request goes out unsigned (SIGN-12 to SIGN-14: the request is sent unsigned, a
 * missing-signature event is sampled, and the failure is logged to the console).
 *
 * - `RequestExempt`: logged at Debug level (most requests are exempt: guests, other hosts); no event.
 * - any other reason: logged as a Warning, `Request sent without a bound-auth token ({reason}): {detail}`, annotated
 *   with `signingFailureReason`; and, for a share of `eventSampleRatePerMillion` per million failures (rolled with
 *   Effect's Random, so tests can seed it), the telemetry event {@link missingSignatureEvent} with the reason (property `kind`, the spec's word) and
 *   the request's host. Never the token, signature, key or URL path.
 *
 * @module
 */
import * as Effect from "effect/Effect"
import * as Random from "effect/Random"
import type { TelemetryShape } from "../browser/Telemetry.ts"
import type { SigningFailure } from "./SigningFailure.ts"
import { perMillion } from "./policy/SigningPolicy.ts"

/** The name of the sampled telemetry event of a request that should have been signed but was not. */
export const missingSignatureEvent = "boundAuthTokenMissing"

/** Log a signing failure and sample the missing-signature event; never fails. */
export const reportSigningFailure = (
  telemetry: TelemetryShape,
  eventSampleRatePerMillion: number,
  failure: SigningFailure,
  host: string | undefined
): Effect.Effect<void> => {
  if (failure.reason === "RequestExempt")
    return Effect.logDebug(`Request not signed (RequestExempt): ${failure.detail}`)
  const log = Effect.logWarning(`Request sent without a bound-auth token (${failure.reason}): ${failure.detail}`).pipe(
    Effect.annotateLogs("signingFailureReason", failure.reason)
  )
  if (eventSampleRatePerMillion <= 0) return log
  return Effect.andThen(
    log,
    Effect.flatMap(Random.nextIntBetween(0, perMillion, { halfOpen: true }), (roll) =>
      roll < eventSampleRatePerMillion
        ? telemetry.trackEvent(missingSignatureEvent, { kind: failure.reason, host: host ?? "" })
        : Effect.void
    )
  )
}
