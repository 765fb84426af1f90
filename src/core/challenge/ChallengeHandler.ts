/**
 * ChallengeHandler: the challenge flow (CHAL-18 to CHAL-29) behind PlatformHttp's ChallengeInterceptor.
 *
 * For every failed response (status 400 and above):
 *
 * - none of the three challenge headers: the response goes on unchanged;
 * - only some: `Got only partial challenge headers` is logged (Error level) and the response goes on, so the
 *   caller gets the original error;
 * - all three but invalid (CHAL-27): the request fails with a ChallengeError of reason `unknown`;
 * - a frame challenge while the challenge component is not available: `Got challenge but challenge component not
 *   available` is logged (Error level) and the response goes on;
 * - otherwise the request is held and the challenge solved: shown through the ChallengePresenter (or, for
 *   `ScriptRunning`, run in a Worker), then the continue call is posted; an answer with a challenge type is a
 *   follow-up challenge, solved in turn (at most `MaxFollowUpChallenges`); an answer without one completes the
 *   flow. The held request is then re-sent ONCE through `send` (CSRF rule, security headers, signing: re-signed)
 *   with `rblx-challenge-id`, `rblx-challenge-type` and `rblx-challenge-metadata` (the last completion's metadata
 *   re-encoded in base64). Whatever the re-sent request gets back is the answer: a challenge is never re-entered.
 *
 * `ChallengeProtocol` (settings.ts) chooses between the spec's flow (default) and the real site's: which id and
 * type the re-sent request carries (the completed challenge's, or the original headers' exactly as received), and
 * whether this flow or the hybrid page itself posts the continue call of a frame challenge (with `"page"`, the
 * page's completion is final and the request is re-sent at once).
 *
 * Concurrent requests challenged with the same id share one solve and are each re-sent once. Different
 * challenges are solved one at a time (a single slot), so two frames are never shown at once. A solve runs in the
 * handler's own scope: a requester giving up (interrupted) does not cancel it for the others still waiting; when
 * the LAST one gives up, the solve is interrupted (its frame removed) and the slot is free for the next challenge.
 *
 * Every wait of a solve is bounded, so the slot is always released: the page's load (`ChallengePageLoadTimeout`,
 * 30 s), the whole frame challenge (`ChallengeSolveTimeout`, 15 min: a person is solving it; past it, reason
 * `abandoned` with `The challenge was not completed in time.`), each call to the challenge service
 * (`ChallengeCallTimeout`, 30 s: a hung continue call counts as a failed one) and the script-running challenge's
 * run (`ScriptChallengeTimeLimit`).
 *
 * Page messages (see messages.ts): `challengeDisplayed` does nothing; `challengePageLoaded` false is `loadfailed`,
 * `challengeParsed`/`challengeInitialized` false are `unknown`; `challengeInvalidated` is `invalidated` (with the
 * page's reason when it gives one); `challengeAbandoned` (and the real page's `challengeInvalidated { abandoned:
 * true }`) is `abandoned` (the request is rejected); a frame that goes away without an outcome is `abandoned`; no
 * message at all from the page within `ChallengePageLoadTimeout` is `loadfailed` (the real page never posts
 * `challengePageLoaded`: any of its messages shows it loaded). A failed continue call invalidates with `Unknown error`; any failure of a follow-up challenge
 * (other than abandonment) invalidates with `Subsequent challenges failed!`. Errors of challenges shown in the
 * modal carry the custom error `Unknown error occured, please try again.`.
 *
 * @module
 */
import * as Context from "effect/Context"
import * as Deferred from "effect/Deferred"
import * as Effect from "effect/Effect"
import * as Fiber from "effect/Fiber"
import * as Layer from "effect/Layer"
import * as Result from "effect/Result"
import type * as Schema from "effect/Schema"
import type * as Scope from "effect/Scope"
import * as Semaphore from "effect/Semaphore"
import type { ScriptRunner } from "../browser/ScriptRunner.ts"
import type { PlatformHttpError } from "../http/errors.ts"
import { setHeaders } from "../http/request.ts"
import type { HttpResponse } from "../http/response.ts"
import { boundedCall } from "./boundedCall.ts"
import { ChallengeApi, type ContinueResponse } from "./ChallengeApi.ts"
import { ChallengeError, subsequentChallengesFailed, unknownErrorDetail } from "./ChallengeError.ts"
import { ChallengeInterceptor, type ChallengeInterceptorShape } from "./ChallengeInterceptor.ts"
import { ChallengePresenter, type ChallengePresenterShape } from "./presenters/ChallengePresenter.ts"
import { showFrameChallenge } from "./frameChallenge.ts"
import { challengeHeadersOf } from "./headerNames.ts"
import { challengeRequestHeaders, decodeChallenge, partialHeadersLog, readChallengeHeaders } from "./headers.ts"
import { type Challenge, isFrameChallenge } from "./metadata.ts"
import { type ChallengeCompletion, runScriptChallenge } from "./scriptChallenge.ts"
import { ChallengeProtocol, MaxFollowUpChallenges } from "./settings.ts"

