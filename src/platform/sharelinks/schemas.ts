/**
 * Schemas of `POST /v1/resolve-link` on the share-links service (platform-features §3, §7): the request
 * `{ linkId, linkType }` and the answer, one optional data object per link type.
 *
 * Decoding is lenient where the platform is known to vary: statuses in any case (`VALID`, `Valid`), ids as numbers
 * or digit strings, `null` for absent fields, unknown fields ignored. Which fields a type NEEDS is checked when
 * the link is followed, not here, so that a result without its key field is a failure of that link type with its
 * own event (platform-features §5).
 *
 * @module
 */
import * as Schema from "effect/Schema"
import * as SchemaTransformation from "effect/SchemaTransformation"
import { type ShareLinkStatus, shareLinkStatuses, shareLinkStatusOf, shareLinkTypes } from "./shareLinkTypes.ts"

/** A status in any spelling, decoded to its canonical name (`Unknown` when it is none of the known ones). */
export const ShareLinkStatusSchema = Schema.String.pipe(
  Schema.decodeTo(
    Schema.Literals(shareLinkStatuses),
    SchemaTransformation.transform({
      decode: (raw: string): ShareLinkStatus => shareLinkStatusOf(raw),
      encode: (status: ShareLinkStatus): string => status
    })
  )
)

/** An id as the service may send it: a number or a string of digits; absent or null when missing. */
const LooseId = Schema.optional(Schema.NullOr(Schema.Union([Schema.Number, Schema.String])))
const OptionalText = Schema.optional(Schema.NullOr(Schema.String))

/** Experience invites, notification invites and screenshot invites. */
export const InviteData = Schema.Struct({
  status: ShareLinkStatusSchema,
  placeId: LooseId,
  instanceId: OptionalText,
  inviterId: LooseId,
  launchData: OptionalText
})

/** Friend invites. */
export const FriendInviteData = Schema.Struct({ status: ShareLinkStatusSchema, senderUserId: LooseId })

/** Profile links. */
export const ProfileLinkData = Schema.Struct({ status: ShareLinkStatusSchema, userId: LooseId })

/** Private server invites. */
export const PrivateServerInviteData = Schema.Struct({
  status: ShareLinkStatusSchema,
  universeId: LooseId,
  linkCode: OptionalText
})

/** Experience affiliate links. */
export const ExperienceAffiliateData = Schema.Struct({
  status: ShareLinkStatusSchema,
  universeId: LooseId,
  fallbackType: OptionalText,
  fallbackId: LooseId,
  joinData: OptionalText
})

/** Experience details links. */
export const ExperienceDetailsData = Schema.Struct({ status: ShareLinkStatusSchema, universeId: LooseId })

/** Experience event links. */
export const ExperienceEventData = Schema.Struct({
  status: ShareLinkStatusSchema,
  universeId: LooseId,
  placeId: LooseId,
  joinData: OptionalText
})

/** Avatar item links. */
export const AvatarItemDetailsData = Schema.Struct({
  status: ShareLinkStatusSchema,
  itemId: LooseId,
  itemType: OptionalText
})

/** Content post links. */
export const ContentPostData = Schema.Struct({
  status: ShareLinkStatusSchema,
  postId: Schema.optional(Schema.NullOr(Schema.Union([Schema.String, Schema.Number]))),
  postCreatorId: LooseId
})

const field = <S extends Schema.Top>(schema: S) => Schema.optional(Schema.NullOr(schema))

/** The answer of `POST /v1/resolve-link`: the data object of the link's type (the others absent or null). */
export const ResolveLinkResponse = Schema.Struct({
  experienceInviteData: field(InviteData),
  notificationExperienceInviteData: field(InviteData),
  screenshotInviteData: field(InviteData),
  friendInviteData: field(FriendInviteData),
  profileLinkResolutionResponseData: field(ProfileLinkData),
  privateServerInviteData: field(PrivateServerInviteData),
  experienceAffiliateData: field(ExperienceAffiliateData),
  experienceDetailsInviteData: field(ExperienceDetailsData),
  experienceEventData: field(ExperienceEventData),
  avatarItemDetailsData: field(AvatarItemDetailsData),
  contentPostData: field(ContentPostData)
})

/** The type of {@link ResolveLinkResponse}. */
export type ResolveLinkResponse = typeof ResolveLinkResponse.Type

/** The body of `POST /v1/resolve-link`. */
export const ResolveLinkRequest = Schema.Struct({
  linkId: Schema.String,
  linkType: Schema.Literals(shareLinkTypes)
})

/** The type of {@link ResolveLinkRequest}. */
export type ResolveLinkRequest = typeof ResolveLinkRequest.Type

/** The answer field that carries each type's data. */
export const resolveLinkFields = {
  ExperienceInvite: "experienceInviteData",
  NotificationExperienceInvite: "notificationExperienceInviteData",
  ScreenshotInvite: "screenshotInviteData",
  FriendInvite: "friendInviteData",
  Profile: "profileLinkResolutionResponseData",
  Server: "privateServerInviteData",
  ExperienceAffiliate: "experienceAffiliateData",
  ExperienceDetails: "experienceDetailsInviteData",
  ExperienceEvent: "experienceEventData",
  AvatarItemDetails: "avatarItemDetailsData",
  ContentPost: "contentPostData"
} as const satisfies { readonly [T in (typeof shareLinkTypes)[number]]: keyof ResolveLinkResponse }
