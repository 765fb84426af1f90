/**
 * Rule: responses go through the ChallengeInterceptor, when PlatformHttp has one, which may hold the request,
 * run a challenge and re-send it (through the CSRF rule and everything below it, so it is re-signed). The
 * re-send is marked by the retry-attempt header when the site enables it.
 *
 * @module
 */
import type * as HttpClientError from "effect/http/HttpClientError"
import * as Effect from "effect/Effect"
import type { ChallengeFailure, ChallengeInterceptorShape } from "../../challenge/ChallengeInterceptor.ts"
import type { PlatformConfigShape } from "../../config/PlatformConfig.ts"
import { middleware } from "./middleware.ts"
import { markResend } from "./retryAttempt.ts"

/** Let the challenge flow see every response; what it re-sends is marked as a re-send. */
export const withChallenge = (config: PlatformConfigShape, interceptor: ChallengeInterceptorShape) =>
  middleware<HttpClientError.HttpClientError, never, HttpClientError.HttpClientError | ChallengeFailure, never>(
    (request, send) =>
      Effect.flatMap(send(request), (response) =>
        interceptor.intercept(request, response, (resent) => send(markResend(config, resent))))
  )
