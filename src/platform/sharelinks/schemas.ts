/**
 * The wire shapes of `POST /v1/resolve-link` on the share-links service and `POST /v2/resolve` on the deep-links
 * service (SHARE-2, SHARE-3), taken from the services' definitions in `src/platform/api/shareLinks.ts` and
 * `src/platform/api/deepLinks.ts` (which also drive the typed clients, the emulator and the OpenAPI documents), and
 * the answer field that carries each link type's data.
 *
 * The definitions read each type's statuses in any spelling and keep a status outside the type's set as unknown, so
 * an answer this client does not fully know still decodes; {@link statusOfAnswer} gives the status the deep-link
 * layer decides on. Which fields a type NEEDS is checked when the link is followed, so that a result without its key
 * field fails as that link type, with its own event (SHARE-17).
 *
 * @module
 */
import { ResolvedLinkV2 } from "../api/deepLinks.ts"
import { isUnknownValue, type UnknownValue } from "../api/sharedSchemas.ts"
import { ResolvedLink, ResolveLinkRequest } from "../api/shareLinks.ts"
import type { ShareLinkStatus, ShareLinkType } from "./shareLinkTypes.ts"

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

/** The status a decoded status stands for: its name, or `Unknown` for a value outside its type's set. */
export const statusOfAnswer = (status: ShareLinkStatus | UnknownValue): ShareLinkStatus =>
  isUnknownValue(status) ? "Unknown" : status

/**
 * How a status is named in a failure's detail: its name, or for an unknown value the value as sent when it is a plain
 * name (letters, digits, `_`, at most 40), else `Unknown`.
 */
export const statusDetail = (status: ShareLinkStatus | UnknownValue): string =>
  !isUnknownValue(status) ? status : /^\w{1,40}$/.test(String(status.value)) ? String(status.value) : "Unknown"

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
