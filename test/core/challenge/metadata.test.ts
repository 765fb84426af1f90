/**
 * The real challenge vocabulary (fixtures written from the real platform's published facts): every real type,
 * spelt as the platform spells it, decodes to its canonical type with its metadata; the spec's names stay accepted;
 * enumerations inside metadata are open; shared parameters are read for any type; types we do not know yet are
 * shown in the frame; malformed input and metadata over the limits are `unknown`, never a throw.
 */
import { assert, describe, it } from "@effect/vitest"
import * as Base64 from "effect/encoding/Base64"
import * as Base64Url from "effect/encoding/Base64Url"
import * as Option from "effect/Option"
import * as Result from "effect/Result"
import type * as Schema from "effect/Schema"
import { ChallengeError } from "../../../src/core/challenge/ChallengeError.ts"
import {
  challengeRequestHeaders,
  decodeChallenge,
  encodeChallengeMetadata
} from "../../../src/core/challenge/headers.ts"
import { hybridPageUrl } from "../../../src/core/challenge/presenters/hybridPage.ts"
import {
  decodePageMessage,
  oversizedCompletionReason,
  pageMessage
} from "../../../src/core/challenge/presenters/messages.ts"
import {
  canonicalChallengeType,
  type Challenge,
  continueChallengeId,
  isFrameChallenge,
  realChallengeTypes
} from "../../../src/core/challenge/metadata.ts"
import { maxChallengeMetadataDepth, maxChallengeMetadataLength } from "../../../src/core/challenge/metadataLimits.ts"

const b64 = (value: unknown) => Base64.encode(JSON.stringify(value))

const decoded = (type: string, metadata: unknown, id = "ch-1"): Challenge => {
  const result = decodeChallenge({ id, type, metadata: typeof metadata === "string" ? metadata : b64(metadata) })
  if (Result.isFailure(result)) assert.fail(`${type}: ${result.failure.detail}`)
  return (result as Result.Success<Challenge, ChallengeError>).success
}

const failure = (raw: { id: string; type: string; metadata: string }, encoding: "base64" | "json" = "base64") => {
  const result = decodeChallenge(raw, encoding)
  assert.isTrue(Result.isFailure(result), "expected a failure")
  const error = (result as Result.Failure<Challenge, ChallengeError>).failure
  assert.instanceOf(error, ChallengeError)
  assert.strictEqual(error.reason, "unknown")
  return error
}

/** One real challenge of each type, as the platform sends it (lower case, real metadata shapes). */
const realChallenges: ReadonlyArray<readonly [string, string, Record<string, unknown>]> = [
  ["captcha", "Captcha", { unifiedCaptchaId: "uc-1", dataExchangeBlob: "YmxvYg==", actionType: "Login" }],
  [
    "twostepverification",
    "TwoStepVerification",
    {
      userId: "42",
      challengeId: "2sv-1",
      shouldShowRememberDeviceCheckbox: true,
      actionType: "RobuxSpend"
    }
  ],
  ["forceauthenticator", "ForceAuthenticator", {}],
  ["forcetwostepverification", "ForceTwoStepVerification", {}],
  ["securityquestions", "SecurityQuestions", { userId: "42", sessionId: "sq-1" }],
  [
    "reauthentication",
    "Reauthentication",
    {
      defaultType: "Password",
      availableTypes: ["Password", "Passkey"],
      defaultTypeMetadata: null
    }
  ],
  ["proofofwork", "ProofOfWork", { sessionId: "pow-1" }],
  ["rostile", "TilePuzzle", { challengeId: "rt-1", puzzleType: "ROSTILE_PUZZLE_TYPE_VISIBLE" }],
  ["privateaccesstoken", "PrivateAccessToken", { challengeId: "pat-1" }],
  ["deviceintegrity", "DeviceIntegrity", { integrityType: "playIntegrity", requestHash: "aGFzaA==" }],
  [
    "proofofspace",
    "ProofOfSpace",
    {
      challengeId: "pos-1",
      artifacts: { puzzleType: "PROOF_OF_SPACE_PUZZLE_TYPE_NONINTERACTIVE", seed: "c2VlZA==", rounds: "8", layers: "4" }
    }
  ],
  ["phoneverification", "PhoneVerification", { frictionContext: "Login" }],
  ["emailverification", "EmailVerification", { otpSession: "otp-1" }],
  ["blocksession", "BlockSession", { body: "Denied.AutomatedTampering.Body" }],
  [
    "chef",
    "ScriptRunning",
    {
      userId: "42",
      challengeId: "ch-1",
      contentInlineBase64: Base64.encode("(() => {})()"),
      expectedSymbols: ["answer"],
      sharedParameters: { shouldAnalyze: false, eligibleMethods: [], renderNativeChallenge: false },
      scriptIdentifiers: ["337f84df", "deccb867"]
    }
  ],
  ["biometric", "Biometric", { challengeId: "bio-1" }],
  ["denied", "Denied", {}],
  ["captchav2", "CaptchaV2", { siteKey: "k" }],
  ["turnstile", "Turnstile", { siteKey: "k" }],
  ["forcepasswordlesslogin", "ForcePasswordlessLogin", {}]
]

