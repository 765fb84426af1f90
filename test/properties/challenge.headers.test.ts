/**
 * Property tests of challenge header parsing: arbitrary header records and values never throw (they give None,
 * Partial, a valid challenge, or a ChallengeError of kind unknown), and valid metadata of every type round-trips
 * through encode (base64 of JSON) and decode.
 */
import { describe, it } from "@effect/vitest"
import * as Base64 from "effect/encoding/Base64"
import * as Result from "effect/Result"
import type * as Schema from "effect/Schema"
import fc from "fast-check"
import { expect } from "vitest"
import { ChallengeError } from "../../src/core/challenge/ChallengeError.ts"
import {
  ChallengeType,
  MediaType,
  ProofOfSpacePuzzleType,
  TilePuzzleType,
  TwoStepVerificationType
} from "../../src/core/challenge/enums.ts"
import {
  challengeHeaderNames,
  decodeChallenge,
  encodeChallengeMetadata,
  readChallengeHeaders
} from "../../src/core/challenge/headers.ts"
import { hasChallengeHeader } from "../../src/core/challenge/headerNames.ts"
import { GenericChallengeType } from "../../src/core/challenge/metadata.ts"

const names = Object.values(challengeHeaderNames)
const headerValue = fc.oneof(
  fc.string(),
  fc.string({ unit: "binary" }),
  fc.base64String(),
  fc.json().map((j) => Base64.encode(j)),
  fc.constantFrom(...GenericChallengeType.literals, "", "e30=", "bnVsbA==", "W10="),
  fc.anything()
)
const headerRecord = fc.dictionary(fc.oneof(fc.constantFrom(...names), fc.string()), headerValue)

const json: fc.Arbitrary<Schema.Json> = fc.jsonValue() as fc.Arbitrary<Schema.Json>
const nonEmpty = fc.string({ minLength: 1 }).filter((s) => s.trim() !== "")
const extra = fc.dictionary(fc.string().filter((k) => !["__proto__"].includes(k)), json, { maxKeys: 3 })

const metadataOf: Record<(typeof GenericChallengeType.literals)[number], fc.Arbitrary<Schema.JsonObject>> = {
  Captcha: fc.record({
    unifiedCaptchaId: nonEmpty,
    dataExchangeBlob: fc.string(),
    actionType: fc.constantFrom(...ChallengeType.literals)
  }),
  TwoStepVerification: fc.record({
    userId: nonEmpty,
    challengeId: nonEmpty,
    actionType: fc.constantFrom(...TwoStepVerificationType.literals),
    mediaType: fc.constantFrom(...MediaType.literals),
    rememberDevice: fc.boolean()
  }, { requiredKeys: ["userId", "challengeId", "actionType"] }),
  ProofOfSpace: fc.record({ sessionId: nonEmpty, puzzleType: fc.constantFrom(...ProofOfSpacePuzzleType.literals) }),
  TilePuzzle: fc.record({ challengeId: nonEmpty, puzzleType: fc.constantFrom(...TilePuzzleType.literals) }),
  ScriptRunning: fc.record({
    userId: fc.string(),
    challengeId: nonEmpty,
    contentInlineBase64: fc.base64String(),
    expectedSymbols: fc.array(fc.string()),
    sharedParameters: fc.record({
      shouldAnalyze: fc.boolean(),
      useContinueMode: fc.boolean(),
      genericChallengeId: fc.string()
    })
  }, { requiredKeys: ["userId", "challengeId", "contentInlineBase64", "expectedSymbols"] }),
  ForceAuthenticator: extra,
  ForceTwoStepVerification: extra,
  BlockSession: extra
}

const validChallenge = fc.constantFrom(...GenericChallengeType.literals).chain((type) =>
  fc.record({ id: nonEmpty, type: fc.constant(type), metadata: metadataOf[type] })
)

// reads a record the way JSON does, so `-0` and `undefined` compare as after a JSON round trip
const viaJson = (value: unknown) => JSON.parse(JSON.stringify(value))

describe("challenge headers (properties)", () => {
  it("hasChallengeHeader (the on-demand flow's check) is true exactly when readChallengeHeaders finds some", () => {
    const anyCase = fc.constantFrom(...names).chain((name) =>
      fc.array(fc.boolean(), { minLength: name.length, maxLength: name.length }).map((upper) =>
        [...name].map((c, i) => (upper[i] ? c.toUpperCase() : c)).join("")
      )
    )
    const record = fc.dictionary(fc.oneof(anyCase, fc.constantFrom(...names), fc.string()), headerValue)
    fc.assert(fc.property(record, (headers) => {
      expect(hasChallengeHeader(headers)).toBe(readChallengeHeaders(headers)._tag !== "None")
    }), { numRuns: 2000 })
  })

  it("arbitrary header records never throw and classify consistently", () => {
    fc.assert(fc.property(headerRecord, (headers) => {
      const read = readChallengeHeaders(headers)
      if (read._tag === "Complete") {
        const decoded = decodeChallenge(read)
        if (Result.isFailure(decoded)) {
          expect(decoded.failure).toBeInstanceOf(ChallengeError)
          expect(decoded.failure.kind).toBe("unknown")
        }
      } else if (read._tag === "Partial") {
        expect(read.present.length).toBeGreaterThan(0)
        expect(read.present.length).toBeLessThan(3)
      }
    }), { numRuns: 2000 })
  })

  it("arbitrary complete header values never throw: valid or unknown", () => {
    fc.assert(fc.property(fc.string(), headerValue, headerValue, (id, type, metadata) => {
      const read = readChallengeHeaders({
        [challengeHeaderNames.id]: id,
        [challengeHeaderNames.type]: type,
        [challengeHeaderNames.metadata]: metadata
      })
      if (read._tag !== "Complete") return
      const decoded = decodeChallenge(read)
      if (Result.isFailure(decoded)) expect(decoded.failure.kind).toBe("unknown")
      else expect(GenericChallengeType.literals).toContain(decoded.success.type)
    }), { numRuns: 2000 })
  })

  it("valid metadata of every type round-trips through encode and decode", () => {
    fc.assert(fc.property(validChallenge, ({ id, metadata, type }) => {
      const decoded = decodeChallenge({ id, type, metadata: encodeChallengeMetadata(metadata) })
      expect(Result.isSuccess(decoded)).toBe(true)
      if (Result.isSuccess(decoded)) {
        expect(decoded.success.type).toBe(type)
        expect(decoded.success.id).toBe(id)
        expect(decoded.success.rawMetadata).toEqual(viaJson(metadata))
        expect(decoded.success.metadata).toEqual(viaJson(metadata))
      }
    }), { numRuns: 1000 })
  })
})
