/**
 * What following a resolved share link does (platform-features §2, §4, §5). Given the link (type, code, source)
 * and the service's answer, this gives the navigation steps or a ShareLinkError; it performs nothing itself
 * except the root-place lookup.
 *
 * Outcomes, by type (`→` a navigation; every success first sends {@link shareLinkResolvedEvent}):
 * - ExperienceInvite (needs placeId): Valid → the experience launcher with the instance id (and launch data);
 *   Expired, InviterNotInExperience → the inviter is stored as referrer for the place, then
 *   `/games/{placeId}?experienceInviteLinkId={code}&experienceInviteStatus={status}`.
 * - NotificationExperienceInvite (needs placeId): Valid, Expired, InviterNotInExperience → the launcher with
 *   launch data, the instance id only when Valid, and the inviter as `referrerId`.
 * - ScreenshotInvite (needs placeId): Valid, Expired, InviterNotInExperience → the game page with the invite
 *   parameters.
 * - FriendInvite (needs senderUserId): Valid, Consumed, Expired → the sender's profile.
 * - Profile (needs userId): Valid → the profile with `friendshipSourceType` ProfileShare or QrCode, from the
 *   link's `source` parameter (default QrCode).
 * - Server (needs universeId, linkCode): Valid or Expired → the root place's page with `privateServerLinkCode`.
 * - ExperienceAffiliate: Valid; with a universe → the root place's page with `referralUrl` (the link); without,
 *   fallback type `profile` → the fallback profile; otherwise the root page with `referralUrl`.
 * - ExperienceDetails (needs universeId): Valid → the root place's page with `shareLinkSourceType=ExperienceDetails`.
 * - ExperienceEvent (needs universeId and placeId): Valid → the launcher with the join data as launch data.
 * - AvatarItemDetails: Valid, an item id that is a positive integer (not empty, not 0) and an item type with a
 *   details page (Asset, Bundle, Look) → the item page with `pid=share&is_retargeting=true&deep_link_value={code}`.
 * - ContentPost (needs postId, postCreatorId): Valid → inside a native app shell the app-launcher link
 *   `{scheme}://navigation/content_posts?userId=…&postId=…` is handed to the app; then the creator's profile.
 *
 * Every other status fails with reason `Status`; a link without a code fails with `MissingCode` before any call.
 *
 * @module
 */
import * as Effect from "effect/Effect"
import { onSite } from "../links/entityUrls.ts"
import { navigateStep, type NavigationStep } from "../deeplinks/NavigationPlan.ts"
import { idOf, itemTypes } from "../deeplinks/kinds.ts"
import {
  contentPostAppLink,
  gamePagePath,
  launcherPath,
  profilePath,
  rootReferralPath,
  sharedItemPath
} from "../deeplinks/routes.ts"
import { shareLinkResolvedEvent } from "../deeplinks/events.ts"
import type { RootPlaceLookupError } from "../deeplinks/RootPlaceLookup.ts"
import { resolveLinkFields, type ResolveLinkResponse } from "./schemas.ts"
import { ShareLinkError } from "./ShareLinkError.ts"
import { type ShareLinkStatus, shareLinkStatusOf, type ShareLinkType } from "./shareLinkTypes.ts"

/** The share link being followed. */
export interface ShareLinkRequest {
  readonly type: ShareLinkType
  readonly code: string
  /** The link's `source` parameter (profile links). */
  readonly source?: string | undefined
  /** The link as read: the referral URL of affiliate links. */
  readonly link: string
}

/** What planning needs from its surroundings. */
export interface ShareLinkContext {
  /** The www origin navigation targets are built on. */
  readonly www: string
  /** True inside a native app shell. */
  readonly nativeApp: boolean
  /** The app scheme of app-scheme links. */
  readonly appScheme: string
  readonly rootPlaceId: (universeId: number) => Effect.Effect<number, RootPlaceLookupError>
}

/** The friendship sources of a profile link (platform-features §2); the first is the default. */
export const friendshipSourceTypes = ["QrCode", "ProfileShare"] as const

