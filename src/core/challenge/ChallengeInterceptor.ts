/**
 * ChallengeInterceptor: the contract through which PlatformHttp hands challenged responses to the challenge flow.
 *
 * PlatformHttp uses a ChallengeInterceptor when one is in its context. Every response passes through
 * `intercept` together with its request and a `send` function for the rest of the pipeline (CSRF refresh, header
 * relay, security headers, signing, transport), so that a held request can be re-sent, re-signed, after the
 * challenge completes. Responses without challenge headers must be returned unchanged.
 *
 * @module
 */
import * as Context from "effect/Context"
import type * as Effect from "effect/Effect"
import type * as HttpClientError from "effect/http/HttpClientError"
import type * as HttpClientRequest from "effect/http/HttpClientRequest"
import type * as HttpClientResponse from "effect/http/HttpClientResponse"

/**
 * Sends a request through the part of the pipeline below the challenge rule. Call it when the request is to be
 * sent (inside `Effect.suspend` or a continuation): it reads the current token and signs right away.
 */
export type ChallengeSend = (
  request: HttpClientRequest.HttpClientRequest
) => Effect.Effect<HttpClientResponse.HttpClientResponse, HttpClientError.HttpClientError>

/** A typed failure of the challenge flow; it reaches the caller of PlatformHttp as it is. */
export interface ChallengeFailure {
  readonly _tag: "ChallengeError"
  readonly message: string
}

/** The shape of a challenge interceptor. */
export interface ChallengeInterceptorShape {
  readonly intercept: (
    request: HttpClientRequest.HttpClientRequest,
    response: HttpClientResponse.HttpClientResponse,
    send: ChallengeSend
  ) => Effect.Effect<HttpClientResponse.HttpClientResponse, HttpClientError.HttpClientError | ChallengeFailure>
}

/** Intercepts challenged responses; optional for PlatformHttp. */
export class ChallengeInterceptor extends Context.Service<ChallengeInterceptor, ChallengeInterceptorShape>()(
  "platform-web-client/core/challenge/ChallengeInterceptor"
) {}
