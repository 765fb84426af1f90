/**
 * The challenge response headers (CHAL-3): `rblx-challenge-id`, `rblx-challenge-type` and
 * `rblx-challenge-metadata` (base64 of JSON), read from a failed response and written on the re-sent request.
 *
 * Reading never throws, whatever the header values: absent, partial, complete but invalid, or valid.
 *
 * @module
 */
import * as Base64 from "effect/encoding/Base64"
import * as Result from "effect/Result"
import * as Schema from "effect/Schema"
import { ChallengeError } from "./ChallengeError.ts"
import { challengeHeaderNames } from "./headerNames.ts"
import { type Challenge, canonicalChallengeType, decodeMetadata, SharedParameters } from "./metadata.ts"
import { jsonTextExcess, maxChallengeMetadataLength } from "./metadataLimits.ts"

/** The names of the three challenge headers (defined in ./headerNames.ts, which has no dependency). */
export { challengeHeaderNames } from "./headerNames.ts"
/** The limits on challenge metadata (defined in ./metadataLimits.ts). */
export { maxChallengeMetadataDepth, maxChallengeMetadataLength } from "./metadataLimits.ts"

/** Which challenge headers a response carries. */
export type ChallengeHeaders =
  /** None of the three. */
  | { readonly _tag: "None" }
  /** Some but not all (CHAL-25: logged, the original error stands). */
  | { readonly _tag: "Partial"; readonly present: ReadonlyArray<keyof typeof challengeHeaderNames> }
  /** All three, raw (values not yet validated). */
  | { readonly _tag: "Complete"; readonly id: string; readonly type: string; readonly metadata: string }

/** The log line of a response with only some of the challenge headers (CHAL-25, quoted). */
export const partialHeadersLog = "Got only partial challenge headers"

const HeaderValue = Schema.String

const valueOf = (headers: Readonly<Record<string, unknown>>, name: string): string | undefined => {
  const direct = Schema.decodeUnknownOption(HeaderValue)(headers[name])
  if (direct._tag === "Some") return direct.value
  // Header records from effect/http are lower-case; tolerate other spellings from hand-built records.
  for (const key of Object.keys(headers)) {
    if (key.toLowerCase() === name) {
      const value = Schema.decodeUnknownOption(HeaderValue)(headers[key])
      if (value._tag === "Some") return value.value
    }
  }
  return undefined
}

/** Which of the challenge headers `headers` carries. A header is present when it has a string value (even empty). */
export const readChallengeHeaders = (headers: Readonly<Record<string, unknown>>): ChallengeHeaders => {
  const id = valueOf(headers, challengeHeaderNames.id)
  const type = valueOf(headers, challengeHeaderNames.type)
  const metadata = valueOf(headers, challengeHeaderNames.metadata)
  if (id !== undefined && type !== undefined && metadata !== undefined) return { _tag: "Complete", id, type, metadata }
  const present: Array<keyof typeof challengeHeaderNames> = []
  if (id !== undefined) present.push("id")
  if (type !== undefined) present.push("type")
  if (metadata !== undefined) present.push("metadata")
  return present.length === 0 ? { _tag: "None" } : { _tag: "Partial", present }
}

/** The most characters of a challenge id (real ids are region-prefixed UUIDs, under 64). */
export const maxChallengeIdLength = 256

/** The reasons an invalid challenge is unknown (CHAL-27). They never quote the metadata. */
export const invalidChallengeReasons = {
  emptyId: "The challenge id is empty.",
  badId: "The challenge id is not valid.",
  unknownType: "The challenge type is not known.",
  emptyMetadata: "The challenge metadata is empty.",
  tooLarge: "The challenge metadata is too large.",
  tooDeep: "The challenge metadata is nested too deeply.",
  notBase64: "The challenge metadata is not valid base64.",
  notJson: "The challenge metadata is not valid JSON.",
  notObject: "The challenge metadata is not a JSON object.",
  schemaMismatch: (type: string) => `The challenge metadata does not match the schema of ${type}.`
} as const

const JsonText = Schema.fromJsonString(Schema.Unknown)
const WithSharedParameters = Schema.Struct({ sharedParameters: Schema.optionalKey(SharedParameters) })

/** Printable ASCII without spaces: a value that is safe as a header value and in a URL query. */
const visibleAscii = /^[\x21-\x7e]+$/

