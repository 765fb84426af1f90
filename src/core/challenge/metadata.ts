/**
 * The Schema of each challenge type's metadata, and the decoded challenge.
 *
 * Types are matched case-insensitively and typed by their canonical name (./challengeTypes.ts). Every metadata is
 * a JSON object; extra keys are allowed and kept (in `rawMetadata`) for the re-send. Enumerations inside it are
 * open sets (./enums.ts `openEnum`). Shapes, documented in docs/challenges.md (the real platform's value in
 * brackets):
 *
 * | canonical type (real value)                      | metadata                                                         |
 * |--------------------------------------------------|------------------------------------------------------------------|
 * | `Captcha` (captcha)                              | unifiedCaptchaId, dataExchangeBlob, actionType (CHAL-13 ChallengeType) |
 * | `TwoStepVerification` (twostepverification)      | userId, challengeId, actionType (TwoStepVerificationType), shouldShowRememberDeviceCheckbox?, mediaType?, rememberDevice? |
 * | `ForceAuthenticator`, `ForceTwoStepVerification` | `{}`                                                             |
 * | `SecurityQuestions` (securityquestions)          | userId, sessionId                                                |
 * | `Reauthentication` (reauthentication)            | defaultType, availableTypes (list), defaultTypeMetadata? (object or null) |
 * | `ProofOfWork` (proofofwork)                      | sessionId                                                        |
 * | `TilePuzzle` (rostile)                           | challengeId, puzzleType (`ROSTILE_PUZZLE_TYPE_*`; the spec's visible, invisible) |
 * | `PrivateAccessToken` (privateaccesstoken)        | challengeId                                                      |
 * | `DeviceIntegrity` (deviceintegrity)              | integrityType, requestHash                                       |
 * | `ProofOfSpace` (proofofspace)                    | challengeId, artifacts { puzzleType (`PROOF_OF_SPACE_PUZZLE_TYPE_*`), seed, rounds, layers } (strings) |
 * | `PhoneVerification` (phoneverification)          | frictionContext?                                                 |
 * | `EmailVerification` (emailverification)          | otpSession, frictionContext?                                     |
 * | `BlockSession` (blocksession)                    | any object                                                       |
 * | `ScriptRunning` (chef)                           | userId, challengeId, contentInlineBase64, expectedSymbols (required), sharedParameters? |
 * | `Biometric`, `Denied`, `CaptchaV2`, `Turnstile`, `ForcePasswordlessLogin`, `Unrecognized` | any object (shape not published) |
 *
 * Any type may carry `sharedParameters` { shouldAnalyze?, useContinueMode?, genericChallengeId?, delayParameters? }:
 * decoded for every type into the challenge's `sharedParameters`; a malformed one is a schema mismatch.
 *
 * @module
 */
import * as Option from "effect/Option"
import * as Schema from "effect/Schema"
import { type DecodedChallengeType, knownChallengeTypes } from "./challengeTypes.ts"
import {
  ChallengeType,
  MediaType,
  openEnum,
  ProofOfSpaceArtifactPuzzleType,
  ProofOfSpacePuzzleType,
  RostilePuzzleType,
  TilePuzzleType,
  TwoStepVerificationType
} from "./enums.ts"

/** The challenge type vocabulary (defined in ./challengeTypes.ts). */
export {
  canonicalChallengeType,
  type DecodedChallengeType,
  isWellFormedChallengeType,
  type KnownChallengeType,
  knownChallengeTypes,
  maxChallengeTypeLength,
  realChallengeTypes,
  unrecognizedChallengeType
} from "./challengeTypes.ts"

/** The known challenge types (canonical names), as a Schema. */
export const GenericChallengeType = Schema.Literals(knownChallengeTypes)
/** A value of {@link GenericChallengeType}. */
export type GenericChallengeType = typeof GenericChallengeType.Type

/**
 * The shared parameters any challenge's metadata may carry (all optional; extra keys allowed). `delayParameters` is
 * kept as it came (already checked to be JSON with the rest of the metadata).
 */
export const SharedParameters = Schema.Struct({
  shouldAnalyze: Schema.optionalKey(Schema.Boolean),
  useContinueMode: Schema.optionalKey(Schema.Boolean),
  genericChallengeId: Schema.optionalKey(Schema.String),
  delayParameters: Schema.optionalKey(Schema.Unknown)
})
/** A value of {@link SharedParameters}. */
export type SharedParameters = typeof SharedParameters.Type

