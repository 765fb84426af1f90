/**
 * ChallengeError: how a challenge flow fails (spec §4: "Failed outcomes raise a challenge error of kind unknown,
 * invalidated, abandoned or loadfailed").
 *
 * It satisfies the pipeline's `ChallengeFailure` (`_tag: "ChallengeError"` and a `message`), so it reaches the
 * caller of PlatformHttp as it is. Branch on `kind` (and `code` for the script-running challenge), never on the
 * message. The message is the reason: spec-quoted texts such as `Subsequent challenges failed!` or
 * `Burnt the mirepoix :/.` are reproduced exactly. Messages never carry metadata, tokens or payloads.
 *
 * @module
 */
import * as Data from "effect/Data"
import type { ChallengeServiceErrorCode, ScriptChallengeErrorCode } from "./enums.ts"

/** The outcomes of a failed challenge. */
export type ChallengeErrorKind = "unknown" | "invalidated" | "abandoned" | "loadfailed"

/** The reason text of a failed follow-up challenge (spec §4, quoted). */
export const subsequentChallengesFailed = "Subsequent challenges failed!"

/**
 * The custom error set when a challenge is shown in the locked modal (spec §8, quoted, spelling included):
 * the text an app shows the person when the challenged action could not be completed.
 */
export const challengeCustomError = "Unknown error occured, please try again."

/** The default reason of each kind, used when nothing more precise is known. */
export const defaultReasons: { readonly [K in ChallengeErrorKind]: string } = {
  unknown: "The challenge is unknown or invalid.",
  invalidated: "The challenge was invalidated.",
  abandoned: "The challenge was abandoned.",
  loadfailed: "The challenge page failed to load."
}

/** The reason of a challenge whose page did not report itself loaded within the page-load time limit. */
export const pageLoadTimedOut = "The challenge page did not load in time."

/** The reason of a challenge shown in the frame that got no outcome within the solve time limit. */
export const solveTimedOut = "The challenge was not completed in time."

/** The reason of a challenge whose frame went away (the host unmounted) before the page reported an outcome. */
export const frameClosed = "The challenge frame was closed before the challenge ended."

/** The reason of a challenge invalidated by a failed continue call or another unexpected failure. */
export const unknownErrorReason = "Unknown error"

/** A failed challenge. */
export class ChallengeError extends Data.TaggedError("ChallengeError")<{
  readonly kind: ChallengeErrorKind
  /** Why it failed; also the error's message. */
  readonly reason: string
  /**
   * The type of the challenge that failed, when it was known: its canonical name (`Captcha`, `ScriptRunning`,
   * `Unrecognized`, …; see challengeTypes.ts), whatever the server's spelling; for a follow-up the continue answer
   * named but that could not be decoded, the type as the answer spelt it.
   */
  readonly challengeType?: string | undefined
  /** The script-running challenge's (or the challenge service's) error code, when there is one. */
  readonly code?: ScriptChallengeErrorCode | ChallengeServiceErrorCode | undefined
  /** The custom error to show the person ({@link challengeCustomError}) when the challenge was shown in the modal. */
  readonly customError?: string | undefined
}> {
  override get message(): string {
    return this.reason
  }

  /** A ChallengeError of `kind` with its default reason, or the reason given. */
  static of(
    kind: ChallengeErrorKind,
    reason: string = defaultReasons[kind],
    extra: { readonly challengeType?: string; readonly code?: ChallengeError["code"]; readonly customError?: string } =
      {}
  ): ChallengeError {
    return new ChallengeError({ kind, reason, ...extra })
  }
}

/** True for a ChallengeError (e.g. in a React error boundary or a catch-all handler). */
export const isChallengeError = (u: unknown): u is ChallengeError => u instanceof ChallengeError
