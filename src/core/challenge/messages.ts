/**
 * The messages the hybrid challenge page posts to the app (spec §4.2): `{ genericChallengeResponse: { type, data } }`.
 *
 * | type                   | data                                                          | effect                        |
 * |------------------------|---------------------------------------------------------------|-------------------------------|
 * | `challengePageLoaded`  | boolean                                                       | false → kind `loadfailed`     |
 * | `challengeParsed`      | boolean                                                       | false → kind `unknown`        |
 * | `challengeInitialized` | boolean                                                       | false → kind `unknown`        |
 * | `challengeDisplayed`   | anything                                                      | nothing happens               |
 * | `challengeCompleted`   | `{ challengeId?, challengeMetadata? }` (metadata a JSON object) | completed                   |
 * | `challengeInvalidated` | optional `{ reason?, errorCode? }`                            | kind `invalidated`            |
 * | `challengeAbandoned`   | anything                                                      | kind `abandoned`              |
 *
 * Anything else (another shape, another type, a completion whose data does not match) is not a page message and
 * is ignored. A completion whose metadata is over the metadata limits (./metadataLimits.ts: more than 16,384
 * characters, or nested deeper than 16) is read as `challengeInvalidated` with {@link oversizedCompletionReason}:
 * it could be neither sent on nor re-encoded safely. Decoding never throws, whatever was posted (cycles included).
 *
 * @module
 */
import * as Option from "effect/Option"
import * as Schema from "effect/Schema"
import { ChallengeServiceErrorCode, ScriptChallengeErrorCode } from "./enums.ts"
import { valueExcess } from "./metadataLimits.ts"

/** The message types of the hybrid page. */
export const ChallengeMessageType = Schema.Literals([
  "challengePageLoaded",
  "challengeParsed",
  "challengeInitialized",
  "challengeDisplayed",
  "challengeCompleted",
  "challengeInvalidated",
  "challengeAbandoned"
])
/** A value of {@link ChallengeMessageType}. */
export type ChallengeMessageType = typeof ChallengeMessageType.Type

const Progress = Schema.Struct({
  type: Schema.Literals(["challengePageLoaded", "challengeParsed", "challengeInitialized"]),
  data: Schema.Boolean
})
const Displayed = Schema.Struct({ type: Schema.Literal("challengeDisplayed"), data: Schema.optionalKey(Schema.Unknown) })
const Completed = Schema.Struct({
  type: Schema.Literal("challengeCompleted"),
  data: Schema.optionalKey(Schema.Struct({
    challengeId: Schema.optionalKey(Schema.NonEmptyString),
    challengeMetadata: Schema.optionalKey(Schema.JsonObject)
  }))
})
const Invalidated = Schema.Struct({ type: Schema.Literal("challengeInvalidated"), data: Schema.optionalKey(Schema.Unknown) })
const Abandoned = Schema.Struct({ type: Schema.Literal("challengeAbandoned"), data: Schema.optionalKey(Schema.Unknown) })

/** The envelope the page posts. */
export const ChallengePageEnvelope = Schema.Struct({
  genericChallengeResponse: Schema.Union([Progress, Displayed, Completed, Invalidated, Abandoned])
})

/** A decoded page message. */
export type ChallengePageMessage =
  | { readonly type: "challengePageLoaded" | "challengeParsed" | "challengeInitialized"; readonly success: boolean }
  | { readonly type: "challengeDisplayed" }
  | {
    readonly type: "challengeCompleted"
    readonly challengeId?: string | undefined
    readonly challengeMetadata?: Schema.JsonObject | undefined
  }
  | {
    readonly type: "challengeInvalidated"
    readonly reason?: string | undefined
    readonly errorCode?: ScriptChallengeErrorCode | ChallengeServiceErrorCode | undefined
  }
  | { readonly type: "challengeAbandoned" }

/** Page-supplied reasons longer than this are replaced by the default reason. */
export const maxPageReasonLength = 300

const InvalidationData = Schema.Struct({
  reason: Schema.optionalKey(Schema.NonEmptyString.check(Schema.isMaxLength(maxPageReasonLength))),
  errorCode: Schema.optionalKey(Schema.Union([ScriptChallengeErrorCode, ChallengeServiceErrorCode]))
})

const reasonFields = (data: unknown) => {
  const reason = Schema.decodeUnknownOption(Schema.Struct({ reason: InvalidationData.fields.reason }))(data)
  const code = Schema.decodeUnknownOption(Schema.Struct({ errorCode: InvalidationData.fields.errorCode }))(data)
  return {
    ...(reason._tag === "Some" && reason.value.reason !== undefined ? { reason: reason.value.reason } : {}),
    ...(code._tag === "Some" && code.value.errorCode !== undefined ? { errorCode: code.value.errorCode } : {})
  }
}

/** The reason of a completion whose metadata is over the metadata limits. */
export const oversizedCompletionReason = "The challenge page completed with metadata over the size or nesting limits."

const field = (value: unknown, key: string): unknown =>
  typeof value === "object" && value !== null ? (value as Record<string, unknown>)[key] : undefined

/** The metadata of a posted completion, read without decoding it (undefined for any other value). */
const completionMetadata = (data: unknown): unknown => {
  const response = field(data, "genericChallengeResponse")
  return field(response, "type") === "challengeCompleted" ? field(field(response, "data"), "challengeMetadata") : undefined
}

/** Decode a posted value as a page message; none when it is not one. */
export const decodePageMessage = (data: unknown): Option.Option<ChallengePageMessage> => {
  const metadata = completionMetadata(data)
  if (metadata !== undefined && valueExcess(metadata) !== undefined) {
    return Option.some({ type: "challengeInvalidated", reason: oversizedCompletionReason })
  }
  return Option.map(Schema.decodeUnknownOption(ChallengePageEnvelope)(data), ({ genericChallengeResponse: m }) => {
    switch (m.type) {
      case "challengePageLoaded":
      case "challengeParsed":
      case "challengeInitialized":
        return { type: m.type, success: m.data }
      case "challengeDisplayed":
      case "challengeAbandoned":
        return { type: m.type }
      case "challengeCompleted":
        return { type: m.type, ...m.data }
      case "challengeInvalidated":
        return { type: m.type, ...reasonFields(m.data) }
    }
  })
}

/** The envelope of a page message, as the page (or a test) posts it. */
export const pageMessage = (type: ChallengeMessageType, data?: unknown) => ({
  genericChallengeResponse: data === undefined ? { type } : { type, data }
})
