/**
 * The share-links service: resolve a share link's code and type to what it points at (spec §3, §4, §7
 * "Share links", 1 call). Paths are relative to `PlatformConfig.baseUrls.shareLinks`.
 *
 * The answer carries one data object per link kind, each with a `status` (§4: `Valid`, `Expired`,
 * `InviterNotInExperience`, `Consumed`, `SenderBlockedRecipient`, `Invalid`; per-type upper-case `VALID`/`EXPIRED`
 * also occur), kept as a string so a status this client does not know still decodes. Deciding what a status means is
 * the deep-link layer's job.
 *
 * @module
 */
import * as HttpApi from "effect/http-api/HttpApi"
import * as HttpApiEndpoint from "effect/http-api/HttpApiEndpoint"
import * as HttpApiGroup from "effect/http-api/HttpApiGroup"
import * as OpenApi from "effect/http-api/OpenApi"
import * as Schema from "effect/Schema"
import { ApiBadRequest, ApiNotFound } from "./common.ts"

/** The share-link types (spec §2, one list). */
export const shareLinkTypes = [
  "AvatarItemDetails",
  "ContentPost",
  "ExperienceInvite",
  "ExperienceAffiliate",
  "FriendInvite",
  "NotificationExperienceInvite",
  "Profile",
  "ScreenshotInvite",
  "Server",
  "ExperienceDetails",
  "ExperienceEvent"
] as const

/** A share-link type. */
export const ShareLinkType = Schema.Literals(shareLinkTypes)

/** The type of {@link ShareLinkType}. */
export type ShareLinkType = typeof ShareLinkType.Type

/** The body of `POST /v1/resolve-link` (spec §3: linkId, linkType). */
export const ResolveLinkRequest = Schema.Struct({ linkId: Schema.String, linkType: ShareLinkType })

/** The type of {@link ResolveLinkRequest}. */
export type ResolveLinkRequest = typeof ResolveLinkRequest.Type

const opt = <S extends Schema.Top>(schema: S) => Schema.optional(Schema.NullOr(schema))
const Status = Schema.String
const NumericId = Schema.Int

/** An experience (or screenshot, or notification) invite: placeId, instanceId, inviterId, status, launchData. */
export const ExperienceInviteData = Schema.Struct({
  status: Status,
  placeId: opt(NumericId),
  instanceId: opt(Schema.String),
  inviterId: opt(NumericId),
  launchData: opt(Schema.String)
})

/** A friend invite: senderUserId, status. */
export const FriendInviteData = Schema.Struct({ status: Status, senderUserId: opt(NumericId) })

/** A profile link: userId, status. */
export const ProfileLinkData = Schema.Struct({ status: Status, userId: opt(NumericId) })

/** A private server invite: universeId, status, linkCode (and the place it opens, when sent). */
export const PrivateServerInviteData = Schema.Struct({
  status: Status,
  universeId: opt(NumericId),
  placeId: opt(NumericId),
  linkCode: opt(Schema.String)
})

/** An experience affiliate link: status, universeId, fallbackType (`profile`), fallbackId, joinData. */
export const ExperienceAffiliateData = Schema.Struct({
  status: Status,
  universeId: opt(NumericId),
  fallbackType: opt(Schema.String),
  fallbackId: opt(NumericId),
  joinData: opt(Schema.String)
})

/** An experience details link: universeId, status. */
export const ExperienceDetailsData = Schema.Struct({ status: Status, universeId: opt(NumericId) })

/** An experience event link: universeId, status, placeId, joinData. */
export const ExperienceEventData = Schema.Struct({
  status: Status,
  universeId: opt(NumericId),
  placeId: opt(NumericId),
  joinData: opt(Schema.String)
})

/** An avatar item link: itemId, itemType, status. */
export const AvatarItemDetailsData = Schema.Struct({
  status: Status,
  itemId: opt(Schema.Union([Schema.String, NumericId])),
  itemType: opt(Schema.String)
})

/** A content post link: postId, postCreatorId, status. */
export const ContentPostData = Schema.Struct({
  status: Status,
  postId: opt(Schema.String),
  postCreatorId: opt(NumericId)
})

/** The resolution of a share link: the data object of its kind (the others absent or null). */
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

/** The share-links endpoints. */
export class ShareLinksGroup extends HttpApiGroup.make("shareLinks").add(
  HttpApiEndpoint.post("resolveLink", "/v1/resolve-link", {
    payload: ResolveLinkRequest,
    success: ResolvedLink,
    error: [ApiBadRequest, ApiNotFound]
  })
) {}

/** The share-links service as an API of its own. */
export class ShareLinksApi extends HttpApi.make("shareLinks").add(ShareLinksGroup).annotateMerge(
  OpenApi.annotations({ title: "Share links", version: "v1" })
) {}
