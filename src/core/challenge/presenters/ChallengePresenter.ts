/**
 * ChallengePresenter: the contract through which the challenge flow shows a challenge to the person.
 *
 * The DOM presenter (`DomChallengePresenter`) loads the hybrid challenge page in a full-screen frame inside a
 * locked modal of type 4, rendered by a mounted `ChallengeHost`; `ScriptedChallengePresenter` in
 * `platform-web-client/testing` plays scripted page messages for tests. The flow (ChallengeHandler) shows one
 * challenge at a time, reads the page's messages and removes the frame by closing the presentation's Scope.
 *
 * @module
 */
import type * as Cause from "effect/Cause"
import * as Context from "effect/Context"
import type * as Effect from "effect/Effect"
import type * as Queue from "effect/Queue"
import type * as Scope from "effect/Scope"
import type { ChallengeError } from "../ChallengeError.ts"
import type { ChallengePageMessage } from "./messages.ts"
import type { Challenge } from "../metadata.ts"

/** The modal a challenge is shown in (CHAL-2: a locked modal of type 4). */
export interface ChallengeModal {
  readonly type: 4
  /** A locked modal cannot be dismissed by the person (no close button, no Escape, no backdrop click). */
  readonly locked: true
}

/** The modal every challenge is shown in. */
export const challengeModal: ChallengeModal = { type: 4, locked: true }

/** A challenge to show. Its metadata is a secret: a presenter passes it to the page and never logs it. */
export interface ChallengePresentation {
  readonly challenge: Challenge
  readonly modal: ChallengeModal
  /** The custom error set for the challenge (CHAL-28: `Unknown error occured, please try again.`). */
  readonly customError: string
}

/** The shape of a presenter. */
export interface ChallengePresenterShape {
  /**
   * Whether the challenge component can show a challenge now (the DOM presenter: a ChallengeHost is mounted).
   * When it cannot, a challenged request gets its original error back (CHAL-29).
   */
  readonly available: Effect.Effect<boolean>
  /**
   * Show the challenge until the Scope closes (closing it removes the frame). The queue carries the page's
   * valid messages in order; it ends (`Cause.Done`, see `Queue.end`) when the frame goes away on its own (e.g.
   * the host unmounted). Fails with kind `loadfailed` when the frame cannot be shown.
   *
   * (A queue rather than a Stream: the flow is loaded on demand, and Stream's operators would bring their code
   * into what every page loads up front; see docs/bundle-size.md.)
   */
  readonly present: (
    presentation: ChallengePresentation
  ) => Effect.Effect<Queue.Dequeue<ChallengePageMessage, Cause.Done>, ChallengeError, Scope.Scope>
}

/** Shows challenges to the person. */
export class ChallengePresenter extends Context.Service<ChallengePresenter, ChallengePresenterShape>()(
  "platform-web-client/core/challenge/ChallengePresenter"
) {}
