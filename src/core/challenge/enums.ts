/**
 * The enumerations of the challenge flow (CHAL-13 to CHAL-17, CHAL-30, CHAL-31, and the values the real platform sends),
 * each as a Schema so that values coming from outside (headers, metadata, page messages, service answers) are
 * decoded, never trusted.
 *
 * Enumerations inside challenge metadata are decoded as OPEN sets ({@link openEnum}): the platform adds values
 * (a new captcha action, a new puzzle type) and a value we do not list yet must not reject the challenge, whose
 * page knows it. The closed Schemas below list the documented values.
 *
 * @module
 */
import * as Schema from "effect/Schema"

/** A value of an open enumeration: one of the documented values `L`, or any other string. */
export type Open<L extends string> = L | (string & {})

/**
 * An open enumeration over the documented values of `documented` (a `Schema.Literals`): decodes any string, typed
 * {@link Open}, so that a value the platform adds later still decodes; its description names the documented values.
 */
export const openEnum = <L extends string>(documented: {
  readonly literals: ReadonlyArray<L>
}): Schema.Codec<Open<L>, string> =>
  Schema.String.annotate({ description: `${documented.literals.join(", ")}, or a value added later` })

/**
 * The action a challenge protects (CHAL-13). A captcha challenge's metadata names it in
 * `actionType`; the demo's follow and group-wall actions are challenged as `FollowUser` and `GroupWallPost`.
 */
export const ChallengeType = Schema.Literals([
  "Login",
  "AppLogin",
  "Signup",
  "AppSignup",
  "JoinGroup",
  "GroupWallPost",
  "ResetPassword",
  "ToyCodeRedeem",
  "GameCardRedeem",
  "FollowUser",
  "Generic",
  "SupportRequest",
  "AssetComment",
  "Marketplace"
])
/** A value of {@link ChallengeType}. */
export type ChallengeType = typeof ChallengeType.Type

/** What a two-step verification protects (CHAL-14). */
export const TwoStepVerificationType = Schema.Literals([
  "Unknown",
  "Login",
  "RobuxSpend",
  "ItemTrade",
  "Resale",
  "PasswordReset",
  "RevertAccount",
  "Generic",
  "GenericWithRecoveryCodes"
])
/** A value of {@link TwoStepVerificationType}. */
export type TwoStepVerificationType = typeof TwoStepVerificationType.Type

/** How a two-step verification code is delivered (CHAL-15). */
export const MediaType = Schema.Literals([
  "Email",
  "Authenticator",
  "RecoveryCode",
  "SMS",
  "SecurityKey",
  "CrossDevice",
  "Password",
  "Passkey"
])
/** A value of {@link MediaType}. */
export type MediaType = typeof MediaType.Type

/**
 * The account enforcements (CHAL-16). Each is also a challenge type of the
 * `rblx-challenge-type` header (see `GenericChallengeType`).
 */
export const ChallengeEnforcement = Schema.Literals(["ForceAuthenticator", "ForceTwoStepVerification", "BlockSession"])
/** A value of {@link ChallengeEnforcement}. */
export type ChallengeEnforcement = typeof ChallengeEnforcement.Type

/** The puzzle types of the proof-of-space challenge (CHAL-17). */
export const ProofOfSpacePuzzleType = Schema.Literals(["invalid", "noninteractive", "interactive"])
/** A value of {@link ProofOfSpacePuzzleType}. */
export type ProofOfSpacePuzzleType = typeof ProofOfSpacePuzzleType.Type

/** The puzzle types of the proof-of-space challenge as the real platform sends them (`artifacts.puzzleType`). */
export const ProofOfSpaceArtifactPuzzleType = Schema.Literals([
  "PROOF_OF_SPACE_PUZZLE_TYPE_INVALID",
  "PROOF_OF_SPACE_PUZZLE_TYPE_NONINTERACTIVE",
  "PROOF_OF_SPACE_PUZZLE_TYPE_INTERACTIVE"
])
/** A value of {@link ProofOfSpaceArtifactPuzzleType}. */
export type ProofOfSpaceArtifactPuzzleType = typeof ProofOfSpaceArtifactPuzzleType.Type

/** The puzzle types of the tile puzzle (CHAL-17: visible or invisible). */
export const TilePuzzleType = Schema.Literals(["visible", "invisible"])
/** A value of {@link TilePuzzleType}. */
export type TilePuzzleType = typeof TilePuzzleType.Type

/** The puzzle types of the tile puzzle as the real platform (`rostile`) sends them. */
export const RostilePuzzleType = Schema.Literals([
  "ROSTILE_PUZZLE_TYPE_INVALID",
  "ROSTILE_PUZZLE_TYPE_VISIBLE",
  "ROSTILE_PUZZLE_TYPE_INVISIBLE"
])
/** A value of {@link RostilePuzzleType}. */
export type RostilePuzzleType = typeof RostilePuzzleType.Type

/** The error codes of the script-running challenge (CHAL-30), each with its message in `scriptErrorMessages`. */
export const ScriptChallengeErrorCode = Schema.Literals(["FAILED_PREP", "FAILED_MIREPOIX", "FAILED_SIMMER", "UNKNOWN"])
/** A value of {@link ScriptChallengeErrorCode}. */
export type ScriptChallengeErrorCode = typeof ScriptChallengeErrorCode.Type

/** The further challenge error codes (CHAL-31), as the challenge service may report them. */
export const ChallengeServiceErrorCode = Schema.Literals([
  "SESSION_INVALID",
  "ANSWER_INVALID",
  "WORKER_LOAD_ERROR",
  "TIMEOUT",
  "OTP_CODE_EXPIRED",
  "SESSION_EXPIRED",
  "USER_WAS_FORCE_RESET"
])
/** A value of {@link ChallengeServiceErrorCode}. */
export type ChallengeServiceErrorCode = typeof ChallengeServiceErrorCode.Type
