/**
 * ChallengeInterceptor: the contract through which PlatformHttp hands challenged responses to the challenge flow.
 *
 * PlatformHttp uses a ChallengeInterceptor when one is in its context. Every failed response (status 400 and above)
 * of a platform host passes through `intercept` together with its request and a `send` function for the rest of the
 * pipeline (CSRF refresh, header relay, security headers, signing, transport), so that a held request can be
 * re-sent, re-signed, after the challenge completes. Responses without challenge headers must be returned
 * unchanged. The request and response are the pipeline's own light values (../http/request.ts, ../http/response.ts).
 *
 * @module
 */
import * as Context from "effect/Context"
import type * as Effect from "effect/Effect"
import type { PlatformHttpError } from "../http/errors.ts"
import type { HttpRequest } from "../http/request.ts"
import type { HttpResponse } from "../http/response.ts"

/**
 * Sends a request through the part of the pipeline after the challenge rule. Call it when the request is to be
 * sent (inside `Effect.suspend` or a continuation): it reads the current token and signs right away.
 */
export type ChallengeSend = (request: HttpRequest) => Effect.Effect<HttpResponse, PlatformHttpError>

/** The shape of a challenge interceptor. */
export interface ChallengeInterceptorShape {
  readonly intercept: (
    request: HttpRequest,
    response: HttpResponse,
    send: ChallengeSend
  ) => Effect.Effect<HttpResponse, PlatformHttpError>
}

/** Intercepts challenged responses; optional for PlatformHttp. */
export class ChallengeInterceptor extends Context.Service<ChallengeInterceptor, ChallengeInterceptorShape>()(
  "platform-web-client/core/challenge/ChallengeInterceptor"
) {}