describe("the real challenge vocabulary", () => {
  it("every real type decodes to its canonical type; the server's spelling and every metadata key are kept", () => {
    assert.strictEqual(realChallenges.length, Object.keys(realChallengeTypes).length)
    for (const [serverType, type, metadata] of realChallenges) {
      const challenge = decoded(serverType, metadata)
      assert.strictEqual(challenge.type, type, serverType)
      assert.strictEqual(challenge.serverType, serverType)
      assert.strictEqual(realChallengeTypes[challenge.type as keyof typeof realChallengeTypes], serverType)
      assert.deepStrictEqual(challenge.rawMetadata, metadata)
      assert.strictEqual(isFrameChallenge(challenge.type), type !== "ScriptRunning", serverType)
    }
  })

  it("types match case-insensitively; the spec's PascalCase names and the canonical aliases stay accepted", () => {
    const spellings: ReadonlyArray<readonly [string, string | undefined]> = [
      ["captcha", "Captcha"],
      ["Captcha", "Captcha"],
      ["CAPTCHA", "Captcha"],
      ["TwoStepVerification", "TwoStepVerification"],
      ["ForceTwoStepVerification", "ForceTwoStepVerification"],
      ["BlockSession", "BlockSession"],
      ["ProofOfSpace", "ProofOfSpace"],
      ["chef", "ScriptRunning"],
      ["Chef", "ScriptRunning"],
      ["ScriptRunning", "ScriptRunning"],
      ["scriptrunning", "ScriptRunning"],
      ["rostile", "TilePuzzle"],
      ["TilePuzzle", "TilePuzzle"],
      ["CaptchaV2", "CaptchaV2"],
      ["passkeycheck", "Unrecognized"],
      ["future_type-2", "Unrecognized"],
      ["a".repeat(64), "Unrecognized"],
      ["a".repeat(65), undefined],
      ["", undefined],
      ["two step", undefined],
      ["captcha ", undefined],
      ["2fa", undefined],
      ["<script>", undefined]
    ]
    for (const [spelling, canonical] of spellings)
      assert.strictEqual(canonicalChallengeType(spelling), canonical, spelling)
    const challenge = decoded("CAPTCHA", realChallenges[0]![2])
    assert.deepStrictEqual([challenge.type, challenge.serverType], ["Captcha", "CAPTCHA"])
  })

  it("chef is the script-running challenge: its expected symbols are read, absent shared flags are off", () => {
    const challenge = decoded("chef", realChallenges.find(([t]) => t === "chef")![2])
    assert.strictEqual(challenge.type, "ScriptRunning")
    if (challenge.type !== "ScriptRunning") return
    assert.deepStrictEqual(challenge.metadata, {
      userId: "42",
      challengeId: "ch-1",
      contentInlineBase64: Base64.encode("(() => {})()"),
      expectedSymbols: ["answer"],
      sharedParameters: { shouldAnalyze: false, useContinueMode: false, genericChallengeId: "" }
    })
    // the re-send carries the server's metadata as it came, not the defaults
    assert.deepStrictEqual(challenge.rawMetadata["sharedParameters"], {
      shouldAnalyze: false,
      eligibleMethods: [],
      renderNativeChallenge: false
    })
    assert.deepStrictEqual(challenge.sharedParameters, { shouldAnalyze: false })
  })

  it("chef metadata without expectedSymbols (or with a malformed list) is unknown and invalid", () => {
    const { expectedSymbols: _, ...withoutSymbols } = realChallenges.find(([t]) => t === "chef")![2]
    for (const metadata of [
      withoutSymbols,
      { ...withoutSymbols, expectedSymbols: null },
      { ...withoutSymbols, expectedSymbols: [1] }
    ]) {
      const error = failure({ id: "c", type: "chef", metadata: b64(metadata) })
      assert.strictEqual(error.reason, "unknown")
      assert.strictEqual(error.detail, "The challenge metadata does not match the schema of chef.")
      assert.strictEqual(error.challengeType, "ScriptRunning")
    }
    // the spec's name is held to the same rule
    assert.strictEqual(
      failure({ id: "c", type: "ScriptRunning", metadata: b64(withoutSymbols) }).detail,
      "The challenge metadata does not match the schema of ScriptRunning."
    )
  })

  it("the real proof-of-space shape is the one decoded; the earlier { sessionId, puzzleType } shape is a mismatch", () => {
    const challenge = decoded("proofofspace", realChallenges.find(([t]) => t === "proofofspace")![2])
    if (challenge.type !== "ProofOfSpace") return assert.fail("not ProofOfSpace")
    assert.deepStrictEqual(challenge.metadata.artifacts, {
      puzzleType: "PROOF_OF_SPACE_PUZZLE_TYPE_NONINTERACTIVE",
      seed: "c2VlZA==",
      rounds: "8",
      layers: "4"
    })
    const error = failure({
      id: "c",
      type: "proofofspace",
      metadata: b64({ sessionId: "s", puzzleType: "interactive" })
    })
    assert.strictEqual(error.detail, "The challenge metadata does not match the schema of proofofspace.")
    assert.strictEqual(error.challengeType, "ProofOfSpace")
  })

  it("enumerations inside metadata are open: a value added later decodes, the documented ones too", () => {
    const values: ReadonlyArray<readonly [string, Record<string, unknown>]> = [
      ["captcha", { unifiedCaptchaId: "u", dataExchangeBlob: "", actionType: "CommunityLink" }],
      ["twostepverification", { userId: "1", challengeId: "c", actionType: "AccountLinking", mediaType: "Hologram" }],
      ["rostile", { challengeId: "c", puzzleType: "ROSTILE_PUZZLE_TYPE_AUDIO" }],
      ["rostile", { challengeId: "c", puzzleType: "invisible" }],
      [
        "proofofspace",
        {
          challengeId: "c",
          artifacts: { puzzleType: "PROOF_OF_SPACE_PUZZLE_TYPE_V2", seed: "", rounds: "1", layers: "1" }
        }
      ],
      ["reauthentication", { defaultType: "Biometric", availableTypes: ["Biometric"] }],
      ["emailverification", { otpSession: "o", frictionContext: "NewContext" }]
    ]
    for (const [type, metadata] of values) assert.deepStrictEqual(decoded(type, metadata).rawMetadata, metadata)
  })

  it("a known type with the wrong shape is unknown, named by the server's spelling", () => {
    const cases: ReadonlyArray<readonly [string, Record<string, unknown>]> = [
      ["twostepverification", { userId: "1", challengeId: "c" }],
      ["twostepverification", { userId: "1", challengeId: "c", actionType: 3 }],
      ["rostile", { challengeId: "c" }],
      ["proofofspace", { challengeId: "c", artifacts: { puzzleType: "x", seed: "s", rounds: 8, layers: "4" } }],
      ["securityquestions", { userId: "1" }],
      ["emailverification", {}],
      ["privateaccesstoken", { challengeId: "" }],
      ["deviceintegrity", { integrityType: "x" }],
      ["reauthentication", { defaultType: "Password", availableTypes: "Password" }],
      ["chef", { userId: "1", challengeId: "c" }],
      [
        "captcha",
        {
          unifiedCaptchaId: "u",
          dataExchangeBlob: "b",
          actionType: "Login",
          sharedParameters: { genericChallengeId: 7 }
        }
      ],
      ["biometric", { sharedParameters: "no" }]
    ]
    for (const [type, metadata] of cases) {
      const error = failure({ id: "c", type, metadata: b64(metadata) })
      assert.strictEqual(
        error.detail,
        `The challenge metadata does not match the schema of ${type}.`,
        JSON.stringify(metadata)
      )
    }
  })
})

