/**
 * The challenge chunk: the challenge flow, which the layers of ../challenge/Challenges.ts load through
 * ./challengeChunk.ts (the only importer, with a dynamic `import()`; tests import it directly) and ./onDemand.ts. Nothing else in the core imports this
 * module, so none of this code is in what a page loads up front, and a page that does not use `Challenges` has none
 * of it: the ChallengeHandler and its ChallengeInterceptor, over a given presenter and script runner, or over the
 * browser's (the DOM presenter, challenge frames, sandboxed script runs).
 *
 * @module
 */
import * as Layer from "effect/Layer"
import { ChallengeFrames } from "../browser/ChallengeFrames.ts"
import { ScriptRunner } from "../browser/ScriptRunner.ts"
import { ChallengeHandler } from "../challenge/ChallengeHandler.ts"
import { ChallengeInterceptor } from "../challenge/ChallengeInterceptor.ts"
import { DomChallengePresenter } from "../challenge/presenters/DomChallengePresenter.ts"
import { serviceOf } from "./onDemand.ts"

/** The challenge flow's interceptor over the presenter and script runner in context (`Challenges.layer`). */
export const makeChallengeInterceptor = serviceOf(ChallengeHandler.layer, ChallengeInterceptor)

/**
 * The challenge flow's interceptor in the browser (`Challenges.browser`): the DOM presenter (in the
 * ChallengeComponent a mounted ChallengeHost attaches to), the browser's challenge frames and sandboxed script runs.
 */
export const makeBrowserChallengeInterceptor = serviceOf(
  ChallengeHandler.layer.pipe(
    Layer.provide(
      Layer.merge(DomChallengePresenter.layer.pipe(Layer.provide(ChallengeFrames.browser)), ScriptRunner.browser)
    )
  ),
  ChallengeInterceptor
)
