/**
 * Rule: responses go through the ChallengeInterceptor, when PlatformHttp has one, which may hold the request,
 * run a challenge and re-send it (through the CSRF rule and everything below it, so it is re-signed).
 *
 * @module
 */
import type * as HttpClientError from "effect/http/HttpClientError"
import * as Effect from "effect/Effect"
import type { ChallengeFailure, ChallengeInterceptorShape } from "../../challenge/ChallengeInterceptor.ts"
import { middleware } from "./middleware.ts"

/** Let the challenge flow see every response. */
export const withChallenge = (interceptor: ChallengeInterceptorShape) =>
  middleware<HttpClientError.HttpClientError, never, HttpClientError.HttpClientError | ChallengeFailure, never>(
    (request, send) => Effect.flatMap(send(request), (response) => interceptor.intercept(request, response, send))
  )
