/**
 * ShareLinkError: a share link that could not be followed.
 *
 * @module
 */
import * as Data from "effect/Data"
import type { ShareLinkStatus, ShareLinkTypeOrV2 } from "./shareLinkTypes.ts"

/**
 * Why: `MissingCode` (the link has no code: no action is taken, SHARE-18), `RequestFailed` (the
 * resolve call failed or its answer did not decode), `MissingData` (the answer has no data for the type),
 * `Status` (a status the type does not accept, `Unknown` included), `MissingField` / `InvalidField` (a field the
 * type needs is absent or wrong, such as the key fields placeId, senderUserId and userId), `RootPlaceNotFound` (the
 * universe has no root place), `UnsupportedType` (a v2 link whose type this client does not follow, such as
 * `Referral`), `UnsafeTarget` (a target the answer led to broke the target rule of links/safeTarget.ts; the
 * detail names the rule).
 */
export type ShareLinkErrorReason =
  | "MissingCode"
  | "RequestFailed"
  | "MissingData"
  | "Status"
  | "MissingField"
  | "InvalidField"
  | "RootPlaceNotFound"
  | "UnsupportedType"
  | "UnsafeTarget"

/** A share link of type `linkType` (`V2` for a v2 link) could not be followed. */
export class ShareLinkError extends Data.TaggedError("ShareLinkError")<{
  readonly linkType: ShareLinkTypeOrV2
  readonly reason: ShareLinkErrorReason
  /**
   * The status of a `Status` failure, the field of a field failure, the v2 type of an `UnsupportedType` one, the
   * target rule of an `UnsafeTarget` one.
   */
  readonly detail?: ShareLinkStatus | string
}> {
  override get message(): string {
    const detail = this.detail === undefined ? "" : ` (${this.detail})`
    return `Share link ${this.linkType} not followed: ${this.reason}${detail}`
  }
}