describe("shared parameters and the continue id", () => {
  it("are read for any type; the continue call uses genericChallengeId when present and non-empty", () => {
    const withShared = (type: string, metadata: Record<string, unknown>, sharedParameters: Record<string, unknown>) =>
      decoded(type, { ...metadata, sharedParameters }, "hdr-1")
    const twoStep = withShared("twostepverification", realChallenges[1]![2], {
      genericChallengeId: "generic-1",
      useContinueMode: true,
      delayParameters: { minDelayMs: 10 }
    })
    assert.deepStrictEqual(twoStep.sharedParameters, {
      genericChallengeId: "generic-1",
      useContinueMode: true,
      delayParameters: { minDelayMs: 10 }
    })
    assert.strictEqual(continueChallengeId(twoStep), "generic-1")
    assert.strictEqual(
      continueChallengeId(withShared("passkeycheck", {}, { genericChallengeId: "generic-2" })),
      "generic-2"
    )
    assert.strictEqual(
      continueChallengeId(withShared("captcha", realChallenges[0]![2], { genericChallengeId: "" })),
      "hdr-1"
    )
    assert.strictEqual(continueChallengeId(decoded("captcha", realChallenges[0]![2], "hdr-2")), "hdr-2")
  })
})

describe("a challenge type we do not know yet", () => {
  it("is Unrecognized, its metadata kept as a JSON object, shown in the frame with the server's spelling", () => {
    const metadata = { challengeId: "x-1", nested: { list: [1, "two", null] } }
    const challenge = decoded("passkeycheck", metadata)
    assert.deepStrictEqual(challenge, {
      id: "ch-1",
      type: "Unrecognized",
      serverType: "passkeycheck",
      metadata,
      rawMetadata: metadata
    })
    assert.isTrue(isFrameChallenge(challenge.type))
    const url = new URL(
      hybridPageUrl({
        www: "https://www.example.com",
        path: "/challenge/cdn/hybrid",
        challenge,
        parentOrigin: "https://www.example.com",
        settings: { darkMode: true, baristaMode: true, appType: "unknown" }
      })
    )
    assert.strictEqual(url.searchParams.get("generic-challenge-type"), "passkeycheck")
    assert.strictEqual(url.searchParams.get("challenge-metadata-json"), Base64Url.encode(JSON.stringify(metadata)))
    assert.deepStrictEqual(challengeRequestHeaders({ id: challenge.id, type: challenge.serverType, metadata }), {
      "rblx-challenge-id": "ch-1",
      "rblx-challenge-type": "passkeycheck",
      "rblx-challenge-metadata": b64(metadata)
    })
  })

  it("still needs a JSON object: an array, bad base64 or bad JSON is unknown", () => {
    assert.strictEqual(
      failure({ id: "c", type: "passkeycheck", metadata: b64([1]) }).detail,
      "The challenge metadata is not a JSON object."
    )
    assert.strictEqual(
      failure({ id: "c", type: "passkeycheck", metadata: "***" }).detail,
      "The challenge metadata is not valid base64."
    )
    assert.strictEqual(
      failure({ id: "c", type: "passkeycheck", metadata: Base64.encode("{") }).detail,
      "The challenge metadata is not valid JSON."
    )
    assert.strictEqual(
      failure({ id: "c", type: "passkeycheck", metadata: "" }).detail,
      "The challenge metadata is empty."
    )
  })
})

