/**
 * The share-links service: resolve a share link of a known type to what it points at (SHARE-2,
 * SHARE-3). Paths are relative to `PlatformConfig.baseUrls.shareLinks` (`https://apis.{domain}/sharelinks` on a real
 * domain). One call: `POST /v1/resolve-link` with `{ linkId, linkType }` (a link of a known type,
 * `…/share?code=…&type=…`). The answer carries one data object per type (the others absent or null), each with a
 * `status`. Links that name no type are resolved by the deep-links service (deepLinks.ts, `POST /v2/resolve`).
 *
 * Tolerant readers, as the site's own pages read these answers (docs/real-platform.md, "Share and deep links"):
 * - statuses are per type ({@link ExperienceInviteStatus} & co., from the site's enumerations), read without regard
 *   to case or underscores; a status outside its type's set (a new one, or another type's) decodes to
 *   `{ _tag: "Unknown", value }` instead of failing the answer, and the deep-link layer treats it as not valid;
 * - ids are numbers as the service sends them; a string of digits is accepted too (it is checked when the link is
 *   followed), and `privateServerId` may be a number or a string (a UUID), kept as sent;
 * - `avatarItemDetailsData.itemId` is a string (a number is accepted), `contentPostData.postId` a number (digits
 *   accepted);
 * - `joinData` is an object `{ experienceEventId?, launchData? }`;
 * - `experienceAffiliateData.fallbackType` is 0 `Invalid`, 1 `Profile` or 2 `Home`, as a number or as the name in
 *   any case (the spec words the profile fallback "profile"); any other value is kept as unknown;
 * - unknown extra fields are ignored.
 *
 * @module
 */
import * as Schema from "effect/Schema"
import {
  experienceInviteStatuses,
  expiringLinkStatuses,
  friendInviteStatuses,
  lastingLinkStatuses,
  profileLinkStatuses,
  shareLinkTypes,
  statusKey
} from "../sharelinks/shareLinkTypes.ts"
import { api, group, post } from "./definition.ts"
import { NameFromString, openCodedEnum, openNameEnum } from "./sharedSchemas.ts"

export { shareLinkTypes }

/** A share-link type of `POST /v1/resolve-link` (SHARE-1), sent as named, read in any case. */
export const ShareLinkType = NameFromString(shareLinkTypes)

/** The type of {@link ShareLinkType}. */
export type ShareLinkType = typeof ShareLinkType.Type

/** The body of `POST /v1/resolve-link`: the link's code as `linkId`, and its type. */
export const ResolveLinkRequest = Schema.Struct({ linkId: Schema.String, linkType: ShareLinkType })

/** The type of {@link ResolveLinkRequest}. */
export type ResolveLinkRequest = typeof ResolveLinkRequest.Type

const opt = <S extends Schema.Top>(schema: S) => Schema.optional(Schema.NullOr(schema))

/** An id as the service sends it: a JSON number, or a string of digits (checked when the link is followed). */
export const LinkId = Schema.Union([Schema.Int, Schema.String])

/** A status of a type's set, compared by its letters without regard to case; any other value kept as unknown. */
const statusOf = <const Names extends readonly [string, ...Array<string>]>(names: Names) =>
  openNameEnum(names, statusKey)

/** The status of an experience, notification or screenshot invite. */
export const ExperienceInviteStatus = statusOf(experienceInviteStatuses)

/** The status of a friend invite. */
export const FriendInviteStatus = statusOf(friendInviteStatuses)

/** The status of a profile link. */
export const ProfileLinkStatus = statusOf(profileLinkStatuses)

/** The status of a private server, experience details, avatar item or content post link. */
export const ExpiringLinkStatus = statusOf(expiringLinkStatuses)

/** The status of an experience affiliate or experience event link. */
export const LastingLinkStatus = statusOf(lastingLinkStatuses)

const inviteFields = {
  status: ExperienceInviteStatus,
  inviterId: opt(LinkId),
  placeId: opt(LinkId),
  instanceId: opt(Schema.String),
  launchData: opt(Schema.String)
}

/** An experience invite (also a notification invite): status, inviterId, placeId, instanceId, launchData. */
export const ExperienceInviteData = Schema.Struct(inviteFields)

/** The type of {@link ExperienceInviteData}. */
export type ExperienceInviteData = typeof ExperienceInviteData.Type

/**
 * A screenshot invite: the fields of an experience invite; the service always sends its `launchData` (the site's
 * type makes it required), read here as optional like every field.
 */
