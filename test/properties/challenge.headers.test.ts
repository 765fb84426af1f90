/**
 * Property tests of challenge header parsing: arbitrary header records and values never throw (they give None,
 * Partial, a valid challenge, or a ChallengeError of kind unknown), no header value (random bytes, huge, deep) yields
 * a defect, and valid metadata of every type, in any spelling of its type, round-trips through encode (base64 of
 * JSON) and decode.
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
  ProofOfSpaceArtifactPuzzleType,
  ProofOfSpacePuzzleType,
  RostilePuzzleType,
  TilePuzzleType,
  TwoStepVerificationType
} from "../../src/core/challenge/enums.ts"
import {
  challengeHeaderNames,
  challengeRequestHeaders,
  decodeChallenge,
  encodeChallengeMetadata,
  readChallengeHeaders
} from "../../src/core/challenge/headers.ts"
import { challengeHeadersOf, hasChallengeHeader } from "../../src/core/challenge/headerNames.ts"
import { hybridPageUrl } from "../../src/core/challenge/presenters/hybridPage.ts"
import { maxChallengeMetadataLength } from "../../src/core/challenge/metadataLimits.ts"
import { GenericChallengeType, realChallengeTypes } from "../../src/core/challenge/metadata.ts"

const names = Object.values(challengeHeaderNames)
const headerValue = fc.oneof(
  fc.string(),
  fc.string({ unit: "binary" }),
  fc.base64String(),
  fc.json().map((j) => Base64.encode(j)),
  fc.constantFrom(
    ...GenericChallengeType.literals,
    ...Object.values(realChallengeTypes),
    "",
    "e30=",
    "bnVsbA==",
    "W10="
  ),
  fc.anything()
)
const headerRecord = fc.dictionary(fc.oneof(fc.constantFrom(...names), fc.string()), headerValue)

const json: fc.Arbitrary<Schema.Json> = fc.jsonValue() as fc.Arbitrary<Schema.Json>
const nonEmpty = fc.string({ minLength: 1 }).filter((s) => s.trim() !== "")
const extra = fc.dictionary(
  fc.string().filter((k) => !["__proto__"].includes(k)),
  json,
  { maxKeys: 3 }
)

const openValue = <L extends string>(documented: ReadonlyArray<L>) =>
  fc.oneof(fc.constantFrom(...documented), fc.string())
const sharedParameters = fc.record(
  {
    shouldAnalyze: fc.boolean(),
    useContinueMode: fc.boolean(),
    genericChallengeId: fc.string(),
    delayParameters: json
  },
  { requiredKeys: [] }
)
const anyObject = extra.filter((o) => !("sharedParameters" in o))

const metadataOf: Record<(typeof GenericChallengeType.literals)[number], fc.Arbitrary<Schema.JsonObject>> = {
  Captcha: fc.record({
    unifiedCaptchaId: nonEmpty,
    dataExchangeBlob: fc.string(),
    actionType: openValue(ChallengeType.literals)
  }),
  TwoStepVerification: fc.record(
    {
      userId: nonEmpty,
      challengeId: nonEmpty,
      actionType: openValue(TwoStepVerificationType.literals),
      shouldShowRememberDeviceCheckbox: fc.boolean(),
      mediaType: openValue(MediaType.literals),
      rememberDevice: fc.boolean()
    },
    { requiredKeys: ["userId", "challengeId", "actionType"] }
  ),
  ForceAuthenticator: anyObject,
  ForceTwoStepVerification: anyObject,
  SecurityQuestions: fc.record({ userId: nonEmpty, sessionId: nonEmpty }),
  Reauthentication: fc.record(
    {
      defaultType: fc.string(),
      availableTypes: fc.array(fc.string()),
      defaultTypeMetadata: fc.option(anyObject, { nil: null })
    },
    { requiredKeys: ["defaultType", "availableTypes"] }
  ),
  ProofOfWork: fc.record({ sessionId: nonEmpty }),
  TilePuzzle: fc.record({
    challengeId: nonEmpty,
    puzzleType: openValue([...RostilePuzzleType.literals, ...TilePuzzleType.literals])
  }),
  PrivateAccessToken: fc.record({ challengeId: nonEmpty }),
  DeviceIntegrity: fc.record({ integrityType: fc.string(), requestHash: fc.string() }),
  ProofOfSpace: fc.record({
    challengeId: nonEmpty,
    artifacts: fc.record({
      puzzleType: openValue([...ProofOfSpaceArtifactPuzzleType.literals, ...ProofOfSpacePuzzleType.literals]),
      seed: fc.string(),
      rounds: fc.nat().map(String),
      layers: fc.nat().map(String)
    })
  }),
  PhoneVerification: fc.record({ frictionContext: fc.string() }, { requiredKeys: [] }),
  EmailVerification: fc.record(
    { otpSession: nonEmpty, frictionContext: fc.string() },
    { requiredKeys: ["otpSession"] }
  ),
  BlockSession: anyObject,
  ScriptRunning: fc.record(
    {
      userId: fc.string(),
      challengeId: nonEmpty,
      contentInlineBase64: fc.base64String(),
      expectedSymbols: fc.array(fc.string()),
      sharedParameters
    },
    { requiredKeys: ["userId", "challengeId", "contentInlineBase64", "expectedSymbols"] }
  ),
  Biometric: anyObject,
  Denied: anyObject,
  CaptchaV2: anyObject,
  Turnstile: anyObject,
  ForcePasswordlessLogin: anyObject
}

/** The decoded metadata of valid `metadata` of `type`: the script challenge fills its defaults. */
const typedMetadata = (type: string, metadata: Schema.JsonObject): unknown => {
  if (type !== "ScriptRunning") return metadata
  const shared = metadata["sharedParameters"] as Record<string, unknown> | undefined
  const { sharedParameters: _, ...rest } = metadata
  return {
    ...rest,
    ...(shared === undefined
      ? {}
      : {
          sharedParameters: {
            shouldAnalyze: shared["shouldAnalyze"] ?? false,
            useContinueMode: shared["useContinueMode"] ?? false,
            genericChallengeId: shared["genericChallengeId"] ?? ""
          }
        })
  }
}

