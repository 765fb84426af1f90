/**
 * Rule: responses of the platform's own hosts go through the ChallengeInterceptor, when PlatformHttp has one,
 * which may hold the request, run a challenge and re-send it (through the CSRF rule and everything below it, so
 * it is re-signed). The re-send is marked by the retry-attempt header when the site enables it.
 *
 * Trust: challenge headers are honoured only on a response whose request went to a platform host and that came
 * from one (../targets.ts). A failed response of any other host (the flow only looks at failed responses) never
 * reaches the interceptor, so neither the flow nor its on-demand loader runs for it: it is an ordinary
 * ResponseError.
 *
 * @module
 */
import type * as HttpClientError from "effect/http/HttpClientError"
import * as Effect from "effect/Effect"
import type { ChallengeFailure, ChallengeInterceptorShape } from "../../challenge/ChallengeInterceptor.ts"
import type { PlatformConfigShape } from "../../config/PlatformConfig.ts"
import { fromPlatform, type Targets } from "../targets.ts"
import { middleware } from "./middleware.ts"
import { markResend } from "./retryAttempt.ts"

/** Let the challenge flow see the responses of platform hosts; what it re-sends is marked as a re-send. */
export const withChallenge = (config: PlatformConfigShape, interceptor: ChallengeInterceptorShape, targets: Targets) =>
  middleware<HttpClientError.HttpClientError, never, HttpClientError.HttpClientError | ChallengeFailure, never>(
    (request, send) =>
      Effect.flatMap(send(request), (response) =>
        response.status < 400 || fromPlatform(targets, response)
          ? interceptor.intercept(request, response, (resent) => send(markResend(config, resent)))
          : Effect.succeed(response))
  )
