import { assert, describe, it } from "@effect/vitest"
import * as Base64 from "effect/encoding/Base64"
import * as Result from "effect/Result"
import * as Schema from "effect/Schema"
import { ChallengeError } from "../../../src/core/challenge/ChallengeError.ts"
import { ChallengeType, MediaType } from "../../../src/core/challenge/enums.ts"
import {
  challengeRequestHeaders,
  decodeChallenge,
  encodeChallengeMetadata,
  readChallengeHeaders
} from "../../../src/core/challenge/headers.ts"
import { GenericChallengeType } from "../../../src/core/challenge/metadata.ts"

const b64 = (value: unknown) => Base64.encode(JSON.stringify(value))
const script = {
  userId: "42",
  challengeId: "s-1",
  contentInlineBase64: Base64.encode("self.ok = 1"),
  expectedSymbols: ["ok"],
  sharedParameters: { shouldAnalyze: false, useContinueMode: true, genericChallengeId: "g-1" }
}

const failure = (result: Result.Result<unknown, ChallengeError>) => {
  assert.isTrue(Result.isFailure(result))
  return (result as Result.Failure<unknown, ChallengeError>).failure
}

describe("challenge enumerations (CHAL-13 to CHAL-17, CHAL-30, CHAL-31)", () => {
  // the enumerations of platform-web-client/challenge are held to the spec's lists in ./enums.entry.test.ts
  it("lists every generic challenge type, in order", () => {
    assert.deepStrictEqual(GenericChallengeType.literals, [
      "Captcha",
      "TwoStepVerification",
      "ForceAuthenticator",
      "ForceTwoStepVerification",
      "SecurityQuestions",
      "Reauthentication",
      "ProofOfWork",
      "TilePuzzle",
      "PrivateAccessToken",
      "DeviceIntegrity",
      "ProofOfSpace",
      "PhoneVerification",
      "EmailVerification",
      "BlockSession",
      "ScriptRunning",
      "Biometric",
      "Denied",
      "CaptchaV2",
      "Turnstile",
      "ForcePasswordlessLogin"
    ])
  })

  it("rejects values outside the enumerations", () => {
    assert.isTrue(Schema.decodeUnknownOption(ChallengeType)("followuser")._tag === "None")
    assert.isTrue(Schema.decodeUnknownOption(MediaType)("Fax")._tag === "None")
  })
})

describe("readChallengeHeaders", () => {
  it("finds none, some or all of the three headers", () => {
    assert.deepStrictEqual(readChallengeHeaders({ "content-type": "application/json" }), { _tag: "None" })
    assert.deepStrictEqual(readChallengeHeaders({ "rblx-challenge-id": "c-1" }), { _tag: "Partial", present: ["id"] })
    assert.deepStrictEqual(
      readChallengeHeaders({ "rblx-challenge-type": "Captcha", "rblx-challenge-metadata": "e30=" }),
      { _tag: "Partial", present: ["type", "metadata"] }
    )
    assert.deepStrictEqual(
      readChallengeHeaders({
        "rblx-challenge-id": "c-1",
        "rblx-challenge-type": "Captcha",
        "rblx-challenge-metadata": ""
      }),
      { _tag: "Complete", id: "c-1", type: "Captcha", metadata: "" }
    )
  })

  it("treats non-string values as absent and matches names case-insensitively", () => {
    assert.deepStrictEqual(readChallengeHeaders({ "rblx-challenge-id": 7, "RBLX-Challenge-Type": "x" }), {
      _tag: "Partial",
      present: ["type"]
    })
  })
})