export const ScreenshotInviteData = Schema.Struct(inviteFields)

/** A friend invite: status, senderUserId, friendingToken. */
export const FriendInviteData = Schema.Struct({
  status: FriendInviteStatus,
  senderUserId: opt(LinkId),
  friendingToken: opt(Schema.String)
})

/** A profile link: status, userId. */
export const ProfileLinkData = Schema.Struct({ status: ProfileLinkStatus, userId: opt(LinkId) })

/**
 * A private server invite: status, ownerUserId, universeId, privateServerId (a number, or a string such as a UUID:
 * kept as sent), linkCode (and placeId, when sent).
 */
export const PrivateServerInviteData = Schema.Struct({
  status: ExpiringLinkStatus,
  ownerUserId: opt(LinkId),
  universeId: opt(LinkId),
  privateServerId: opt(Schema.Union([Schema.Int, Schema.String])),
  linkCode: opt(Schema.String),
  placeId: opt(LinkId)
})

/** The type of {@link PrivateServerInviteData}. */
export type PrivateServerInviteData = typeof PrivateServerInviteData.Type

/**
 * How to join an experience from a link: the event it is for and the launch data, both optional. The event id is a
 * string (a number is accepted).
 */
export const ExperienceJoinData = Schema.Struct({
  experienceEventId: opt(Schema.Union([Schema.String, Schema.Int])),
  launchData: opt(Schema.String)
})

/** The type of {@link ExperienceJoinData}. */
export type ExperienceJoinData = typeof ExperienceJoinData.Type

/**
 * Where an affiliate link without an experience leads (the site's `ExperienceAffiliateDeepLinkFallbackType`):
 * 0 `Invalid`, 1 `Profile` (the fallback id is a user), 2 `Home`. Sent as the number; the name (any case, as the
 * spec words it) is read too; another value is kept as unknown.
 */
export const AffiliateFallbackType = openCodedEnum(["Invalid", "Profile", "Home"], {
  0: "Invalid",
  1: "Profile",
  2: "Home"
})

/** The type of {@link AffiliateFallbackType}. */
export type AffiliateFallbackType = typeof AffiliateFallbackType.Type

/** An experience affiliate link: status, universeId, joinData, and, for a link without an experience, a fallback. */
export const ExperienceAffiliateData = Schema.Struct({
  status: LastingLinkStatus,
  universeId: opt(LinkId),
  joinData: opt(ExperienceJoinData),
  fallbackType: opt(AffiliateFallbackType),
  fallbackId: opt(LinkId)
})

/** An experience details link: status, universeId. */
export const ExperienceDetailsData = Schema.Struct({ status: ExpiringLinkStatus, universeId: opt(LinkId) })

/** An experience event link: `{ status, universeId, placeId, joinData { experienceEventId?, launchData? } }`. */
export const ExperienceEventData = Schema.Struct({
  status: LastingLinkStatus,
  universeId: opt(LinkId),
  placeId: opt(LinkId),
  joinData: opt(ExperienceJoinData)
})

/** An avatar item link: status, itemId (a string of digits; a number is accepted), itemType (`Asset`, `Bundle`, …). */
export const AvatarItemDetailsData = Schema.Struct({
  status: ExpiringLinkStatus,
  itemId: opt(Schema.Union([Schema.String, Schema.Int])),
  itemType: opt(Schema.String)
})

/** A content post link: status, postId (a number; digits accepted), postCreatorId. */
export const ContentPostData = Schema.Struct({
  status: ExpiringLinkStatus,
  postId: opt(LinkId),
  postCreatorId: opt(LinkId)
})

/** The answer of `POST /v1/resolve-link`: the data object of the link's type (the others absent or null). */
export const ResolvedLink = Schema.Struct({
  experienceInviteData: opt(ExperienceInviteData),
  notificationExperienceInviteData: opt(ExperienceInviteData),
  screenshotInviteData: opt(ScreenshotInviteData),
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

/** `POST /v1/resolve-link`. */
export const resolveLink = post("resolveLink", "/v1/resolve-link", {
  payload: ResolveLinkRequest,
  success: ResolvedLink,
  errors: [400, 404]
})

/** The share-links endpoints. */
export const ShareLinksGroup = group("shareLinks", resolveLink)

/** The share-links service as an API of its own. */
export const ShareLinksApi = api("shareLinks", { title: "Share links", version: "v1" }, ShareLinksGroup)
