/**
 * A frame challenge shown through the ChallengePresenter: the page's messages read up to the challenge's outcome.
 *
 * @module
 */
import type * as Cause from "effect/Cause"
import * as Deferred from "effect/Deferred"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import * as Queue from "effect/Queue"
import { challengeCustomError, ChallengeError, frameClosed, pageLoadTimedOut, solveTimedOut } from "./ChallengeError.ts"
import { type Challenge, continueChallengeId } from "./metadata.ts"
import { challengeModal, type ChallengePresenterShape } from "./presenters/ChallengePresenter.ts"
import type { ChallengePageMessage } from "./presenters/messages.ts"
import type { ChallengeCompletion } from "./scriptChallenge.ts"
import { ChallengePageLoadTimeout, ChallengeSolveTimeout } from "./settings.ts"

const details = {
  parsed: "The challenge page could not parse the challenge.",
  initialized: "The challenge page could not initialise the challenge."
} as const

/**
 * The outcome of one page message: the page is alive and the challenge goes on, or the challenge's end. The real
 * page never posts `challengePageLoaded` (it tells only native apps), so any message that does not end the
 * challenge shows the page loaded.
 */
const onMessage = (
  challenge: Challenge,
  message: ChallengePageMessage
):
  | { readonly _tag: "Continue" }
  | {
      readonly _tag: "Done"
      readonly result: Exit.Exit<ChallengeCompletion, ChallengeError>
    } => {
  const fail = (reason: ChallengeError["reason"], detail?: string, code?: ChallengeError["code"]) => ({
    _tag: "Done" as const,
    result: Exit.fail(
      ChallengeError.of(reason, detail, {
        challengeType: challenge.type,
        customError: challengeCustomError,
        ...(code === undefined ? {} : { code })
      })
    )
  })
  switch (message.type) {
    case "challengePageLoaded":
      return message.success ? { _tag: "Continue" } : fail("loadfailed")
    case "challengeParsed":
      return message.success ? { _tag: "Continue" } : fail("unknown", details.parsed)
    case "challengeInitialized":
      return message.success ? { _tag: "Continue" } : fail("unknown", details.initialized)
    case "challengeDisplayed":
      return { _tag: "Continue" }
    case "challengeAbandoned":
      return fail("abandoned")
    case "challengeInvalidated":
      return fail("invalidated", message.reason, message.errorCode)
    case "challengeCompleted":
      return {
        _tag: "Done",
        result: Exit.succeed({
          challengeId: message.challengeId ?? challenge.id,
          continueId: continueChallengeId(challenge),
          metadata: message.challengeMetadata ?? challenge.rawMetadata
        })
      }
  }
}

/**
 * Show a frame challenge through the presenter and follow the page's messages to its outcome, every wait bounded:
 * the page's load (`ChallengePageLoadTimeout`) and the whole challenge (`ChallengeSolveTimeout`).
 */
export const showFrameChallenge = (
  presenter: ChallengePresenterShape,
  challenge: Challenge
): Effect.Effect<ChallengeCompletion, ChallengeError> =>
  Effect.scoped(
    Effect.gen(function* () {
      const loadTimeout = yield* ChallengePageLoadTimeout
      const outcome = yield* Deferred.make<ChallengeCompletion, ChallengeError>()
      const messages = yield* presenter.present({
        challenge,
        modal: challengeModal,
        customError: challengeCustomError
      })
      let loaded = false
      // Follow the page's messages up to the outcome; the queue ending first means the frame went away.
      const follow: Effect.Effect<void, Cause.Done> = Effect.flatMap(Queue.take(messages), (message) => {
        const step = onMessage(challenge, message)
        loaded = true
        return step._tag === "Done" ? Effect.asVoid(Deferred.done(outcome, step.result)) : follow
      })
      yield* follow.pipe(
        Effect.catch(() =>
          Deferred.fail(
            outcome,
            ChallengeError.of("abandoned", frameClosed, {
              challengeType: challenge.type,
              customError: challengeCustomError
            })
          )
        ),
        Effect.forkScoped
      )
      yield* Effect.sleep(loadTimeout).pipe(
        Effect.andThen(
          Effect.suspend(() =>
            loaded
              ? Effect.void
              : Deferred.fail(
                  outcome,
                  ChallengeError.of("loadfailed", pageLoadTimedOut, {
                    challengeType: challenge.type,
                    customError: challengeCustomError
                  })
                )
          )
        ),
        Effect.forkScoped
      )
      const solveTimeout = yield* ChallengeSolveTimeout
      return yield* Effect.timeoutOrElse(Deferred.await(outcome), {
        duration: solveTimeout,
        orElse: () =>
          Effect.fail(
            ChallengeError.of("abandoned", solveTimedOut, {
              challengeType: challenge.type,
              customError: challengeCustomError
            })
          )
      })
    })
  )