/** A spelling of `type` the server might send: the real value or the canonical name, in any case. */
const spelling = (type: GenericChallengeType) =>
  fc
    .tuple(fc.constantFrom(realChallengeTypes[type], type), fc.array(fc.boolean(), { maxLength: 40 }))
    .map(([name, upper]) => [...name].map((c, i) => (upper[i] ? c.toUpperCase() : c.toLowerCase())).join(""))

const validChallenge = fc.constantFrom(...GenericChallengeType.literals).chain((type) =>
  fc.record({
    id: fc.stringMatching(/^[\x21-\x7e]{1,64}$/),
    type: fc.constant(type),
    serverType: spelling(type),
    metadata: metadataOf[type]
  })
)

// reads a record the way JSON does, so `-0` and `undefined` compare as after a JSON round trip
const viaJson = (value: unknown) => JSON.parse(JSON.stringify(value))

describe("challenge headers (properties)", () => {
  it("hasChallengeHeader (the on-demand flow's check) is true exactly when readChallengeHeaders finds some", () => {
    const anyCase = fc
      .constantFrom(...names)
      .chain((name) =>
        fc
          .array(fc.boolean(), { minLength: name.length, maxLength: name.length })
          .map((upper) => [...name].map((c, i) => (upper[i] ? c.toUpperCase() : c)).join(""))
      )
    const record = fc.dictionary(fc.oneof(anyCase, fc.constantFrom(...names), fc.string()), headerValue)
    fc.assert(
      fc.property(record, (entries) => {
        // a response's headers: every entry a fetch Response could carry (legal names and values)
        const headers = new Headers()
        for (const [name, value] of Object.entries(entries)) {
          try {
            headers.append(name, String(value))
          } catch {
            // not a legal header: no response carries it
          }
        }
        expect(hasChallengeHeader(headers)).toBe(readChallengeHeaders(challengeHeadersOf(headers))._tag !== "None")
      }),
      { numRuns: 2000 }
    )
  })

  it("arbitrary header records never throw and classify consistently", () => {
    fc.assert(
      fc.property(headerRecord, (headers) => {
        const read = readChallengeHeaders(headers)
        if (read._tag === "Complete") {
          const decoded = decodeChallenge(read)
          if (Result.isFailure(decoded)) {
            expect(decoded.failure).toBeInstanceOf(ChallengeError)
            expect(decoded.failure.reason).toBe("unknown")
          }
        } else if (read._tag === "Partial") {
          expect(read.present.length).toBeGreaterThan(0)
          expect(read.present.length).toBeLessThan(3)
        }
      }),
      { numRuns: 2000 }
    )
  })

  it("arbitrary complete header values never throw: valid or unknown", () => {
    fc.assert(
      fc.property(fc.string(), headerValue, headerValue, (id, type, metadata) => {
        const read = readChallengeHeaders({
          [challengeHeaderNames.id]: id,
          [challengeHeaderNames.type]: type,
          [challengeHeaderNames.metadata]: metadata
        })
        if (read._tag !== "Complete") return
        const decoded = decodeChallenge(read)
        if (Result.isFailure(decoded)) expect(decoded.failure.reason).toBe("unknown")
        else expect([...GenericChallengeType.literals, "Unrecognized"]).toContain(decoded.success.type)
      }),
      { numRuns: 2000 }
    )
  })

  it("valid metadata of every type, in any spelling of the type, round-trips through encode and decode", () => {
    fc.assert(
      fc.property(validChallenge, ({ id, metadata, serverType, type }) => {
        const decoded = decodeChallenge({ id, type: serverType, metadata: encodeChallengeMetadata(metadata) })
        expect(Result.isSuccess(decoded)).toBe(true)
        if (Result.isSuccess(decoded)) {
          expect(decoded.success.type).toBe(type)
          expect(decoded.success.serverType).toBe(serverType)
          expect(decoded.success.id).toBe(id)
          expect(decoded.success.rawMetadata).toEqual(viaJson(metadata))
          expect(decoded.success.metadata).toEqual(viaJson(typedMetadata(type, metadata)))
          const shared = metadata["sharedParameters"]
          expect(decoded.success.sharedParameters).toEqual(shared === undefined ? undefined : viaJson(shared))
        }
      }),
      { numRuns: 1000 }
    )
  })

  it("no header value (random bytes, huge, deep) yields a defect: decoded or unknown, and re-encodable", () => {
    const deepText = fc
      .tuple(fc.integer({ min: 1, max: 6_000 }), fc.constantFrom("[", '{"a":'))
      .map(
        ([depth, open]) => open.repeat(depth) + (open === "[" ? "" : "{}") + (open === "[" ? "]" : "}").repeat(depth)
      )
    const text = fc.oneof(
      fc.string({ unit: "binary", maxLength: 300 }),
      fc.uint8Array({ maxLength: 300 }).map((bytes) => new TextDecoder().decode(bytes)),
      fc
        .integer({ min: maxChallengeMetadataLength - 8, max: 3 * maxChallengeMetadataLength })
        .map((n) => "A".repeat(n)),
      deepText,
      fc.json({ maxDepth: 20 })
    )
    const metadata = fc.oneof(
      text,
      text.map((t) => Base64.encode(t)),
      fc.uint8Array({ maxLength: 300 }).map((bytes) => Base64.encode(bytes))
    )
    const type = fc.oneof(
      fc.constantFrom(...GenericChallengeType.literals, ...Object.values(realChallengeTypes)),
      fc.string({ maxLength: 70 })
    )
    const id = fc.oneof(fc.string({ unit: "binary", maxLength: 300 }), fc.constant("c-1"))
    fc.assert(
      fc.property(
        id,
        type,
        metadata,
        fc.constantFrom("base64" as const, "json" as const),
        (id, type, metadata, encoding) => {
          const decoded = decodeChallenge({ id, type, metadata }, encoding)
          if (Result.isFailure(decoded)) {
            expect(decoded.failure).toBeInstanceOf(ChallengeError)
            expect(decoded.failure.reason).toBe("unknown")
            return
          }
          const challenge = decoded.success
          expect(challenge.id.length).toBeLessThanOrEqual(256)
          // what the flow does with a decoded challenge never throws: the frame URL and the re-sent headers
          const headers = challengeRequestHeaders({
            id: challenge.id,
            type: challenge.serverType,
            metadata: challenge.rawMetadata
          })
          expect(new Headers(headers).get(challengeHeaderNames.type)).toBe(challenge.serverType)
          const settings = { darkMode: true, baristaMode: true, appType: "unknown" }
          expect(
            hybridPageUrl({
              www: "https://www.example.com",
              path: "/challenge/cdn/hybrid",
              challenge,
              parentOrigin: "https://a.example.com",
              settings
            })
          ).toMatch(/^https:\/\/www\.example\.com\/challenge\/cdn\/hybrid\?/)
        }
      ),
      { numRuns: 1000 }
    )
  })
})