/** The log line of a frame challenge while no challenge component is available (CHAL-29, quoted). */
export const componentMissingLog = "Got challenge but challenge component not available"

/** The annotation of {@link componentMissingLog}: how to make the component available. */
export const componentMissingHint = {
  fix: "mount <ChallengeHost/> (platform-web-client/react) inside the PlatformProvider, or attach a ChallengePresenter"
} as const

/** What a solved challenge gives the re-sent request. */
export interface ChallengeResolution {
  readonly id: string
  readonly type: string
  readonly metadata: Schema.JsonObject
}

/** The shape of the challenge handler. */
export interface ChallengeHandlerShape {
  /** What PlatformHttp calls for every response (see the module doc). */
  readonly intercept: ChallengeInterceptorShape["intercept"]
  /**
   * Solve a valid challenge, follow-ups included: shared with concurrent callers of the same id, one challenge
   * at a time. Gives the values the re-sent request carries.
   */
  readonly solve: (challenge: Challenge) => Effect.Effect<ChallengeResolution, ChallengeError>
}

/** A solve shared by the callers challenged with one id. */
interface SharedSolve {
  readonly result: Deferred.Deferred<ChallengeResolution, ChallengeError>
  /** How many callers are waiting for the result. */
  waiters: number
  /** The solve's fiber (in the handler's scope), once started. */
  fiber: Fiber.Fiber<ChallengeResolution, ChallengeError> | undefined
}

/** A follow-up challenge's failure: abandonment as it is, anything else `Subsequent challenges failed!`. */
const followUpFailed = (error: ChallengeError) =>
  error.reason === "abandoned"
    ? error
    : ChallengeError.of("invalidated", subsequentChallengesFailed, {
        challengeType: error.challengeType ?? "",
        ...(error.customError === undefined ? {} : { customError: error.customError })
      })

/**
 * Solve a challenge and its follow-ups in turn (at most `MaxFollowUpChallenges`): each completion is posted with
 * `continueCall` (unless the hybrid page posts it itself), and an answer without a challenge type ends the chain.
 */
const solveChain = (
  solveOne: (challenge: Challenge) => Effect.Effect<ChallengeCompletion, ChallengeError>,
  continueCall: (
    challenge: Challenge,
    completion: ChallengeCompletion,
    isFollowUp: boolean
  ) => Effect.Effect<ContinueResponse, ChallengeError>,
  first: Challenge
): Effect.Effect<ChallengeResolution, ChallengeError> =>
  Effect.gen(function* () {
    const maxFollowUps = yield* MaxFollowUpChallenges
    const protocol = yield* ChallengeProtocol
    /** The re-sent request's values once `challenge` completed with `completion` and nothing follows. */
    const resolution = (challenge: Challenge, completion: ChallengeCompletion): ChallengeResolution =>
      protocol.resendIdentity === "original"
        ? { id: first.id, type: first.serverType, metadata: completion.metadata }
        : { id: completion.challengeId, type: challenge.serverType, metadata: completion.metadata }
    let challenge = first
    let followUps = 0
    while (true) {
      const isFollowUp = followUps > 0
      const completion = yield* isFollowUp ? Effect.mapError(solveOne(challenge), followUpFailed) : solveOne(challenge)
      // the real hybrid page posts the continue call itself, and shows any follow-up in its own frame
      if (protocol.frameContinue === "page" && isFrameChallenge(challenge.type))
        return resolution(challenge, completion)
      const answer = yield* continueCall(challenge, completion, isFollowUp)
      if (answer.challengeType === undefined || answer.challengeType === null || answer.challengeType === "") {
        return resolution(challenge, completion)
      }
      followUps++
      const next = decodeChallenge(
        {
          id: answer.challengeId ?? "",
          type: answer.challengeType,
          metadata: answer.challengeMetadata ?? ""
        },
        "json"
      )
      if (followUps > maxFollowUps || Result.isFailure(next)) {
        return yield* Effect.fail(
          ChallengeError.of("invalidated", subsequentChallengesFailed, { challengeType: answer.challengeType })
        )
      }
      challenge = next.success
    }
  })

/**
 * One solve per challenge id, shared by its callers: it runs in the handler's scope under the single slot, and
 * is interrupted only when every caller waiting for it has given up.
 */