describe("decodeChallenge (CHAL-6, CHAL-27)", () => {
  it("decodes a valid script-running challenge with typed metadata and the raw JSON", () => {
    const result = decodeChallenge({ id: "c-1", type: "ScriptRunning", metadata: b64(script) })
    assert.isTrue(Result.isSuccess(result))
    if (Result.isSuccess(result)) {
      assert.deepStrictEqual(result.success, {
        id: "c-1",
        type: "ScriptRunning",
        serverType: "ScriptRunning",
        metadata: script,
        rawMetadata: script,
        sharedParameters: script.sharedParameters
      })
    }
  })

  it("keeps extra metadata keys in the raw JSON for the re-send", () => {
    const meta = { unifiedCaptchaId: "u", dataExchangeBlob: "blob", actionType: "FollowUser", extra: [1, null] }
    const result = decodeChallenge({ id: "c-2", type: "Captcha", metadata: b64(meta) })
    assert.isTrue(Result.isSuccess(result))
    if (Result.isSuccess(result)) {
      assert.deepStrictEqual(result.success.rawMetadata, meta)
      assert.deepStrictEqual(result.success.metadata, {
        unifiedCaptchaId: "u",
        dataExchangeBlob: "blob",
        actionType: "FollowUser"
      })
    }
  })

  it("every invalid input is a ChallengeError of kind unknown with an exact reason", () => {
    const cases: Array<[{ id: string; type: string; metadata: string }, string]> = [
      [{ id: " ", type: "Captcha", metadata: b64({}) }, "The challenge id is empty."],
      [{ id: "c\u0000", type: "Captcha", metadata: b64({}) }, "The challenge id is not valid."],
      [{ id: "c d", type: "Captcha", metadata: b64({}) }, "The challenge id is not valid."],
      [{ id: "c".repeat(257), type: "Captcha", metadata: b64({}) }, "The challenge id is not valid."],
      [{ id: "c", type: "", metadata: b64({}) }, "The challenge type is not known."],
      [{ id: "c", type: "two step", metadata: b64({}) }, "The challenge type is not known."],
      [{ id: "c", type: "9lives", metadata: b64({}) }, "The challenge type is not known."],
      [{ id: "c", type: "a".repeat(65), metadata: b64({}) }, "The challenge type is not known."],
      [{ id: "c", type: "Captcha", metadata: "" }, "The challenge metadata is empty."],
      [{ id: "c", type: "Captcha", metadata: "not base64!" }, "The challenge metadata is not valid base64."],
      [{ id: "c", type: "Captcha", metadata: "//79" }, "The challenge metadata is not valid base64."],
      [{ id: "c", type: "Captcha", metadata: Base64.encode("{nope") }, "The challenge metadata is not valid JSON."],
      [{ id: "c", type: "Captcha", metadata: b64([1, 2]) }, "The challenge metadata is not a JSON object."],
      [
        { id: "c", type: "Captcha", metadata: b64({ unifiedCaptchaId: "u" }) },
        "The challenge metadata does not match the schema of Captcha."
      ],
      [
        { id: "c", type: "ScriptRunning", metadata: b64({ ...script, expectedSymbols: "ok" }) },
        "The challenge metadata does not match the schema of ScriptRunning."
      ]
    ]
    for (const [raw, reason] of cases) {
      const error = failure(decodeChallenge(raw))
      assert.instanceOf(error, ChallengeError)
      assert.strictEqual(error.reason, "unknown")
      assert.strictEqual(error.message, reason)
      assert.strictEqual(error._tag, "ChallengeError")
    }
  })

  it("decodes plain-JSON metadata as the continue answer carries it", () => {
    const result = decodeChallenge({ id: "f-1", type: "BlockSession", metadata: '{"reason":"x"}' }, "json")
    assert.isTrue(Result.isSuccess(result))
  })
})

describe("challengeRequestHeaders", () => {
  it("re-encodes the metadata in base64 (UTF-8 JSON)", () => {
    const headers = challengeRequestHeaders({ id: "c-9", type: "captcha", metadata: { token: "é✓" } })
    assert.deepStrictEqual(headers, {
      "rblx-challenge-id": "c-9",
      "rblx-challenge-type": "captcha",
      "rblx-challenge-metadata": encodeChallengeMetadata({ token: "é✓" })
    })
    assert.strictEqual(Result.getOrThrow(Base64.decodeString(headers["rblx-challenge-metadata"]!)), '{"token":"é✓"}')
  })
})
