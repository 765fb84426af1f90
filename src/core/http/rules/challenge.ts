/**
 * Rule: failed responses (status 400 and above) of the platform's own hosts go through the ChallengeInterceptor,
 * when PlatformHttp has one, which may hold the request, run a challenge and re-send it (through the CSRF rule and
 * everything after it, so it is re-signed). The re-send is marked by the retry-attempt header when the site enables
 * it.
 *
 * Without a ChallengeInterceptor, a platform host's failed response that carries challenge headers is the caller's
 * ResponseError as it is, and {@link noChallengeFlowLog} (Warning) says how to enable the flow.
 *
 * Trust: challenge headers are honoured only on a response whose request went to a platform host and that came
 * from one (../targets.ts). A failed response of any other host never reaches the interceptor, so neither the flow
 * nor its on-demand loader runs for it: it is an ordinary ResponseError.
 *
 * The challenge flow lives in src/core/challenge: its layers in Challenges.ts, the flow itself (hold, show, continue,
 * re-send) in ChallengeHandler.ts, the presenters in presenters/. This rule stays with the pipeline's other rules:
 * it knows only the ChallengeInterceptor contract and the challenge header names.
 *
 * @module
 */
import * as Effect from "effect/Effect"
import { challengeHeaderNames, hasChallengeHeader } from "../../challenge/headerNames.ts"
import type { ChallengeInterceptorShape } from "../../challenge/ChallengeInterceptor.ts"
import type { PlatformConfigShape } from "../../config/PlatformConfig.ts"
import type { Emit } from "../observer.ts"
import type { Rule, Send } from "../pipeline.ts"
import type { HttpRequest } from "../request.ts"
import type { HttpResponse } from "../response.ts"
import { fromPlatform, type Targets } from "../targets.ts"
import { markResend } from "./retryAttempt.ts"

/** The log line (Warning) of a challenged response when no challenge flow is installed. */
export const noChallengeFlowLog =
  "Got a challenge, but no challenge flow is installed: build the layer with browserPlatformLayer({ challenges: Challenges.browser }) " +
  "(or platformLayer({ challenges: Challenges.browser })) and mount <ChallengeHost/> so that people can solve it; " +
  "the call fails with its original error"

/** A platform host's challenged failure: the only responses the challenge flow may act on. */
const challenged = (targets: Targets, response: HttpResponse): boolean =>
  response.status >= 400 && hasChallengeHeader(response.headers) && fromPlatform(targets, response)

/** The interceptor's handling, with its events (held, continued, failed or unhandled). */
const observed = (
  interceptor: ChallengeInterceptorShape,
  request: HttpRequest,
  response: HttpResponse,
  resend: Send,
  emit: Emit
) => {
  const call = request.call ?? 0
  emit({ _tag: "ChallengeHeld", call, challengeType: response.headers.get(challengeHeaderNames.type) ?? undefined })
  let continued = false
  return interceptor
    .intercept(request, response, (resent) => {
      continued = true
      emit({ _tag: "ChallengeContinued", call })
      return resend(resent)
    })
    .pipe(
      Effect.map((answer) => {
        if (!continued) emit({ _tag: "ChallengeUnhandled", call })
        return answer
      }),
      Effect.mapError((error) => {
        if (!continued && error._tag === "ChallengeError") emit({ _tag: "ChallengeFailed", call, reason: error.reason })
        return error
      })
    )
}

/**
 * Let the challenge flow see platform hosts' failed responses (what it re-sends is marked as a re-send); without a
 * flow, warn about challenged responses.
 */
export const challenge =
  (
    config: PlatformConfigShape,
    interceptor: ChallengeInterceptorShape | undefined,
    targets: Targets,
    emit: Emit | undefined
  ): Rule =>
  (request, send) => {
    const resend: Send = (resent) => send(markResend(config, resent))
    return Effect.flatMap(send(request), (response) => {
      if (interceptor === undefined) {
        if (!challenged(targets, response)) return Effect.succeed(response)
        emit?.({ _tag: "ChallengeUnhandled", call: request.call ?? 0 })
        return Effect.as(Effect.logWarning(noChallengeFlowLog), response)
      }
      if (response.status < 400 || !fromPlatform(targets, response)) return Effect.succeed(response)
      return emit !== undefined && hasChallengeHeader(response.headers)
        ? observed(interceptor, request, response, resend, emit)
        : interceptor.intercept(request, response, resend)
    })
  }