/** The statuses each type follows (platform-features §2, §4). */
export const followedStatuses: { readonly [T in ShareLinkType]: ReadonlyArray<ShareLinkStatus> } = {
  ExperienceInvite: ["Valid", "Expired", "InviterNotInExperience"],
  NotificationExperienceInvite: ["Valid", "Expired", "InviterNotInExperience"],
  ScreenshotInvite: ["Valid", "Expired", "InviterNotInExperience"],
  FriendInvite: ["Valid", "Consumed", "Expired"],
  Profile: ["Valid"],
  Server: ["Valid", "Expired"],
  ExperienceAffiliate: ["Valid"],
  ExperienceDetails: ["Valid"],
  ExperienceEvent: ["Valid"],
  AvatarItemDetails: ["Valid"],
  ContentPost: ["Valid"]
}

/** The storage key of the referrer remembered for a place. */
export const inviteReferrerKey = (placeId: number): string => `RBXInviteReferrer:${placeId}`

const idFrom = (value: number | string | null | undefined): number | undefined =>
  typeof value === "number" ? (Number.isSafeInteger(value) && value > 0 ? value : undefined) :
  typeof value === "string" ? idOf(value) : undefined

const textFrom = (value: string | null | undefined): string | undefined =>
  value === null || value === undefined || value === "" ? undefined : value

