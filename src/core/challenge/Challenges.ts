/**
 * Challenges: the challenge flow's layers. PlatformHttp hands the responses of platform hosts to the
 * ChallengeInterceptor of its context (`platformLayer({ challenges })`; `browserPlatformLayer({ challenges: Challenges.browser })`
 * uses {@link Challenges.browser}, `testPlatformLayer(…, { challenges: … })` {@link Challenges.layer}).
 *
 * | layer     | shows challenges                                                                 | needs (besides what platformLayer gives: CsrfStore, SessionHeaders)               |
 * |-----------|----------------------------------------------------------------------------------|------------------------------------------------------------------------------------|
 * | `browser` | in the DOM presenter (mount a `<ChallengeHost/>`); script challenges sandboxed    | PlatformConfig, Telemetry; provides the ChallengeComponent the host attaches to    |
 * | `layer`   | through the ChallengePresenter and ScriptRunner in context (tests: the scripted ones) | PlatformConfig, Telemetry, ChallengePresenter, ScriptRunner                        |
 *
 * Challenges are rare and the flow (header and metadata schemas, the handler, the presenter, the challenge frames,
 * the script runner) is the largest part of the core, so both hold a stand-in up front and load the flow from the
 * challenge chunk (../wiring/onDemand.ts, built in ../wiring/challengeCode.ts; the flow itself is ./ChallengeHandler.ts,
 * its presenters in ./presenters):
 *
 * - a response below 400, or without any of the three challenge headers (./headerNames.ts), goes on
 *   unchanged without loading anything;
 * - otherwise the flow is loaded and built once, in the layer's scope, with the context the layer was built with,
 *   and the response handed to it exactly as if it had been built up front (a partial set of headers is logged
 *   by the flow, and so on); responses challenged while it loads wait for the same load;
 * - should the flow not load (a chunk that cannot be fetched, or not within `OnDemandLoadTimeout`),
 *   `Could not load the challenge flow` is logged (Error) and the response goes on, so the caller gets the
 *   original error; the next challenged response tries again.
 *
 * @module
 */
import * as Cause from "effect/Cause"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import type * as Scope from "effect/Scope"
import type { ScriptRunner } from "../browser/ScriptRunner.ts"
import type { Telemetry } from "../browser/Telemetry.ts"
import { ChallengeComponent } from "./presenters/ChallengeComponent.ts"
import { ChallengeInterceptor, type ChallengeInterceptorShape } from "./ChallengeInterceptor.ts"
import type { ChallengePresenter } from "./presenters/ChallengePresenter.ts"
import { hasChallengeHeader } from "./headerNames.ts"
import type { PlatformConfig } from "../config/PlatformConfig.ts"
import type { CsrfStore } from "../csrf/CsrfStore.ts"
import type { SessionHeaders } from "../http/SessionHeaders.ts"
import { loadFailure, onDemand } from "../wiring/onDemand.ts"
import { loadChallengeCode, type ChallengeCode } from "../wiring/challengeChunk.ts"

/** The log line when the challenge flow cannot be loaded. */
export const flowUnavailableLog = "Could not load the challenge flow"

/** What the challenge flow needs from the pipeline it belongs to (`platformLayer` gives them). */
export type ChallengeFlowNeeds = PlatformConfig | Telemetry | CsrfStore | SessionHeaders

/**
 * A ChallengeInterceptor that loads the flow's interceptor (`make` builds it from the chunk `load` gives) the
 * first time a failed response carries a challenge header (see the module doc).
 */
export const challengeFlowOnDemand = <M, R>(
  load: () => Promise<M>,
  make: (code: M) => Effect.Effect<ChallengeInterceptorShape, never, R | Scope.Scope>
): Layer.Layer<ChallengeInterceptor, never, R> =>
  Layer.effect(
    ChallengeInterceptor,
    Effect.gen(function* () {
      const flow = yield* onDemand(load, make)
      return ChallengeInterceptor.of({
        intercept: (request, response, send) =>
          response.status < 400 || !hasChallengeHeader(response.headers)
            ? Effect.succeed(response)
            : Effect.matchCauseEffect(flow, {
                onFailure: (cause) =>
                  Effect.as(Effect.logError(flowUnavailableLog, loadFailure(Cause.squash(cause))), response),
                onSuccess: (interceptor) => interceptor.intercept(request, response, send)
              })
      })
    })
  )

/** The challenge-flow layers; see the module doc. */
export interface ChallengeLayers {
  readonly browser: Layer.Layer<ChallengeInterceptor | ChallengeComponent, never, ChallengeFlowNeeds>
  readonly layer: Layer.Layer<ChallengeInterceptor, never, ChallengeFlowNeeds | ChallengePresenter | ScriptRunner>
}

/** The challenge-flow layers over the chunk `load` gives (tests pass a chunk that fails, stalls or is replaced). */
export const makeChallenges = (load: () => Promise<ChallengeCode>): ChallengeLayers => ({
  browser: challengeFlowOnDemand(load, (code) => code.makeBrowserChallengeInterceptor).pipe(
    Layer.provideMerge(ChallengeComponent.layer)
  ),
  layer: challengeFlowOnDemand(load, (code) => code.makeChallengeInterceptor)
})

/** The challenge-flow layers; see the module doc. */
export const Challenges: ChallengeLayers = makeChallenges(loadChallengeCode)
