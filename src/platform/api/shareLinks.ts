/**
 * The share-links service: resolve a share link to what it points at (spec §3, §4, §7 "Share links"). Paths are
 * relative to `PlatformConfig.baseUrls.shareLinks`. Two calls:
 *
 * - `POST /v1/resolve-link` with `{ linkId, linkType }` (a link of a known type, `…/share?code=…&type=…`). The answer
 *   carries one data object per type (the others absent or null), each with a `status`.
 * - `POST /v2/resolve` with `{ linkId }` (a link that names no type, `…/share_links?code=…&v=v2`). The answer says
 *   what the link is: `{ linkType, targetId, customData, status }`.
 *
 * The shapes are the real service's, types included (REAL-PLATFORM.md "Share links"): ids are numbers, except
 * `avatarItemDetailsData.itemId` (a STRING); `contentPostData.postId` is a NUMBER; `joinData` is an OBJECT
 * `{ experienceEventId?, launchData? }`; `experienceAffiliateData.fallbackType` is a NUMBER (0, 1 or 2). A field of
 * another type fails the decoding (the resolver then reports `RequestFailed`); unknown extra fields are ignored.
 *
 * Statuses are open: kept as the string sent (`Valid`, `Invalid`, `Expired`, `InviterNotInExperience`, …, in any
 * spelling), so a status this client does not know still decodes; v2 link types are open the same way. Deciding
 * what a status or a v2 type means is the deep-link layer's job (src/platform/sharelinks/).
 *
 * @module
 */
import * as HttpApi from "effect/http-api/HttpApi"
import * as HttpApiEndpoint from "effect/http-api/HttpApiEndpoint"
import * as HttpApiGroup from "effect/http-api/HttpApiGroup"
import * as OpenApi from "effect/http-api/OpenApi"
import * as Schema from "effect/Schema"
import { shareLinkTypes } from "../sharelinks/shareLinkTypes.ts"
import { ApiBadRequest, ApiNotFound } from "./sharedSchemas.ts"

export { shareLinkTypes }

/** A share-link type of `POST /v1/resolve-link` (spec §2, one list). */
export const ShareLinkType = Schema.Literals(shareLinkTypes)

/** The type of {@link ShareLinkType}. */
export type ShareLinkType = typeof ShareLinkType.Type

/** The body of `POST /v1/resolve-link`: the link's code as `linkId`, and its type. */
export const ResolveLinkRequest = Schema.Struct({ linkId: Schema.String, linkType: ShareLinkType })

/** The type of {@link ResolveLinkRequest}. */
export type ResolveLinkRequest = typeof ResolveLinkRequest.Type

const opt = <S extends Schema.Top>(schema: S) => Schema.optional(Schema.NullOr(schema))
/** A status as sent (open: see the module doc). */
const Status = Schema.String
/** An id as the service sends it: a JSON number (checked for sense when the link is followed). */
const NumericId = Schema.Int

/**
 * An experience invite (also a screenshot or a notification invite): status, inviterId, placeId, instanceId (the
 * server the inviter is in), launchData.
 */
export const ExperienceInviteData = Schema.Struct({
  status: Status,
  inviterId: opt(NumericId),
  placeId: opt(NumericId),
  instanceId: opt(Schema.String),
  launchData: opt(Schema.String)
})

/** The type of {@link ExperienceInviteData}. */
export type ExperienceInviteData = typeof ExperienceInviteData.Type

/** A friend invite: status, senderUserId, friendingToken. */
export const FriendInviteData = Schema.Struct({
  status: Status,
  senderUserId: opt(NumericId),
  friendingToken: opt(Schema.String)
})

/** A profile link: status, userId. */
export const ProfileLinkData = Schema.Struct({ status: Status, userId: opt(NumericId) })

/** A private server invite: status, ownerUserId, universeId, privateServerId, linkCode (and placeId, when sent). */
export const PrivateServerInviteData = Schema.Struct({
  status: Status,
  ownerUserId: opt(NumericId),
  universeId: opt(NumericId),
  privateServerId: opt(NumericId),
  linkCode: opt(Schema.String),
  placeId: opt(NumericId)
})