const sharedSolve = (
  scope: Scope.Scope,
  slot: Semaphore.Semaphore,
  inFlight: Map<string, SharedSolve>,
  solveChallenge: (challenge: Challenge) => Effect.Effect<ChallengeResolution, ChallengeError>,
  challenge: Challenge
): Effect.Effect<ChallengeResolution, ChallengeError> =>
  Effect.uninterruptibleMask((restore) =>
    Effect.gen(function* () {
      let shared = inFlight.get(challenge.id)
      if (shared === undefined) {
        const entry: SharedSolve = { result: Deferred.makeUnsafe(), waiters: 0, fiber: undefined }
        inFlight.set(challenge.id, entry)
        entry.fiber = yield* slot
          .withPermits(1)(solveChallenge(challenge))
          .pipe(
            Effect.onExit((exit) =>
              Effect.andThen(
                Effect.sync(() => void (inFlight.get(challenge.id) === entry && inFlight.delete(challenge.id))),
                Deferred.done(entry.result, exit)
              )
            ),
            Effect.forkIn(scope)
          )
        shared = entry
      }
      const entry = shared
      entry.waiters++
      return yield* restore(Deferred.await(entry.result)).pipe(
        Effect.onInterrupt(() =>
          Effect.suspend(() => {
            if (--entry.waiters > 0 || entry.fiber === undefined) return Effect.void
            // the last caller gave up: nobody needs this solve; a new request with this id starts afresh
            if (inFlight.get(challenge.id) === entry) inFlight.delete(challenge.id)
            return Fiber.interrupt(entry.fiber)
          })
        )
      )
    })
  )

/**
 * The interceptor over a presenter and a solve: a failed response with a complete, valid challenge is held, solved
 * and re-sent once with the challenge's headers; anything else goes on (see the module doc).
 */
const makeIntercept =
  (
    presenter: ChallengePresenterShape,
    solve: (challenge: Challenge) => Effect.Effect<ChallengeResolution, ChallengeError>
  ): ChallengeInterceptorShape["intercept"] =>
  (request, response, send) => {
    if (response.status < 400) return Effect.succeed(response)
    const headers = readChallengeHeaders(challengeHeadersOf(response.headers))
    switch (headers._tag) {
      case "None":
        return Effect.succeed(response)
      case "Partial":
        return Effect.as(Effect.logError(partialHeadersLog), response)
      case "Complete": {
        const decoded = decodeChallenge(headers)
        if (Result.isFailure(decoded)) return Effect.fail(decoded.failure)
        const challenge = decoded.success
        const held = Effect.flatMap(solve(challenge), (resolution) =>
          send(setHeaders(request, challengeRequestHeaders(resolution)))
        )
        if (!isFrameChallenge(challenge.type)) return held
        return Effect.flatMap(presenter.available, (available): Effect.Effect<HttpResponse, PlatformHttpError> =>
          available
            ? held
            : Effect.as(Effect.logError(componentMissingLog).pipe(Effect.annotateLogs(componentMissingHint)), response)
        )
      }
    }
  }

/** The challenge flow; its layers also provide PlatformHttp's ChallengeInterceptor. */
export class ChallengeHandler extends Context.Service<ChallengeHandler, ChallengeHandlerShape>()(
  "platform-web-client/core/challenge/ChallengeHandler"
) {
  /** The handler and the interceptor, over a presenter, a script runner and the challenge service client. */
  static readonly layerNoDeps: Layer.Layer<
    ChallengeHandler | ChallengeInterceptor,
    never,
    ChallengePresenter | ScriptRunner | ChallengeApi
  > = Layer.effectContext(
    Effect.gen(function* () {
      const presenter = yield* ChallengePresenter
      const api = yield* ChallengeApi
      const services = yield* Effect.context<ScriptRunner | ChallengeApi>()
      const scope = yield* Effect.scope
      const slot = yield* Semaphore.make(1)
      const inFlight = new Map<string, SharedSolve>()

      const showInFrame = (challenge: Challenge) => showFrameChallenge(presenter, challenge)

      const solveOne = (challenge: Challenge): Effect.Effect<ChallengeCompletion, ChallengeError> =>
        challenge.type === "ScriptRunning"
          ? Effect.provideContext(runScriptChallenge(challenge), services)
          : Effect.flatMap(presenter.available, (available) =>
              available
                ? showInFrame(challenge)
                : Effect.fail(ChallengeError.of("loadfailed", componentMissingLog, { challengeType: challenge.type }))
            )

      const continueCall = (challenge: Challenge, completion: ChallengeCompletion, isFollowUp: boolean) =>
        boundedCall(
          "POST /v1/continue",
          api.continue({
            challengeID: completion.continueId,
            challengeType: challenge.serverType,
            challengeMetadata: JSON.stringify(completion.metadata)
          })
        ).pipe(
          Effect.mapError(() =>
            ChallengeError.of("invalidated", isFollowUp ? subsequentChallengesFailed : unknownErrorDetail, {
              challengeType: challenge.type
            })
          )
        )

      const solve = (challenge: Challenge) =>
        sharedSolve(scope, slot, inFlight, (first) => solveChain(solveOne, continueCall, first), challenge)
      const intercept = makeIntercept(presenter, solve)

      return Context.make(ChallengeHandler, { intercept, solve }).pipe(Context.add(ChallengeInterceptor, { intercept }))
    })
  )

  /** {@link ChallengeHandler.layerNoDeps} with the challenge service client ({@link ChallengeApi.layer}). */
  static readonly layer = ChallengeHandler.layerNoDeps.pipe(Layer.provide(ChallengeApi.layer))
}