/** Plan the steps of a resolved share link; see the module documentation. */
export const planShareLink = (
  request: ShareLinkRequest,
  response: ResolveLinkResponse,
  context: ShareLinkContext
): Effect.Effect<ReadonlyArray<NavigationStep>, ShareLinkError> => {
  const { type: linkType, code } = request
  const fail = (reason: ShareLinkError["reason"], detail?: string) =>
    Effect.fail(new ShareLinkError(detail === undefined ? { linkType, reason } : { linkType, reason, detail }))
  const data = response[resolveLinkFields[linkType]]
  if (data === null || data === undefined) return fail("MissingData")
  const status = shareLinkStatusOf(data.status)
  if (!followedStatuses[linkType].includes(status)) return fail("Status", status)
  const page = (path: string) => navigateStep(onSite(context.www, path))
  const resolved = (extra: Readonly<Record<string, string | number>> = {}): NavigationStep => ({
    _tag: "TrackEvent",
    name: shareLinkResolvedEvent,
    properties: { linkType, status, ...extra }
  })
  const required = (name: string, value: number | string | null | undefined) => {
    if (value === null || value === undefined || value === "") return fail("MissingField", name)
    const id = idFrom(value)
    return id === undefined ? fail("InvalidField", name) : Effect.succeed(id)
  }
  const rootPlace = (universeId: number) =>
    Effect.mapError(context.rootPlaceId(universeId), () => new ShareLinkError({ linkType, reason: "RootPlaceNotFound" }))
  const done = (...steps: ReadonlyArray<NavigationStep>) => Effect.succeed(steps)

  switch (linkType) {
    case "ExperienceInvite":
    case "NotificationExperienceInvite":
    case "ScreenshotInvite": {
      const invite = response[resolveLinkFields[linkType]]!
      return Effect.flatMap(required("placeId", invite.placeId), (placeId) => {
        const instanceId = textFrom(invite.instanceId)
        const launchData = textFrom(invite.launchData)
        const inviterId = idFrom(invite.inviterId)
        const inviteQuery = { experienceInviteLinkId: code, experienceInviteStatus: status }
        if (linkType === "NotificationExperienceInvite") {
          return done(
            resolved({ placeId }),
            page(launcherPath({
              placeId,
              launchData,
              gameInstanceId: status === "Valid" ? instanceId : undefined,
              referrerId: inviterId
            }))
          )
        }
        if (linkType === "ScreenshotInvite") return done(resolved({ placeId }), page(gamePagePath(placeId, inviteQuery)))
        if (status === "Valid") {
          return done(resolved({ placeId }), page(launcherPath({ placeId, launchData, gameInstanceId: instanceId })))
        }
        const store: ReadonlyArray<NavigationStep> = inviterId === undefined
          ? []
          : [{ _tag: "StoreReferrer", placeId, referrerId: inviterId, linkId: code }]
        return done(...store, resolved({ placeId }), page(gamePagePath(placeId, inviteQuery)))
      })
    }
    case "FriendInvite": {
      const friend = response.friendInviteData!
      return Effect.flatMap(
        required("senderUserId", friend.senderUserId),
        (userId) => done(resolved(), page(profilePath(userId)))
      )
    }
    case "Profile": {
      const profile = response.profileLinkResolutionResponseData!
      const source = friendshipSourceTypes.find((s) => s.toLowerCase() === request.source?.toLowerCase()) ??
        friendshipSourceTypes[0]
      return Effect.flatMap(required("userId", profile.userId), (userId) => done(resolved(), page(profilePath(userId, source))))
    }
    case "Server": {
      const server = response.privateServerInviteData!
      const linkCode = textFrom(server.linkCode)
      return Effect.flatMap(required("universeId", server.universeId), (universeId) =>
        linkCode === undefined
          ? fail("MissingField", "linkCode")
          : Effect.flatMap(rootPlace(universeId), (placeId) =>
            done(resolved({ universeId }), page(gamePagePath(placeId, { privateServerLinkCode: linkCode })))))
    }
    case "ExperienceAffiliate": {
      const affiliate = response.experienceAffiliateData!
      const universeId = idFrom(affiliate.universeId)
      if (universeId !== undefined) {
        return Effect.flatMap(rootPlace(universeId), (placeId) =>
          done(resolved({ universeId }), page(gamePagePath(placeId, { referralUrl: request.link }))))
      }
      const fallbackId = idFrom(affiliate.fallbackId)
      if (affiliate.fallbackType?.toLowerCase() === "profile" && fallbackId !== undefined) {
        return done(resolved(), page(profilePath(fallbackId)))
      }
      return done(resolved(), page(rootReferralPath(request.link)))
    }
    case "ExperienceDetails": {
      const details = response.experienceDetailsInviteData!
      return Effect.flatMap(required("universeId", details.universeId), (universeId) =>
        Effect.flatMap(rootPlace(universeId), (placeId) =>
          done(resolved({ universeId }), page(gamePagePath(placeId, { shareLinkSourceType: "ExperienceDetails" })))))
    }
    case "ExperienceEvent": {
      const event = response.experienceEventData!
      return Effect.flatMap(required("universeId", event.universeId), (universeId) =>
        Effect.flatMap(required("placeId", event.placeId), (placeId) =>
          done(
            resolved({ universeId, placeId }),
            page(launcherPath({ placeId, launchData: textFrom(event.joinData) }))
          )))
    }
    case "AvatarItemDetails": {
      const item = response.avatarItemDetailsData!
      const itemType = itemTypes.find((t) => t.toLowerCase() === item.itemType?.toLowerCase())
      if (itemType === undefined) {
        return fail(textFrom(item.itemType) === undefined ? "MissingField" : "InvalidField", "itemType")
      }
      return Effect.flatMap(required("itemId", item.itemId), (itemId) =>
        done(resolved(), page(sharedItemPath(itemType, itemId, code))))
    }
    case "ContentPost": {
      const post = response.contentPostData!
      const postId = post.postId === null || post.postId === undefined ? "" : String(post.postId)
      if (postId === "") return fail("MissingField", "postId")
      if (!/^[A-Za-z0-9_-]{1,64}$/.test(postId)) return fail("InvalidField", "postId")
      return Effect.flatMap(required("postCreatorId", post.postCreatorId), (creatorId) =>
        done(
          resolved(),
          ...(context.nativeApp
            ? [{ _tag: "OpenApp", url: contentPostAppLink(context.appScheme, creatorId, postId) } as const]
            : []),
          page(profilePath(creatorId))
        ))
    }
  }
}
