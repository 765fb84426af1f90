/**
 * PlatformHttp with the challenge flow, composed once (use it INSTEAD of `PlatformHttp.layer`).
 *
 * ```ts
 * // in the browser: the DOM presenter (mount a <ChallengeHost/>) and Worker-run script challenges
 * const platform = PlatformHttpWithChallenges.browser.pipe(
 *   Layer.provideMerge(Layer.mergeAll(PlatformConfig.layer(config), KeyValueStore.browser, Telemetry.browser(undefined)))
 * )
 * // in tests: your own presenter and runner
 * PlatformHttpWithChallenges.layer.pipe(Layer.provideMerge(ScriptedChallengePresenter.layer()), …)
 * ```
 *
 * PlatformHttp is built fresh here (its ChallengeInterceptor comes from the challenge flow), so an
 * interceptor-less PlatformHttp built elsewhere in the same app is never reused by mistake.
 *
 * The flow's code (./challengeFlow.ts, part of the core's on-demand code ../lazy/extras.ts) is not imported by
 * this module: `browser` loads it the first time a failed response carries a challenge header (./onDemand.ts),
 * and `layer` when it is built; either way with a dynamic `import()`, so that it stays out of the code a page
 * loads up front (docs/bundle-size.md).
 *
 * @module
 */
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import { CsrfStore } from "../csrf/CsrfStore.ts"
import { loadExtras } from "../lazy/loadExtras.ts"
import { PlatformHttp } from "../http/PlatformHttp.ts"
import { SessionHeaders } from "../http/SessionHeaders.ts"
import { ChallengeComponent } from "./ChallengeComponent.ts"
import { challengeFlowOnDemand } from "./onDemand.ts"

/** The core's on-demand code, the challenge flow among it (../lazy/extras.ts). */
const flow = loadExtras

/** PlatformHttp with the challenge flow. */
export const PlatformHttpWithChallenges = {
  /**
   * PlatformHttp, its CsrfStore and SessionHeaders, the ChallengeHandler and its interceptor; needs a
   * ChallengePresenter and a ScriptRunner besides what `PlatformHttp.layer` needs (config, storage, telemetry).
   * The flow's code is loaded when the layer is built.
   */
  layer: Layer.unwrap(Effect.map(Effect.promise(flow), (module) => module.withChallengesLayer)),
  /**
   * PlatformHttp, its CsrfStore and SessionHeaders, and the ChallengeComponent (which a mounted ChallengeHost
   * attaches to), with the challenge flow in the browser (the DOM presenter and dedicated-Worker script runs)
   * loaded on demand: the first time a failed response carries a challenge header (see ./onDemand.ts).
   */
  browser: Layer.fresh(PlatformHttp.layerNoDeps).pipe(
    Layer.provideMerge(challengeFlowOnDemand(() => flow().then((module) => module.browserChallengeInterceptor))),
    Layer.provideMerge(Layer.merge(CsrfStore.layer, SessionHeaders.layer)),
    Layer.provideMerge(ChallengeComponent.layer)
  )
}
