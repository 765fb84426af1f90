/**
 * RequestSigner: the contract through which PlatformHttp signs requests (the x-bound-auth-token header).
 *
 * PlatformHttp uses a RequestSigner when one is in its context and sends unsigned requests otherwise. It calls
 * `sign` on every send to a platform host, re-sends included (after a CSRF refresh or a challenge), so every request
 * that goes out carries a fresh signature. Signing never blocks a request: when signing is not possible, `sign`
 * fails with the SigningFailure (which the signer has logged and reported itself) and the request goes out unsigned.
 * `sign` must settle in bounded time (the pipeline does not time it: it runs before the request's time-out); the
 * library's signers (makeRequestSigner) bound each request's signing by `RequestSigningTimeout`, and a signer of
 * your own must bound its waits too.
 * The request is the pipeline's own light value (../http/request.ts).
 *
 * @module
 */
import * as Context from "effect/Context"
import type * as Effect from "effect/Effect"
import type { HttpRequest } from "../http/request.ts"
import type { SigningFailure } from "./SigningFailure.ts"

/** The shape of a request signer. */
export interface RequestSignerShape {
  /** The request with its signature header; or why it goes out unsigned (already reported by the signer). */
  readonly sign: (request: HttpRequest) => Effect.Effect<HttpRequest, SigningFailure>
}

/** Signs outgoing requests; optional for PlatformHttp. */
export class RequestSigner extends Context.Service<RequestSigner, RequestSignerShape>()(
  "platform-web-client/core/signing/RequestSigner"
) {}