const utf8 = new TextDecoder("utf-8", { fatal: true })

const decodeUtf8 = (bytes: Uint8Array): string | undefined => {
  try {
    return utf8.decode(bytes)
  } catch {
    return undefined
  }
}

const unknown = (reason: string, challengeType?: string) =>
  Result.fail(ChallengeError.of("unknown", reason, challengeType === undefined ? {} : { challengeType }))

/**
 * Decode a challenge from raw header (or continue-answer) values (CHAL-7, CHAL-27):
 *
 * - the id must be non-empty, at most {@link maxChallengeIdLength} characters of printable ASCII;
 * - the type must be a challenge type (./challengeTypes.ts): a known one in any case, or a well-formed value we do
 *   not know yet (decoded as `Unrecognized`, its metadata any JSON object);
 * - the metadata must be non-empty, within the limits of ./metadataLimits.ts (size, then nesting depth, checked
 *   before parsing), valid base64 of UTF-8 (`metadataEncoding: "base64"`) or plain (`"json"`), valid JSON, a JSON
 *   object, with well-formed `sharedParameters` if any, and a match for its type's Schema.
 *
 * Anything else is a ChallengeError of reason `unknown` whose detail names the check that failed. Never throws.
 */
export const decodeChallenge = (
  raw: { readonly id: string; readonly type: string; readonly metadata: string },
  metadataEncoding: "base64" | "json" = "base64"
): Result.Result<Challenge, ChallengeError> => {
  if (raw.id.trim() === "") return unknown(invalidChallengeReasons.emptyId)
  if (raw.id.length > maxChallengeIdLength || !visibleAscii.test(raw.id)) return unknown(invalidChallengeReasons.badId)
  const challengeType = canonicalChallengeType(raw.type)
  if (challengeType === undefined) return unknown(invalidChallengeReasons.unknownType)
  if (raw.metadata.trim() === "") return unknown(invalidChallengeReasons.emptyMetadata, challengeType)
  if (raw.metadata.length > maxChallengeMetadataLength) return unknown(invalidChallengeReasons.tooLarge, challengeType)
  let text = raw.metadata
  if (metadataEncoding === "base64") {
    const bytes = Base64.decode(raw.metadata.trim())
    const decoded = Result.isSuccess(bytes) ? decodeUtf8(bytes.success) : undefined
    if (decoded === undefined) return unknown(invalidChallengeReasons.notBase64, challengeType)
    text = decoded
  }
  const excess = jsonTextExcess(text)
  if (excess !== undefined) return unknown(invalidChallengeReasons[excess], challengeType)
  const json = Schema.decodeUnknownOption(JsonText)(text)
  if (json._tag === "None") return unknown(invalidChallengeReasons.notJson, challengeType)
  const object = Schema.decodeUnknownOption(Schema.JsonObject)(json.value)
  if (object._tag === "None") return unknown(invalidChallengeReasons.notObject, challengeType)
  const mismatch = () => unknown(invalidChallengeReasons.schemaMismatch(raw.type), challengeType)
  const shared = Schema.decodeUnknownOption(WithSharedParameters)(object.value)
  if (shared._tag === "None") return mismatch()
  const metadata = decodeMetadata(challengeType, object.value)
  if (metadata._tag === "None") return mismatch()
  const { sharedParameters } = shared.value
  return Result.succeed({
    id: raw.id,
    type: challengeType,
    serverType: raw.type,
    metadata: metadata.value,
    rawMetadata: object.value,
    ...(sharedParameters === undefined ? {} : { sharedParameters })
  } as Challenge)
}

/** Metadata as the header carries it: base64 of its JSON (UTF-8). */
export const encodeChallengeMetadata = (metadata: Schema.JsonObject): string => Base64.encode(JSON.stringify(metadata))

/**
 * The three headers of a re-sent request: the challenge id, its type (as the server spelt it) and the metadata
 * re-encoded in base64.
 */
export const challengeRequestHeaders = (resolution: {
  readonly id: string
  readonly type: string
  readonly metadata: Schema.JsonObject
}): Record<string, string> => ({
  [challengeHeaderNames.id]: resolution.id,
  [challengeHeaderNames.type]: resolution.type,
  [challengeHeaderNames.metadata]: encodeChallengeMetadata(resolution.metadata)
})
