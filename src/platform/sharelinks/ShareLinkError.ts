/**
 * ShareLinkError: a share link that could not be followed.
 *
 * @module
 */
import * as Data from "effect/Data"
import type { ShareLinkStatus, ShareLinkType } from "./shareLinkTypes.ts"

/**
 * Why: `MissingCode` (the link has no code: no action is taken, platform-features §5), `RequestFailed` (the
 * resolve call failed or its answer did not decode), `MissingData` (the answer has no data for the type),
 * `Status` (a status the type does not accept), `MissingField` / `InvalidField` (a field the type needs is
 * absent or wrong, such as the key fields placeId, senderUserId and userId), `RootPlaceNotFound` (the universe
 * has no root place).
 */
export type ShareLinkErrorReason =
  | "MissingCode"
  | "RequestFailed"
  | "MissingData"
  | "Status"
  | "MissingField"
  | "InvalidField"
  | "RootPlaceNotFound"

/** A share link of type `linkType` could not be followed. */
export class ShareLinkError extends Data.TaggedError("ShareLinkError")<{
  readonly linkType: ShareLinkType
  readonly reason: ShareLinkErrorReason
  /** The status of a `Status` failure, or the field of a field failure. */
  readonly detail?: ShareLinkStatus | string
}> {
  override get message(): string {
    const detail = this.detail === undefined ? "" : ` (${this.detail})`
    return `Share link ${this.linkType} not followed: ${this.reason}${detail}`
  }
}
