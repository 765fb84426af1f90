/**
 * PlatformHttp with the challenge flow, composed once (use it INSTEAD of `PlatformHttp.layer`).
 *
 * ```ts
 * // in the browser: the DOM presenter (mount a <ChallengeHost/>) and Worker-run script challenges
 * const platform = PlatformHttpWithChallenges.browser.pipe(
 *   Layer.provideMerge(Layer.mergeAll(PlatformConfig.layer(config), KeyValueStore.browser, Telemetry.browser(undefined))),
 *   Layer.provideMerge(FetchHttpClient.layer)
 * )
 * // in tests: your own presenter and runner
 * PlatformHttpWithChallenges.layer.pipe(Layer.provideMerge(ScriptedChallengePresenter.layer()), …)
 * ```
 *
 * PlatformHttp is built fresh here (its ChallengeInterceptor comes from ChallengeHandler), so an interceptor-less
 * PlatformHttp built elsewhere in the same app is never reused by mistake.
 *
 * @module
 */
import * as Layer from "effect/Layer"
import { ScriptRunner } from "../browser/ScriptRunner.ts"
import { CsrfStore } from "../csrf/CsrfStore.ts"
import { PlatformHttp } from "../http/PlatformHttp.ts"
import { SessionHeaders } from "../http/SessionHeaders.ts"
import { ChallengeHandler } from "./ChallengeHandler.ts"
import { DomChallengePresenter } from "./DomChallengePresenter.ts"

const layer = Layer.fresh(PlatformHttp.layerNoDeps).pipe(
  Layer.provideMerge(ChallengeHandler.layer),
  Layer.provideMerge(Layer.merge(CsrfStore.layer, SessionHeaders.layer))
)

/** PlatformHttp with the challenge flow. */
export const PlatformHttpWithChallenges = {
  /**
   * PlatformHttp, its CsrfStore and SessionHeaders, the ChallengeHandler and its interceptor; needs a
   * ChallengePresenter and a ScriptRunner besides what `PlatformHttp.layer` needs (config, storage, telemetry,
   * an HttpClient).
   */
  layer,
  /**
   * {@link PlatformHttpWithChallenges.layer} with the DOM presenter (and its ChallengeComponent, which a mounted
   * ChallengeHost attaches to) and dedicated-Worker script runs.
   */
  browser: layer.pipe(Layer.provideMerge(Layer.merge(DomChallengePresenter.browser, ScriptRunner.browser)))
}