/**
 * Metadata whose shape is any JSON object: `ForceAuthenticator` and `ForceTwoStepVerification` (`{}`),
 * `BlockSession`, the types seen in real traffic whose shape is not published, and `Unrecognized`.
 */
export const OpaqueMetadata = Schema.JsonObject

const Id = Schema.NonEmptyString
const Text = Schema.String
const AnyObject = OpaqueMetadata

/** Metadata of a `Captcha` challenge. */
export const CaptchaMetadata = Schema.Struct({
  unifiedCaptchaId: Id,
  dataExchangeBlob: Text,
  actionType: openEnum(ChallengeType)
})

/** Metadata of a `TwoStepVerification` challenge (`mediaType` and `rememberDevice`: the spec's earlier shape). */
export const TwoStepVerificationMetadata = Schema.Struct({
  userId: Id,
  challengeId: Id,
  actionType: openEnum(TwoStepVerificationType),
  shouldShowRememberDeviceCheckbox: Schema.optionalKey(Schema.Boolean),
  mediaType: Schema.optionalKey(openEnum(MediaType)),
  rememberDevice: Schema.optionalKey(Schema.Boolean)
})

/** Metadata of a `SecurityQuestions` challenge. */
export const SecurityQuestionsMetadata = Schema.Struct({ userId: Id, sessionId: Id })

/** Metadata of a `Reauthentication` challenge. */
export const ReauthenticationMetadata = Schema.Struct({
  defaultType: Text,
  availableTypes: Schema.Array(Text),
  defaultTypeMetadata: Schema.optionalKey(Schema.NullOr(AnyObject))
})

/** Metadata of a `ProofOfWork` challenge. */
export const ProofOfWorkMetadata = Schema.Struct({ sessionId: Id })

/** Metadata of a `TilePuzzle` (`rostile`) challenge. */
export const TilePuzzleMetadata = Schema.Struct({
  challengeId: Id,
  puzzleType: openEnum(Schema.Literals([...RostilePuzzleType.literals, ...TilePuzzleType.literals]))
})

/** Metadata of a `PrivateAccessToken` challenge. */
export const PrivateAccessTokenMetadata = Schema.Struct({ challengeId: Id })

/** Metadata of a `DeviceIntegrity` challenge. */
export const DeviceIntegrityMetadata = Schema.Struct({ integrityType: Text, requestHash: Text })

/** The puzzle of a `ProofOfSpace` challenge; `rounds` and `layers` are decimal strings, as the platform sends them. */
export const ProofOfSpaceArtifacts = Schema.Struct({
  puzzleType: openEnum(
    Schema.Literals([...ProofOfSpaceArtifactPuzzleType.literals, ...ProofOfSpacePuzzleType.literals])
  ),
  seed: Text,
  rounds: Text,
  layers: Text
})

/** Metadata of a `ProofOfSpace` challenge. */
export const ProofOfSpaceMetadata = Schema.Struct({ challengeId: Id, artifacts: ProofOfSpaceArtifacts })

/** Metadata of a `PhoneVerification` challenge. */
export const PhoneVerificationMetadata = Schema.Struct({ frictionContext: Schema.optionalKey(Text) })

/** Metadata of an `EmailVerification` challenge. */
export const EmailVerificationMetadata = Schema.Struct({ otpSession: Id, frictionContext: Schema.optionalKey(Text) })

/** The shared parameters of a script-running challenge as its flow reads them ({@link ScriptChallengeMetadata}). */
export interface ScriptSharedParameters {
  readonly shouldAnalyze: boolean
  readonly useContinueMode: boolean
  /** Empty when absent: the continue call then uses the challenge id. */
  readonly genericChallengeId: string
}

/**
 * The Schema of a `ScriptRunning` (`chef`) challenge's metadata, as the spec lists it and the real site requires
 * it: userId, challengeId, contentInlineBase64 (the encoded script), expectedSymbols (a list of strings, required:
 * without it the metadata does not match, and the challenge is unknown and invalid) and sharedParameters (every
 * flag optional).
 */
export const ScriptChallengeMetadataSchema = Schema.Struct({
  userId: Text,
  challengeId: Id,
  contentInlineBase64: Text,
  expectedSymbols: Schema.Array(Text),
  sharedParameters: Schema.optionalKey(SharedParameters)
})

/**
 * A script-running challenge's metadata as its flow reads it: absent shared flags are off, an absent
 * `genericChallengeId` is empty.
 */
