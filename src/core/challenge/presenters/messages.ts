/**
 * The messages the hybrid challenge page posts to the app: `{ genericChallengeResponse: { type, data } }`.
 *
 * Both the real page's shapes and the spec's are read (tolerant reader; extra keys ignored):
 *
 * | type                   | data, as the real page posts it                      | also read (the spec's list)      | effect                 |
 * |------------------------|------------------------------------------------------|----------------------------------|------------------------|
 * | `challengeDisplayed`   | `{ displayed: true }`                                | anything                         | nothing happens        |
 * | `challengeInitialized` | `{ initialized: boolean }`                           | a boolean                        | false → kind `unknown` |
 * | `challengeCompleted`   | `{ challengeType, metadata }` (metadata a JSON object) | `{ challengeId?, challengeMetadata? }` | completed        |
 * | `challengeInvalidated` | `{ challengeType, errorCode, errorMessage }`         | `{ reason?, errorCode? }`        | kind `invalidated`     |
 * | `challengeInvalidated` | `{ abandoned: true }` (the real page's abandonment)  |                                  | kind `abandoned`       |
 * | `challengeAbandoned`   | (never posted by the real page)                      | anything                         | kind `abandoned`       |
 * | `challengePageLoaded`  | (the real page tells only native apps)               | a boolean, or `{ pageLoaded }`   | false → kind `loadfailed` |
 * | `challengeParsed`      | (the real page tells only native apps)               | a boolean, or `{ parsed }`       | false → kind `unknown` |
 *
 * An invalidation's reason is its `errorMessage` (or `reason`) when it is non-empty and at most
 * {@link maxPageReasonLength} characters; its code is kept when it is one of the challenge error codes (the real
 * page's numeric codes are not). Anything else (another shape, another type, a completion whose data does not
 * match) is not a page message and is ignored. A completion whose metadata is over the metadata limits
 * (../metadataLimits.ts: more than 16,384 characters, or nested deeper than 16) is read as `challengeInvalidated` with
 * {@link oversizedCompletionReason}: it could be neither sent on nor re-encoded safely. Decoding never throws,
 * whatever was posted (cycles included).
 *
 * @module
 */
import * as Option from "effect/Option"
import * as Schema from "effect/Schema"
import { ChallengeServiceErrorCode, ScriptChallengeErrorCode } from "../enums.ts"
import { valueExcess } from "../metadataLimits.ts"

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

/** The progress messages, each with the key of its flag in the real page's data. */
const progressFlags = {
  challengePageLoaded: "pageLoaded",
  challengeParsed: "parsed",
  challengeInitialized: "initialized"
} as const

const Progress = Schema.Struct({
  type: Schema.Literals(["challengePageLoaded", "challengeParsed", "challengeInitialized"]),
  data: Schema.Unknown
})
const Displayed = Schema.Struct({
  type: Schema.Literal("challengeDisplayed"),
  data: Schema.optionalKey(Schema.Unknown)
})
const Completed = Schema.Struct({
  type: Schema.Literal("challengeCompleted"),
  data: Schema.optionalKey(
    Schema.Struct({
      challengeId: Schema.optionalKey(Schema.NonEmptyString),
      challengeMetadata: Schema.optionalKey(Schema.JsonObject),
      metadata: Schema.optionalKey(Schema.JsonObject)
    })
  )
})
const Invalidated = Schema.Struct({
  type: Schema.Literal("challengeInvalidated"),
  data: Schema.optionalKey(Schema.Unknown)
})
const Abandoned = Schema.Struct({
  type: Schema.Literal("challengeAbandoned"),
  data: Schema.optionalKey(Schema.Unknown)
})

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
      /** The id the page reported (the spec's new challenge id), if any. */
      readonly challengeId?: string | undefined
      /** The completion's metadata (the real page's `metadata`, the spec's `challengeMetadata`), if any. */
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

const Reason = Schema.NonEmptyString.check(Schema.isMaxLength(maxPageReasonLength))
const ErrorCode = Schema.Union([ScriptChallengeErrorCode, ChallengeServiceErrorCode])

const field = (value: unknown, key: string): unknown =>
  typeof value === "object" && value !== null ? (value as Record<string, unknown>)[key] : undefined

const decoded = <S extends Schema.Top & { readonly DecodingServices: never }>(schema: S, value: unknown) =>
  Option.getOrUndefined(Schema.decodeUnknownOption(schema)(value))

/** The reason and code of an invalidation's data, each kept only when valid. */
const invalidation = (data: unknown) => {
  const reason = decoded(Reason, field(data, "errorMessage")) ?? decoded(Reason, field(data, "reason"))
  const errorCode = decoded(ErrorCode, field(data, "errorCode"))
  return { ...(reason === undefined ? {} : { reason }), ...(errorCode === undefined ? {} : { errorCode }) }
}

/** A progress flag: the boolean itself (the spec), or the boolean under its key (the real page); none otherwise. */
const progressFlag = (type: keyof typeof progressFlags, data: unknown): boolean | undefined => {
  const flag = typeof data === "boolean" ? data : field(data, progressFlags[type])
  return typeof flag === "boolean" ? flag : undefined
}

/** The reason of a completion whose metadata is over the metadata limits. */
export const oversizedCompletionReason = "The challenge page completed with metadata over the size or nesting limits."

/** The metadata values of a posted completion, read without decoding them. */
const completionMetadata = (data: unknown): ReadonlyArray<unknown> => {
  const response = field(data, "genericChallengeResponse")
  if (field(response, "type") !== "challengeCompleted") return []
  const completion = field(response, "data")
  return [field(completion, "metadata"), field(completion, "challengeMetadata")].filter((m) => m !== undefined)
}

const fromEnvelope = (
  m: (typeof ChallengePageEnvelope.Type)["genericChallengeResponse"]
): Option.Option<ChallengePageMessage> => {
  switch (m.type) {
    case "challengePageLoaded":
    case "challengeParsed":
    case "challengeInitialized": {
      const success = progressFlag(m.type, m.data)
      return success === undefined ? Option.none() : Option.some({ type: m.type, success })
    }
    case "challengeDisplayed":
    case "challengeAbandoned":
      return Option.some({ type: m.type })
    case "challengeCompleted": {
      const metadata = m.data?.metadata ?? m.data?.challengeMetadata
      return Option.some({
        type: m.type,
        ...(m.data?.challengeId === undefined ? {} : { challengeId: m.data.challengeId }),
        ...(metadata === undefined ? {} : { challengeMetadata: metadata })
      })
    }
    case "challengeInvalidated":
      return Option.some(
        field(m.data, "abandoned") === true ? { type: "challengeAbandoned" } : { type: m.type, ...invalidation(m.data) }
      )
  }
}

/** Decode a posted value as a page message; none when it is not one. */
export const decodePageMessage = (data: unknown): Option.Option<ChallengePageMessage> => {
  if (completionMetadata(data).some((metadata) => valueExcess(metadata) !== undefined)) {
    return Option.some({ type: "challengeInvalidated", reason: oversizedCompletionReason })
  }
  return Option.flatMap(Schema.decodeUnknownOption(ChallengePageEnvelope)(data), ({ genericChallengeResponse }) =>
    fromEnvelope(genericChallengeResponse)
  )
}

/** The envelope of a page message, as the page (or a test) posts it. */
export const pageMessage = (type: ChallengeMessageType, data?: unknown) => ({
  genericChallengeResponse: data === undefined ? { type } : { type, data }
})
