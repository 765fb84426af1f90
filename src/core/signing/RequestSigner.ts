/**
 * RequestSigner: the contract through which PlatformHttp signs requests (the x-bound-auth-token header).
 *
 * PlatformHttp uses a RequestSigner when one is in its context and sends unsigned requests otherwise. It calls
 * `sign` on every send, re-sends included (after a CSRF refresh or a challenge), so every request that goes out
 * carries a fresh signature. `sign` never fails: when signing is not possible the request goes out unsigned and
 * the signer logs the SigningFailure itself.
 *
 * @module
 */
import * as Context from "effect/Context"
import type * as Effect from "effect/Effect"
import type * as HttpClientRequest from "effect/http/HttpClientRequest"

/** The shape of a request signer. */
export interface RequestSignerShape {
  /** The request with its signature header, or unchanged when it is exempt or signing failed. */
  readonly sign: (request: HttpClientRequest.HttpClientRequest) => Effect.Effect<HttpClientRequest.HttpClientRequest>
}

/** Signs outgoing requests; optional for PlatformHttp. */
export class RequestSigner extends Context.Service<RequestSigner, RequestSignerShape>()(
  "platform-web-client/core/signing/RequestSigner"
) {}
