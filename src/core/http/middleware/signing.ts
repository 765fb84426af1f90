/**
 * Rule: every send (re-sends included) to one of the platform's own hosts (PlatformConfig.platformHosts) is
 * signed by the RequestSigner, when PlatformHttp has one; requests to other hosts never reach the signer. The
 * signer applies its own policy on top (the signing allow-list, the user, the sample: ../../signing/SigningPolicy.ts).
 * Signing never blocks a request: the signer returns the request unchanged when it cannot sign.
 *
 * @module
 */
import * as Effect from "effect/Effect"
import type { RequestSignerShape } from "../../signing/RequestSigner.ts"
import type { Targets } from "../targets.ts"
import { middleware } from "./middleware.ts"

/** Sign each request to a platform host as it is sent. */
export const withSigning = <E, R>(signer: RequestSignerShape, targets: Targets) =>
  middleware<E, R, E, R>((request, send) =>
    targets(request.url).platform ? Effect.flatMap(signer.sign(request), send) : send(request)
  )