/** JSON text of an object holding arrays nested so that the whole is `depth` deep (the object is level 1). */
const nested = (depth: number): string => `{"a":${"[".repeat(depth - 1)}${"]".repeat(depth - 1)}}`

/** A JSON object whose text is exactly `length` characters long. */
const objectOfLength = (length: number): string => {
  const padding = length - '{"p":""}'.length
  return JSON.stringify({ p: "x".repeat(padding) })
}

describe("metadata limits", () => {
  it(`accepts metadata nested ${maxChallengeMetadataDepth} deep, rejects one level more, and 5,000 deep without a throw`, () => {
    assert.strictEqual(decoded("blocksession", Base64.encode(nested(maxChallengeMetadataDepth))).type, "BlockSession")
    for (const depth of [maxChallengeMetadataDepth + 1, 5_000]) {
      const text = nested(depth)
      assert.isAtMost(Base64.encode(text).length, maxChallengeMetadataLength)
      for (const [metadata, encoding] of [
        [Base64.encode(text), "base64"],
        [text, "json"]
      ] as const) {
        const error = failure({ id: "c", type: "blocksession", metadata }, encoding)
        assert.strictEqual(error.detail, "The challenge metadata is nested too deeply.")
      }
    }
    // objects count as levels too; brackets inside strings do not
    const objects = '{"a":'.repeat(maxChallengeMetadataDepth) + "{}" + "}".repeat(maxChallengeMetadataDepth)
    assert.strictEqual(
      failure({ id: "c", type: "blocksession", metadata: objects }, "json").detail,
      "The challenge metadata is nested too deeply."
    )
    const inStrings = JSON.stringify({ a: "{[{[".repeat(100), b: '\\"{{{{' })
    assert.strictEqual(decoded("blocksession", Base64.encode(inStrings)).type, "BlockSession")
  })

  it(`accepts a header value of ${maxChallengeMetadataLength} characters and rejects one more`, () => {
    // base64 of n bytes is 4 * ceil(n / 3) characters: 12,288 bytes give exactly 16,384
    const atLimit = Base64.encode(objectOfLength((maxChallengeMetadataLength / 4) * 3))
    assert.strictEqual(atLimit.length, maxChallengeMetadataLength)
    assert.strictEqual(decoded("blocksession", atLimit).type, "BlockSession")
    const over = Base64.encode(objectOfLength((maxChallengeMetadataLength / 4) * 3 + 1))
    assert.strictEqual(over.length, maxChallengeMetadataLength + 4)
    assert.strictEqual(
      failure({ id: "c", type: "blocksession", metadata: over }).detail,
      "The challenge metadata is too large."
    )
    // plain JSON (a continue answer): the text itself is limited
    const jsonAtLimit = objectOfLength(maxChallengeMetadataLength)
    assert.isTrue(Result.isSuccess(decodeChallenge({ id: "c", type: "blocksession", metadata: jsonAtLimit }, "json")))
    assert.strictEqual(
      failure({ id: "c", type: "blocksession", metadata: objectOfLength(maxChallengeMetadataLength + 1) }, "json")
        .detail,
      "The challenge metadata is too large."
    )
    const error = failure({ id: "c", type: "captcha", metadata: "A".repeat(10_000_000) })
    assert.strictEqual(error.detail, "The challenge metadata is too large.")
    assert.strictEqual(error.challengeType, "Captcha")
  })

  it("a page's completion over the limits (deep, cyclic, huge) is read as invalidated with a fixed reason", () => {
    let deep: Record<string, unknown> = {}
    for (let i = 0; i < 5_000; i++) deep = { a: deep }
    const cyclic: Record<string, unknown> = {}
    cyclic["self"] = cyclic
    const huge = { blob: "x".repeat(maxChallengeMetadataLength + 1) }
    const wide = { list: Array.from({ length: 20_000 }, (_, i) => i) }
    for (const metadata of [deep, cyclic, huge, wide]) {
      assert.deepStrictEqual(
        Option.getOrUndefined(
          decodePageMessage(pageMessage("challengeCompleted", { challengeId: "c", challengeMetadata: metadata }))
        ),
        { type: "challengeInvalidated", reason: oversizedCompletionReason }
      )
    }
    let atDepth: Schema.JsonObject = {}
    for (let i = 1; i < maxChallengeMetadataDepth; i++) atDepth = { a: atDepth }
    const ok = decodePageMessage(pageMessage("challengeCompleted", { challengeMetadata: atDepth }))
    assert.strictEqual(ok._tag === "Some" && ok.value.type, "challengeCompleted")
    assert.strictEqual(Base64.decodeString(encodeChallengeMetadata(atDepth))._tag, "Success")
  })
})
