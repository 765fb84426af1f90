/**
 * The wire shapes of `POST /v1/resolve-link` and `POST /v2/resolve` on the share-links service (platform-features §3,
 * §7), taken from the service's one definition in `src/platform/api/shareLinks.ts` (which also drives the typed
 * client, the emulator and the OpenAPI document), and the answer field that carries each link type's data.
 *
 * The definition keeps statuses as strings, so a status this client does not know still decodes; the deep-link
 * layer reads them with `shareLinkStatusOf` (any case, `VALID` and `Valid` alike). Which fields a type NEEDS is
 * checked when the link is followed, so that a result without its key field fails as that link type, with its own
 * event (platform-features §5).
 *
 * @module
 */
import { ResolvedLink, ResolvedLinkV2, ResolveLinkRequest } from "../api/shareLinks.ts"
import type { ShareLinkType } from "./shareLinkTypes.ts"

/** The body of `POST /v1/resolve-link`: `{ linkId, linkType }`. */
export { ResolveLinkRequest }

/** The answer of `POST /v1/resolve-link`: the data object of the link's type (the others absent or null). */
export const ResolveLinkResponse = ResolvedLink

/** The type of {@link ResolveLinkResponse}. */
export type ResolveLinkResponse = typeof ResolvedLink.Type

/** The answer of `POST /v2/resolve`: `{ linkType, targetId, customData, status }`. */
export const ResolveLinkV2Response = ResolvedLinkV2

/** The type of {@link ResolveLinkV2Response}. */
export type ResolveLinkV2Response = typeof ResolvedLinkV2.Type

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
} as const satisfies { readonly [T in ShareLinkType]: keyof ResolveLinkResponse }
