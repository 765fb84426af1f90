/**
 * The challenge enumerations, imported as users import them (the `platform-web-client/challenge` entry point), hold
 * exactly the values the spec lists (written out here from the spec's text), and decode outside values.
 */
import { assert, describe, it } from "@effect/vitest"
import * as Option from "effect/Option"
import * as Schema from "effect/Schema"
import {
  ChallengeEnforcement,
  ChallengeServiceErrorCode,
  ChallengeType,
  MediaType,
  openEnum,
  ProofOfSpaceArtifactPuzzleType,
  ProofOfSpacePuzzleType,
  RostilePuzzleType,
  ScriptChallengeErrorCode,
  scriptErrorMessages,
  TilePuzzleType,
  TwoStepVerificationType
} from "platform-web-client/challenge"

describe("the challenge enumerations of platform-web-client/challenge", () => {
  it("challenge types: the actions a challenge protects", () => {
    assert.deepStrictEqual(ChallengeType.literals, [
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
  })

  it("two-step verification types and media types", () => {
    assert.deepStrictEqual(TwoStepVerificationType.literals, [
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
    assert.deepStrictEqual(MediaType.literals, [
      "Email",
      "Authenticator",
      "RecoveryCode",
      "SMS",
      "SecurityKey",
      "CrossDevice",
      "Password",
      "Passkey"
    ])
  })

  it("the other enumerations: the enforcements and the puzzle types (the spec's and the real platform's spellings)", () => {
    assert.deepStrictEqual(ChallengeEnforcement.literals, [
      "ForceAuthenticator",
      "ForceTwoStepVerification",
      "BlockSession"
    ])
    assert.deepStrictEqual(ProofOfSpacePuzzleType.literals, ["invalid", "noninteractive", "interactive"])
    assert.deepStrictEqual(TilePuzzleType.literals, ["visible", "invisible"])
    assert.deepStrictEqual(ProofOfSpaceArtifactPuzzleType.literals, [
      "PROOF_OF_SPACE_PUZZLE_TYPE_INVALID",
      "PROOF_OF_SPACE_PUZZLE_TYPE_NONINTERACTIVE",
      "PROOF_OF_SPACE_PUZZLE_TYPE_INTERACTIVE"
    ])
    assert.deepStrictEqual(RostilePuzzleType.literals, [
      "ROSTILE_PUZZLE_TYPE_INVALID",
      "ROSTILE_PUZZLE_TYPE_VISIBLE",
      "ROSTILE_PUZZLE_TYPE_INVISIBLE"
    ])
  })

  it("the challenge error codes with the spec's messages, and the further code enums", () => {
    assert.deepStrictEqual(ScriptChallengeErrorCode.literals, [
      "FAILED_PREP",
      "FAILED_MIREPOIX",
      "FAILED_SIMMER",
      "UNKNOWN"
    ])
    assert.strictEqual(scriptErrorMessages.FAILED_PREP("x"), "Could not prep the cook successfully: x")
    assert.strictEqual(scriptErrorMessages.FAILED_MIREPOIX, "Burnt the mirepoix :/.")
    assert.strictEqual(scriptErrorMessages.FAILED_SIMMER, "Simmer was too short!")
    assert.deepStrictEqual(ChallengeServiceErrorCode.literals, [
      "SESSION_INVALID",
      "ANSWER_INVALID",
      "WORKER_LOAD_ERROR",
      "TIMEOUT",
      "OTP_CODE_EXPIRED",
      "SESSION_EXPIRED",
      "USER_WAS_FORCE_RESET"
    ])
  })

  it("each decodes its values and refuses others; its open form keeps a value added later", () => {
    const decode = Schema.decodeUnknownOption(ChallengeType)
    assert.deepStrictEqual(decode("FollowUser"), Option.some("FollowUser"))
    assert.isTrue(Option.isNone(decode("followuser")))
    assert.isTrue(Option.isNone(Schema.decodeUnknownOption(ScriptChallengeErrorCode)("FAILED_BOIL")))
    assert.deepStrictEqual(Schema.decodeUnknownOption(openEnum(MediaType))("QuickSignIn"), Option.some("QuickSignIn"))
    assert.isTrue(Option.isNone(Schema.decodeUnknownOption(openEnum(MediaType))(7)))
  })
})
