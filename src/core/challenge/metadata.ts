/**
 * The challenge types of the `rblx-challenge-type` header and the Schema of each type's metadata.
 *
 * The spec names the script-running challenge's metadata (§3) and says an unknown type has empty metadata; the
 * header's type vocabulary is "not shown". Ours, documented in docs/challenges.md:
 *
 * | header type                 | metadata (JSON object; extra keys allowed and kept for the re-send)          |
 * |-----------------------------|-------------------------------------------------------------------------------|
 * | `Captcha`                   | unifiedCaptchaId, dataExchangeBlob, actionType (a §4 ChallengeType)           |
 * | `TwoStepVerification`       | userId, challengeId, actionType (TwoStepVerificationType), mediaType?, rememberDevice? |
 * | `ProofOfSpace`              | sessionId, puzzleType (invalid, noninteractive, interactive)                  |
 * | `TilePuzzle`                | challengeId, puzzleType (visible, invisible)                                  |
 * | `ScriptRunning`             | exactly §3: userId, challengeId, contentInlineBase64, expectedSymbols, sharedParameters? |
 * | `ForceAuthenticator`, `ForceTwoStepVerification`, `BlockSession` | any JSON object (§4 "other enumerations") |
 *
 * Types are matched exactly (case-sensitive).
 *
 * @module
 */
import * as Schema from "effect/Schema"
import {
  ChallengeEnforcement,
  ChallengeType,
  MediaType,
  ProofOfSpacePuzzleType,
  TilePuzzleType,
  TwoStepVerificationType
} from "./enums.ts"

/** The challenge types the `rblx-challenge-type` header may carry. */
export const GenericChallengeType = Schema.Literals([
  "Captcha",
  "TwoStepVerification",
  "ProofOfSpace",
  "TilePuzzle",
  "ScriptRunning",
  ...ChallengeEnforcement.literals
])
/** A value of {@link GenericChallengeType}. */
export type GenericChallengeType = typeof GenericChallengeType.Type

/** Metadata of a `Captcha` challenge. */
export const CaptchaMetadata = Schema.Struct({
  unifiedCaptchaId: Schema.NonEmptyString,
  dataExchangeBlob: Schema.String,
  actionType: ChallengeType
})

/** Metadata of a `TwoStepVerification` challenge. */
export const TwoStepVerificationMetadata = Schema.Struct({
  userId: Schema.NonEmptyString,
  challengeId: Schema.NonEmptyString,
  actionType: TwoStepVerificationType,
  mediaType: Schema.optionalKey(MediaType),
  rememberDevice: Schema.optionalKey(Schema.Boolean)
})

/** Metadata of a `ProofOfSpace` challenge. */
export const ProofOfSpaceMetadata = Schema.Struct({
  sessionId: Schema.NonEmptyString,
  puzzleType: ProofOfSpacePuzzleType
})

/** Metadata of a `TilePuzzle` challenge. */
export const TilePuzzleMetadata = Schema.Struct({
  challengeId: Schema.NonEmptyString,
  puzzleType: TilePuzzleType
})

/** The optional shared parameters of a script-running challenge (spec §3). */
export const ScriptSharedParameters = Schema.Struct({
  shouldAnalyze: Schema.Boolean,
  useContinueMode: Schema.Boolean,
  genericChallengeId: Schema.String
})
/** A value of {@link ScriptSharedParameters}. */
export type ScriptSharedParameters = typeof ScriptSharedParameters.Type

/**
 * Metadata of a `ScriptRunning` challenge, exactly as spec §3 lists it: userId, challengeId,
 * contentInlineBase64 (the encoded script), expectedSymbols (list of strings) and optional sharedParameters.
 */
export const ScriptChallengeMetadata = Schema.Struct({
  userId: Schema.String,
  challengeId: Schema.NonEmptyString,
  contentInlineBase64: Schema.String,
  expectedSymbols: Schema.Array(Schema.String),
  sharedParameters: Schema.optionalKey(ScriptSharedParameters)
})
/** A value of {@link ScriptChallengeMetadata}. */
export type ScriptChallengeMetadata = typeof ScriptChallengeMetadata.Type

/** Metadata of an enforcement challenge (ForceAuthenticator, ForceTwoStepVerification, BlockSession). */
export const EnforcementMetadata = Schema.JsonObject

/** The metadata Schema of each challenge type. */
export const metadataSchemas = {
  Captcha: CaptchaMetadata,
  TwoStepVerification: TwoStepVerificationMetadata,
  ProofOfSpace: ProofOfSpaceMetadata,
  TilePuzzle: TilePuzzleMetadata,
  ScriptRunning: ScriptChallengeMetadata,
  ForceAuthenticator: EnforcementMetadata,
  ForceTwoStepVerification: EnforcementMetadata,
  BlockSession: EnforcementMetadata
} as const satisfies { readonly [K in GenericChallengeType]: Schema.Codec<unknown, unknown, never, never> }

/** The decoded metadata of challenge type `T`. */
export type MetadataOf<T extends GenericChallengeType> = (typeof metadataSchemas)[T]["Type"]

/**
 * A decoded, valid challenge: its id, type, typed metadata, and the metadata as the server sent it (a JSON
 * object, extra keys included) for re-encoding. Metadata is a secret: never log it.
 */
export type Challenge = {
  readonly [T in GenericChallengeType]: {
    readonly id: string
    readonly type: T
    readonly metadata: MetadataOf<T>
    readonly rawMetadata: Schema.JsonObject
  }
}[GenericChallengeType]

/** True for the types shown in the challenge frame (every type but `ScriptRunning`, which runs in a Worker). */
export const isFrameChallenge = (type: GenericChallengeType): boolean => type !== "ScriptRunning"
