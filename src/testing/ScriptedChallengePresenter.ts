/**
 * ScriptedChallengePresenter: a ChallengePresenter for tests of apps that use the challenge flow.
 *
 * Instead of a frame, each presentation plays a script of steps: values posted as if by the challenge page
 * (decoded exactly like the browser presenter decodes them, so malformed values are ignored), waits on the
 * Effect Clock (use TestClock), and the frame going away. The control service records the presentations,
 * counts the frames shown at once, switches the challenge component's availability, and posts to the frames
 * that are showing.
 *
 * ```ts
 * const layer = ScriptedChallengePresenter.layer(() => ScriptedChallengePresenter.complete({ captchaToken: "t" }))
 * ```
 *
 * @module
 */
import type * as Cause from "effect/Cause"
import * as Context from "effect/Context"
import type * as Duration from "effect/Duration"
import * as Effect from "effect/Effect"
import type * as Layer from "effect/Layer"
import * as Queue from "effect/Queue"
import type * as Schema from "effect/Schema"
import { ChallengePresenter, type ChallengePresentation } from "../core/challenge/presenters/ChallengePresenter.ts"
import { type ChallengePageMessage, decodePageMessage, pageMessage } from "../core/challenge/presenters/messages.ts"
import { layerWithControl } from "./memory/layerWithControl.ts"

/** One step of a scripted presentation. */
export type ScriptStep =
  /** The page posts this value (usually a `{ genericChallengeResponse: { type, data } }` envelope). */
  | { readonly post: unknown }
  /** Wait on the Effect Clock before the next step. */
  | { readonly wait: Duration.Input }
  /** The frame goes away (as when the host unmounts). */
  | { readonly close: true }

/** The steps of the `index`-th presentation (0-based). Without more steps the frame stays until the flow ends. */
export type ChallengeScript = (presentation: ChallengePresentation, index: number) => ReadonlyArray<ScriptStep>

/** The test-side control of the scripted presenter. */
export interface ScriptedChallengeControlShape {
  /** Every presentation so far, in order. */
  readonly presentations: Effect.Effect<ReadonlyArray<ChallengePresentation>>
  /** How many frames are showing now. */
  readonly mounted: Effect.Effect<number>
  /** The most frames ever shown at once. */
  readonly maxMounted: Effect.Effect<number>
  /** Make the challenge component (un)available. */
  readonly setAvailable: (available: boolean) => Effect.Effect<void>
  /** Post a value to every frame showing now, as the page would. */
  readonly post: (data: unknown) => Effect.Effect<void>
}

/** Control of the presenter provided by {@link ScriptedChallengePresenter.layer}. */
export class ScriptedChallengeControl extends Context.Service<
  ScriptedChallengeControl,
  ScriptedChallengeControlShape
>()("platform-web-client/testing/ScriptedChallengeControl") {}

const loadedSteps: ReadonlyArray<ScriptStep> = [
  { post: pageMessage("challengePageLoaded", true) },
  { post: pageMessage("challengeParsed", true) },
  { post: pageMessage("challengeInitialized", true) },
  { post: pageMessage("challengeDisplayed", true) }
]

/** Scripted presentations. */
export const ScriptedChallengePresenter = {
  /**
   * A presenter playing `script` for each presentation (default: every challenge is completed with its own
   * metadata), available unless `available: false`, and its control.
   */
  layer(
    script: ChallengeScript = () => ScriptedChallengePresenter.complete(),
    options: { readonly available?: boolean } = {}
  ): Layer.Layer<ChallengePresenter | ScriptedChallengeControl> {
    return layerWithControl(ChallengePresenter, ScriptedChallengeControl, () => {
      const presentations: Array<ChallengePresentation> = []
      const showing = new Set<Queue.Queue<ChallengePageMessage, Cause.Done>>()
      // Posted values are decoded as the browser presenter decodes them: malformed ones never reach the flow.
      const postTo = (queue: Queue.Queue<ChallengePageMessage, Cause.Done>, data: unknown) => {
        const message = decodePageMessage(data)
        return message._tag === "Some" ? Queue.offer(queue, message.value) : Effect.void
      }
      let available = options.available ?? true
      let maxMounted = 0
      return [
        ChallengePresenter.of({
          available: Effect.sync(() => available),
          present: (presentation) =>
            Effect.gen(function* () {
              const index = presentations.push(presentation) - 1
              const queue = yield* Queue.unbounded<ChallengePageMessage, Cause.Done>()
              yield* Effect.acquireRelease(
                Effect.sync(() => {
                  showing.add(queue)
                  maxMounted = Math.max(maxMounted, showing.size)
                }),
                () => Effect.sync(() => void showing.delete(queue))
              )
              yield* Effect.forkScoped(
                Effect.forEach(
                  script(presentation, index),
                  (step) =>
                    "post" in step
                      ? postTo(queue, step.post)
                      : "wait" in step
                        ? Effect.sleep(step.wait)
                        : Effect.sync(() => void showing.delete(queue)).pipe(Effect.andThen(Queue.end(queue))),
                  {
                    discard: true
                  }
                )
              )
              return queue
            })
        }),
        ScriptedChallengeControl.of({
          presentations: Effect.sync(() => [...presentations]),
          mounted: Effect.sync(() => showing.size),
          maxMounted: Effect.sync(() => maxMounted),
          setAvailable: (next) => Effect.sync(() => void (available = next)),
          post: (data) => Effect.forEach([...showing], (queue) => postTo(queue, data), { discard: true })
        })
      ]
    })
  },

  /** The page loads, shows the challenge and completes it, with `metadata` (default: the challenge's own). */
  complete(metadata?: Schema.JsonObject, challengeId?: string): ReadonlyArray<ScriptStep> {
    const data = {
      ...(challengeId === undefined ? {} : { challengeId }),
      ...(metadata === undefined ? {} : { challengeMetadata: metadata })
    }
    return [...loadedSteps, { post: pageMessage("challengeCompleted", data) }]
  },

  /** The page loads, shows the challenge, and the person abandons it. */
  abandon(): ReadonlyArray<ScriptStep> {
    return [...loadedSteps, { post: pageMessage("challengeAbandoned", {}) }]
  },

  /** The page loads, shows the challenge, and invalidates it (with a reason and code when given). */
  invalidate(reason?: string, errorCode?: string): ReadonlyArray<ScriptStep> {
    const data = { ...(reason === undefined ? {} : { reason }), ...(errorCode === undefined ? {} : { errorCode }) }
    return [...loadedSteps, { post: pageMessage("challengeInvalidated", data) }]
  },

  /** The page reports it failed to load. */
  failLoad(): ReadonlyArray<ScriptStep> {
    return [{ post: pageMessage("challengePageLoaded", false) }]
  },

  /** The page loads and shows the challenge, then nothing: the test drives it with the control's `post`. */
  show(): ReadonlyArray<ScriptStep> {
    return loadedSteps
  }
}
