/**
 * Rule: every send (re-sends included) is signed by the RequestSigner, when PlatformHttp has one. Signing never
 * blocks a request: the signer returns the request unchanged when it cannot sign.
 *
 * @module
 */
import * as Effect from "effect/Effect"
import type { RequestSignerShape } from "../../signing/RequestSigner.ts"
import { middleware } from "./middleware.ts"

/** Sign each request as it is sent. */
export const withSigning = <E, R>(signer: RequestSignerShape) =>
  middleware<E, R, E, R>((request, send) => Effect.flatMap(signer.sign(request), send))