/** How to join an experience from a link: the event it is for and the launch data, both optional. */
export const ExperienceJoinData = Schema.Struct({
  experienceEventId: opt(Schema.String),
  launchData: opt(Schema.String)
})

/** The type of {@link ExperienceJoinData}. */
export type ExperienceJoinData = typeof ExperienceJoinData.Type

/**
 * An experience affiliate link: status, universeId, joinData, and, for a link without an experience, fallbackType
 * (a number: see `affiliateFallbackTypes` in src/platform/sharelinks/planShareLink.ts) and fallbackId.
 */
export const ExperienceAffiliateData = Schema.Struct({
  status: Status,
  universeId: opt(NumericId),
  joinData: opt(ExperienceJoinData),
  fallbackType: opt(Schema.Int),
  fallbackId: opt(NumericId)
})

/** An experience details link: status, universeId. */
export const ExperienceDetailsData = Schema.Struct({ status: Status, universeId: opt(NumericId) })

/** An experience event link: status, universeId, placeId, joinData. */
export const ExperienceEventData = Schema.Struct({
  status: Status,
  universeId: opt(NumericId),
  placeId: opt(NumericId),
  joinData: opt(ExperienceJoinData)
})

/** An avatar item link: status, itemId (a string of digits), itemType (`Asset`, `Bundle`, `Look`, …). */
export const AvatarItemDetailsData = Schema.Struct({
  status: Status,
  itemId: opt(Schema.String),
  itemType: opt(Schema.String)
})

/** A content post link: status, postId (a number), postCreatorId. */
export const ContentPostData = Schema.Struct({
  status: Status,
  postId: opt(NumericId),
  postCreatorId: opt(NumericId)
})

/** The answer of `POST /v1/resolve-link`: the data object of the link's type (the others absent or null). */
export const ResolvedLink = Schema.Struct({
  experienceInviteData: opt(ExperienceInviteData),
  notificationExperienceInviteData: opt(ExperienceInviteData),
  screenshotInviteData: opt(ExperienceInviteData),
  friendInviteData: opt(FriendInviteData),
  profileLinkResolutionResponseData: opt(ProfileLinkData),
  privateServerInviteData: opt(PrivateServerInviteData),
  experienceAffiliateData: opt(ExperienceAffiliateData),
  experienceDetailsInviteData: opt(ExperienceDetailsData),
  experienceEventData: opt(ExperienceEventData),
  avatarItemDetailsData: opt(AvatarItemDetailsData),
  contentPostData: opt(ContentPostData)
})

/** The type of {@link ResolvedLink}. */
export type ResolvedLink = typeof ResolvedLink.Type

/** The body of `POST /v2/resolve`: the link's code as `linkId`. */
export const ResolveLinkV2Request = Schema.Struct({ linkId: Schema.String })

/**
 * The answer of `POST /v2/resolve`: what the link is (`linkType`, open: `Experience`, `Referral`, …), what it
 * points at (`targetId`: a place for `Experience`; sent as a string, a number is accepted too), data for the target
 * (`customData`: the launch data of an experience) and the status.
 */
export const ResolvedLinkV2 = Schema.Struct({
  linkType: Schema.String,
  targetId: opt(Schema.Union([Schema.String, NumericId])),
  customData: opt(Schema.String),
  status: Status
})

/** The type of {@link ResolvedLinkV2}. */
export type ResolvedLinkV2 = typeof ResolvedLinkV2.Type

/** The share-links endpoints. */
export class ShareLinksGroup extends HttpApiGroup.make("shareLinks")
  .add(
    HttpApiEndpoint.post("resolveLink", "/v1/resolve-link", {
      payload: ResolveLinkRequest,
      success: ResolvedLink,
      error: [ApiBadRequest, ApiNotFound]
    })
  )
  .add(
    HttpApiEndpoint.post("resolveLinkV2", "/v2/resolve", {
      payload: ResolveLinkV2Request,
      success: ResolvedLinkV2,
      error: [ApiBadRequest, ApiNotFound]
    })
  )
{}

/** The share-links service as an API of its own. */
export class ShareLinksApi extends HttpApi.make("shareLinks").add(ShareLinksGroup).annotateMerge(
  OpenApi.annotations({ title: "Share links", version: "v1" })
) {}
