/**
 * The challenge flow's layers: part of the core's on-demand code (../lazy/extras.ts), which
 * `PlatformHttpWithChallenges` (./withChallenges.ts) loads with a dynamic `import()` the first time a page is
 * challenged (`browser`) or when its layer is built (`layer`), so that the flow's code stays out of the code a
 * page loads up front (docs/bundle-size.md).
 *
 * @module
 */
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import { ChallengeFrames } from "../browser/ChallengeFrames.ts"
import { ScriptRunner } from "../browser/ScriptRunner.ts"
import { CsrfStore } from "../csrf/CsrfStore.ts"
import { PlatformHttp } from "../http/PlatformHttp.ts"
import { SessionHeaders } from "../http/SessionHeaders.ts"
import { ChallengeHandler } from "./ChallengeHandler.ts"
import { ChallengeInterceptor } from "./ChallengeInterceptor.ts"
import { DomChallengePresenter } from "./DomChallengePresenter.ts"

/** `PlatformHttpWithChallenges.layer`: PlatformHttp built fresh over the handler, its CsrfStore and SessionHeaders. */
export const withChallengesLayer = Layer.fresh(PlatformHttp.layerNoDeps).pipe(
  Layer.provideMerge(ChallengeHandler.layer),
  Layer.provideMerge(Layer.merge(CsrfStore.layer, SessionHeaders.layer))
)

/**
 * The flow in the browser: the handler (and its interceptor) over the DOM presenter, the browser's challenge
 * frames and dedicated-Worker script runs; needs the ChallengeComponent (which a mounted ChallengeHost attaches
 * to), the configuration, CsrfStore, SessionHeaders and telemetry.
 */
export const browserChallengeFlow = ChallengeHandler.layer.pipe(
  Layer.provide(Layer.merge(DomChallengePresenter.layer.pipe(Layer.provide(ChallengeFrames.browser)), ScriptRunner.browser))
)

/** The interceptor of {@link browserChallengeFlow}, built in the current scope (what `browser` loads on demand). */
export const browserChallengeInterceptor = Effect.map(
  Layer.build(browserChallengeFlow),
  (built) => Context.get(built, ChallengeInterceptor)
)
