/**
 * The challenge flow, loaded on demand: a ChallengeInterceptor that holds none of the flow's code until a failed
 * response carries a challenge header. Challenges are rare, and the flow (header and metadata schemas, the
 * handler, the DOM presenter, the challenge frames, the script-challenge harness and its Worker runner) is the
 * largest part of the core layer, so a page loads it with a dynamic `import()` the first time it is challenged
 * (docs/bundle-size.md). `PlatformHttpWithChallenges.browser` (and so `browserPlatformLayer({ challenges: true })`)
 * is built on it.
 *
 * - A response below 400, or without any of the three challenge headers (./headerNames.ts), goes on unchanged
 *   without loading anything.
 * - Otherwise the flow is loaded and built once, in the layer's scope, with the context the layer was built
 *   with (../lazy/onDemand.ts); the response is then handed to the flow's interceptor, exactly as if it had been
 *   built up front (a partial set of headers is logged by the flow, and so on). Responses challenged while it
 *   loads wait for the same load.
 * - Should the flow fail to load or build (a chunk that cannot be fetched), `Could not load the challenge flow` is
 *   logged (Error level) and the response goes on, so the caller gets the original error; the next challenged
 *   response tries again.
 *
 * @module
 */
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import type * as Scope from "effect/Scope"
import { onDemand } from "../lazy/onDemand.ts"
import { ChallengeInterceptor, type ChallengeInterceptorShape } from "./ChallengeInterceptor.ts"
import { hasChallengeHeader } from "./headerNames.ts"

/** The log line when the challenge flow cannot be loaded. */
export const flowUnavailableLog = "Could not load the challenge flow"

/**
 * A ChallengeInterceptor that loads the flow's interceptor (built by the effect `load` gives) the first time a
 * failed response carries a challenge header (see the module doc); `load` is typically
 * `() => import("./module.ts").then((m) => m.makeInterceptor)`.
 */
export const challengeFlowOnDemand = <E, R>(
  load: () => Promise<Effect.Effect<ChallengeInterceptorShape, E, R | Scope.Scope>>
): Layer.Layer<ChallengeInterceptor, never, R> =>
  Layer.effect(
    ChallengeInterceptor,
    Effect.gen(function*() {
      const flow = onDemand(load, yield* Effect.scope, yield* Effect.context<R>())
      return ChallengeInterceptor.of({
        intercept: (request, response, send) =>
          response.status < 400 || !hasChallengeHeader(response.headers)
            ? Effect.succeed(response)
            : Effect.matchCauseEffect(flow, {
              onFailure: (cause) => Effect.as(Effect.logError(flowUnavailableLog, cause), response),
              onSuccess: (interceptor) => interceptor.intercept(request, response, send)
            })
      })
    })
  )