export interface ScriptChallengeMetadata {
  readonly userId: string
  readonly challengeId: string
  readonly contentInlineBase64: string
  readonly expectedSymbols: ReadonlyArray<string>
  readonly sharedParameters?: ScriptSharedParameters
}

/** {@link ScriptChallengeMetadata} from decoded metadata, the absent values filled in (plain code, no Schema). */
const scriptMetadata = (decoded: typeof ScriptChallengeMetadataSchema.Type): ScriptChallengeMetadata => {
  const shared = decoded.sharedParameters
  return {
    userId: decoded.userId,
    challengeId: decoded.challengeId,
    contentInlineBase64: decoded.contentInlineBase64,
    expectedSymbols: decoded.expectedSymbols,
    ...(shared === undefined
      ? {}
      : {
          sharedParameters: {
            shouldAnalyze: shared.shouldAnalyze ?? false,
            useContinueMode: shared.useContinueMode ?? false,
            genericChallengeId: shared.genericChallengeId ?? ""
          }
        })
  }
}

/** The metadata Schema of each decoded challenge type. */
export const metadataSchemas = {
  Captcha: CaptchaMetadata,
  TwoStepVerification: TwoStepVerificationMetadata,
  ForceAuthenticator: AnyObject,
  ForceTwoStepVerification: AnyObject,
  SecurityQuestions: SecurityQuestionsMetadata,
  Reauthentication: ReauthenticationMetadata,
  ProofOfWork: ProofOfWorkMetadata,
  TilePuzzle: TilePuzzleMetadata,
  PrivateAccessToken: PrivateAccessTokenMetadata,
  DeviceIntegrity: DeviceIntegrityMetadata,
  ProofOfSpace: ProofOfSpaceMetadata,
  PhoneVerification: PhoneVerificationMetadata,
  EmailVerification: EmailVerificationMetadata,
  BlockSession: AnyObject,
  ScriptRunning: ScriptChallengeMetadataSchema,
  Biometric: AnyObject,
  Denied: AnyObject,
  CaptchaV2: AnyObject,
  Turnstile: AnyObject,
  ForcePasswordlessLogin: AnyObject,
  Unrecognized: AnyObject
} as const satisfies { readonly [K in DecodedChallengeType]: Schema.Codec<unknown, unknown, never, never> }

/** The decoded metadata of challenge type `T`. */
export type MetadataOf<T extends DecodedChallengeType> = T extends "ScriptRunning"
  ? ScriptChallengeMetadata
  : (typeof metadataSchemas)[T]["Type"]

/** Decode `metadata` (a JSON object) as the metadata of `type`; none when it does not match the type's Schema. */
export const decodeMetadata = <T extends DecodedChallengeType>(
  type: T,
  metadata: Schema.JsonObject
): Option.Option<MetadataOf<T>> => {
  const decoded = Schema.decodeUnknownOption(metadataSchemas[type] as Schema.Codec<unknown>)(metadata)
  return (
    type === "ScriptRunning"
      ? Option.map(decoded, (value) => scriptMetadata(value as typeof ScriptChallengeMetadataSchema.Type))
      : decoded
  ) as Option.Option<MetadataOf<T>>
}

/**
 * A decoded, valid challenge: its id, canonical type, the type as the server spelt it (sent back on the continue
 * call and the re-sent request), typed metadata, the metadata as the server sent it (a JSON object, extra keys
 * included) for re-encoding, and its shared parameters when it has any. Metadata is a secret: never log it.
 */
export type Challenge = {
  readonly [T in DecodedChallengeType]: {
    readonly id: string
    readonly type: T
    readonly serverType: string
    readonly metadata: MetadataOf<T>
    readonly rawMetadata: Schema.JsonObject
    readonly sharedParameters?: SharedParameters
  }
}[DecodedChallengeType]

/** True for the types shown in the challenge frame (every type but `ScriptRunning`, which runs in a Worker). */
export const isFrameChallenge = (type: DecodedChallengeType): boolean => type !== "ScriptRunning"

/**
 * The `challengeID` of a challenge's continue call: its `sharedParameters.genericChallengeId` when present and
 * non-empty, else the challenge id.
 */
export const continueChallengeId = (challenge: Challenge): string => {
  const generic = challenge.sharedParameters?.genericChallengeId
  return generic === undefined || generic === "" ? challenge.id : generic
}
