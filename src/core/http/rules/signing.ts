/**
 * Rule: every send (re-sends included) to one of the platform's own hosts (PlatformConfig.platformHosts) is
 * signed by the RequestSigner, when PlatformHttp has one; requests to other hosts never reach the signer. The
 * signer applies its own policy on top (the signing allow-list, the user, the sample:
 * ../../signing/policy/SigningPolicy.ts).
 * Signing never blocks a request: when the signer cannot sign (it fails with the SigningFailure it has reported),
 * the request goes out unsigned. The wait is bounded by the signer, not here (this rule runs before the request's
 * time-out, which does not cover it): the library's signers bound each request's signing by
 * RequestSigningTimeout (2 s; `SigningTimedOut`) after their one-time preparation, itself bounded (key pair,
 * frame, on-demand code). Only the signer can tell the two apart: a bound here would either cut a slow first key
 * load short on every request or be too long to catch a hung digest (../../signing/makeRequestSigner.ts).
 *
 * Signing itself lives in src/core/signing: its layers in Signing.ts; the signer both modes share in
 * makeRequestSigner.ts; the header's value computed by token/BoundAuthTokenSigner.ts (this origin's key) or through
 * the security frame, frame/SecurityFrame.ts (another sub-domain). This rule stays with the pipeline's other rules:
 * it knows only the RequestSigner contract.
 *
 * @module
 */
import * as Effect from "effect/Effect"
import type { RequestSignerShape } from "../../signing/RequestSigner.ts"
import type { Emit } from "../observer.ts"
import type { Rule } from "../pipeline.ts"
import type { Targets } from "../targets.ts"

/** Sign each request to a platform host as it is sent. */
export const signing =
  (signer: RequestSignerShape, targets: Targets, emit: Emit | undefined): Rule =>
  (request, send) => {
    if (!targets(request.url).platform) {
      emit?.({ _tag: "NotSigned", call: request.call ?? 0, reason: "NotPlatformHost" })
      return send(request)
    }
    return Effect.matchEffect(signer.sign(request), {
      onSuccess: (signed) => {
        emit?.({ _tag: "Signed", call: request.call ?? 0 })
        return send(signed)
      },
      onFailure: (failure) => {
        emit?.({ _tag: "NotSigned", call: request.call ?? 0, reason: failure.reason })
        return send(request)
      }
    })
  }
