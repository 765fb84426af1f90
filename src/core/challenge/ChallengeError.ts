/**
 * ChallengeError: how a challenge flow fails (CHAL-26: a failed outcome is of kind unknown,
 * invalidated, abandoned or loadfailed, the error's `reason`).
 *
 * It is one of PlatformHttp's errors (`PlatformHttpError`), so it reaches the caller of PlatformHttp as it is. This
 * module depends on nothing but Effect's Data, so the pipeline names it without loading the challenge flow. Branch
 * on `reason` (and `code` for the script-running challenge), never on the message. The message is the `detail`:
 * spec-quoted texts such as `Subsequent challenges failed!` or `Burnt the mirepoix :/.` are reproduced exactly.
 * Messages never carry metadata, tokens or payloads.
 *
 * @module
 */
import * as Data from "effect/Data"
import type { ChallengeServiceErrorCode, ScriptChallengeErrorCode } from "./enums.ts"

/** The outcomes of a failed challenge (the spec's kinds). */
export type ChallengeErrorReason = "unknown" | "invalidated" | "abandoned" | "loadfailed"

/** The detail of a failed follow-up challenge (CHAL-23, quoted). */
export const subsequentChallengesFailed = "Subsequent challenges failed!"

/**
 * The custom error set when a challenge is shown in the locked modal (CHAL-28, quoted, spelling included):
 * the text an app shows the person when the challenged action could not be completed.
 */
export const challengeCustomError = "Unknown error occured, please try again."

/** The default detail of each reason, used when nothing more precise is known. */
export const defaultDetails: { readonly [K in ChallengeErrorReason]: string } = {
  unknown: "The challenge is unknown or invalid.",
  invalidated: "The challenge was invalidated.",
  abandoned: "The challenge was abandoned.",
  loadfailed: "The challenge page failed to load."
}

/** The detail of a challenge whose page did not report itself loaded within the page-load time limit. */
export const pageLoadTimedOut = "The challenge page did not load in time."

/** The detail of a challenge shown in the frame that got no outcome within the solve time limit. */
export const solveTimedOut = "The challenge was not completed in time."

/** The detail of a challenge whose frame went away (the host unmounted) before the page reported an outcome. */
export const frameClosed = "The challenge frame was closed before the challenge ended."

/** The detail of a challenge invalidated by a failed continue call or another unexpected failure. */
export const unknownErrorDetail = "Unknown error"

/** A failed challenge. */
export class ChallengeError extends Data.TaggedError("ChallengeError")<{
  /** The outcome (the spec's kind). */
  readonly reason: ChallengeErrorReason
  /** What happened, for a person; also the error's message. */
  readonly detail: string
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
    return this.detail
  }

  /** A ChallengeError with `reason` and its default detail, or the detail given. */
  static of(
    reason: ChallengeErrorReason,
    detail: string = defaultDetails[reason],
    extra: {
      readonly challengeType?: string
      readonly code?: ChallengeError["code"]
      readonly customError?: string
    } = {}
  ): ChallengeError {
    return new ChallengeError({ reason, detail, ...extra })
  }
}

/** True for a ChallengeError (e.g. in a React error boundary or a catch-all handler). */
export const isChallengeError = (u: unknown): u is ChallengeError => u instanceof ChallengeError
