/**
 * What following a resolved share link does (SHARE-8 to SHARE-21). Given the link (type, code, source)
 * and the service's answer (its real shapes: src/platform/api/shareLinks.ts), this gives the navigation steps or a
 * ShareLinkError; it performs nothing itself except the root-place lookup.
 *
 * Outcomes, by type (`→` a navigation; every success first sends {@link shareLinkResolvedEvent}):
 * - ExperienceInvite (needs placeId): Valid with an instance id (letters, digits, `-`, at most 64; another value
 *   fails as `InvalidField`) → the game page `/games/{placeId}`, THEN a join of that instance (a `JoinGame` step: instance id, launch data, the inviter as referrer) — the two steps of
 *   SHARE-9;
 *   Valid without an instance id → the game page only (the spec shows only the instance case: the invitee lands on
 *   the experience and joins from there); Expired, InviterNotInExperience → the inviter is stored as referrer for
 *   the place, then `/games/{placeId}?experienceInviteLinkId={code}&experienceInviteStatus={status}`.
 * - NotificationExperienceInvite (needs placeId): Valid, Expired, InviterNotInExperience → the game starts through
 *   the desktop client protocol (a `LaunchExperience` step): `{scheme}://experiences/start?placeId=…` with the
 *   launch data (URL-encoded twice), the instance id only when the invite is Valid (an instance id that is not one —
 *   letters, digits, `-`, at most 64 — fails as `InvalidField`) and the inviter as `referredByPlayerId`.
 * - ScreenshotInvite (needs placeId): Valid, Expired, InviterNotInExperience → the game page with the invite
 *   parameters.
 * - FriendInvite (needs senderUserId): Valid, Consumed, Expired → the sender's profile.
 * - Profile (needs userId): Valid → the profile with `friendshipSourceType` ProfileShare or QrCode, from the
 *   link's `source` parameter (default QrCode).
 * - Server (needs universeId, linkCode): Valid or Expired → the root place's page with `privateServerLinkCode`.
 * - ExperienceAffiliate: Valid; with a universe → the root place's page with `shareLinkSourceType=ExperienceAffiliate`,
 *   `referralUrl` (the link's share URL, {@link sharePath}) and the join data (`launchData`, `eventId` from
 *   `experienceEventId`); without, the fallback type `Profile` (1, or "profile" in any case) with a fallback id →
 *   the fallback profile; otherwise (`Home`, `Invalid`, none, an unknown value) the root page with `referralUrl`.
 * - ExperienceDetails (needs universeId): Valid → the root place's page with `shareLinkSourceType=ExperienceDetails`.
 * - ExperienceEvent (needs universeId and placeId): Valid → the launcher with the join data (`launchData`,
 *   `eventId`).
 * - AvatarItemDetails: Valid, an item id that is a positive integer in digits (not empty, not 0) and an item type
 *   with a details page (Asset, Bundle, Look) → the item page with `pid=share&is_retargeting=true&deep_link_value={code}`.
 * - ContentPost (needs postId, postCreatorId): Valid → inside a native app shell the app-launcher link
 *   `{scheme}://navigation/content_posts?userId=…&postId=…` is handed to the app; then the creator's profile.
 *
 * Every other status fails with reason `Status`, as does a status outside the type's own set (a new value, or another
 * type's: kept as unknown when decoded, never valid); the detail names it. A link without a code fails with
 * `MissingCode` before any call. v2 links are planned by planShareLinkV2.ts.
 *
 * @module
 */
import * as Effect from "effect/Effect"
import { onSite } from "../links/entityUrls.ts"
import { type GameJoinRequest, navigateStep, type NavigationStep } from "../deeplinks/NavigationPlan.ts"
import { isGameInstanceId, itemTypes } from "../deeplinks/kinds.ts"
import {
  contentPostAppLink,
  experienceLaunchLink,
  gamePagePath,
  launcherPath,
  profilePath,
  rootReferralPath,
  sharedItemPath,
  sharePath
} from "../deeplinks/routes.ts"
import { shareLinkResolvedEvent } from "../deeplinks/events.ts"
import type { RootPlaceLookupError } from "../deeplinks/RootPlaceLookup.ts"
import type { ExperienceJoinData } from "../api/shareLinks.ts"
import { idOf } from "../links/ids.ts"
import { resolveLinkFields, type ResolveLinkResponse, statusDetail, statusOfAnswer } from "./schemas.ts"
import { ShareLinkError } from "./ShareLinkError.ts"
import type { ShareLinkStatus, ShareLinkType, ShareLinkTypeOrV2 } from "./shareLinkTypes.ts"

/** The share link being followed. */
export interface ShareLinkRequest {
  readonly type: ShareLinkType
  readonly code: string
  /** The link's `source` parameter (profile links). */
  readonly source?: string | undefined
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

/** The friendship sources of a profile link (SHARE-13); the first is the default. */
export const friendshipSourceTypes = ["QrCode", "ProfileShare"] as const

/**
 * The fallback with which the service says that an affiliate link without an experience leads to a profile: the
 * site's `ExperienceAffiliateDeepLinkFallbackType` is 0 Invalid, 1 Profile, 2 Home, sent as the number; the spec
 * words it "profile". Both decode to this name (src/platform/api/shareLinks.ts, `AffiliateFallbackType`); `Home`,
 * `Invalid` and any other value go to the root page with the referral URL, as the site does.
 */
export const profileFallbackType = "Profile"

/** The statuses each type follows (SHARE-8). */
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

/** A positive safe integer from a number, or from a string of digits; undefined otherwise. */
export const idFrom = (value: number | string | null | undefined): number | undefined =>
  typeof value === "number"
    ? Number.isSafeInteger(value) && value > 0
      ? value
      : undefined
    : typeof value === "string"
      ? idOf(value)
      : undefined

/** A string with content (a number as its digits), or undefined for null, undefined and "". */
export const textFrom = (value: string | number | null | undefined): string | undefined =>
  value === null || value === undefined || value === "" ? undefined : String(value)

/** A join request without the fields that have no value. */
export const gameJoin = (
  placeId: number,
  fields: { readonly [K in Exclude<keyof GameJoinRequest, "placeId">]?: GameJoinRequest[K] | undefined }
): NavigationStep => {
  const request: Record<string, unknown> = { placeId }
  for (const [key, value] of Object.entries(fields)) if (value !== undefined) request[key] = value
  return { _tag: "JoinGame", request: request as unknown as GameJoinRequest }
}

/** The helpers a plan of a link of `linkType` in `status` uses. */
export const planTools = (linkType: ShareLinkTypeOrV2, status: ShareLinkStatus, www: string) => ({
  fail: (reason: ShareLinkError["reason"], detail?: string) =>
    Effect.fail(new ShareLinkError(detail === undefined ? { linkType, reason } : { linkType, reason, detail })),
  page: (path: string) => navigateStep(onSite(www, path)),
  /** The analytics event of a followed link, sent first. */
  resolved: (extra: Readonly<Record<string, string | number>> = {}): NavigationStep => ({
    _tag: "TrackEvent",
    name: shareLinkResolvedEvent,
    properties: { linkType, status, ...extra }
  }),
  /** The positive id of a field the link needs: `MissingField` when absent or empty, `InvalidField` when not an id. */
  required: (name: string, value: number | string | null | undefined) => {
    if (value === null || value === undefined || value === "") {
      return Effect.fail(new ShareLinkError({ linkType, reason: "MissingField", detail: name }))
    }
    const id = idFrom(value)
    return id === undefined
      ? Effect.fail(new ShareLinkError({ linkType, reason: "InvalidField", detail: name }))
      : Effect.succeed(id)
  },
  done: (...steps: ReadonlyArray<NavigationStep>) => Effect.succeed(steps)
})

/** The launch data and event of a join data object (either may be absent). */
const joinFields = (joinData: ExperienceJoinData | null | undefined) => ({
  launchData: textFrom(joinData?.launchData),
  eventId: textFrom(joinData?.experienceEventId)
})

/** The helpers of a plan. */
type PlanTools = ReturnType<typeof planTools>

/** The steps of an avatar item link: the item's shared page, for a known item type. */
const planAvatarItem = (
  { fail, page, resolved, required, done }: PlanTools,
  code: string,
  item: NonNullable<ResolveLinkResponse["avatarItemDetailsData"]>
): Effect.Effect<ReadonlyArray<NavigationStep>, ShareLinkError> => {
  const itemType = itemTypes.find((t) => t.toLowerCase() === item.itemType?.toLowerCase())
  if (itemType === undefined) {
    return fail(textFrom(item.itemType) === undefined ? "MissingField" : "InvalidField", "itemType")
  }
  return Effect.flatMap(required("itemId", item.itemId), (itemId) =>
    done(resolved(), page(sharedItemPath(itemType, itemId, code)))
  )
}

/** The steps of a content post link: the creator's profile, after opening the post in the app on a native app. */
const planContentPost = (
  { page, resolved, required, done }: PlanTools,
  context: ShareLinkContext,
  post: NonNullable<ResolveLinkResponse["contentPostData"]>
): Effect.Effect<ReadonlyArray<NavigationStep>, ShareLinkError> => {
  return Effect.flatMap(required("postId", post.postId), (postId) =>
    Effect.flatMap(required("postCreatorId", post.postCreatorId), (creatorId) =>
      done(
        resolved(),
        ...(context.nativeApp
          ? [{ _tag: "OpenApp", url: contentPostAppLink(context.appScheme, creatorId, String(postId)) } as const]
          : []),
        page(profilePath(creatorId))
      )
    )
  )
}

/** The link types of an invite to an experience. */
type InviteLinkType = "ExperienceInvite" | "NotificationExperienceInvite" | "ScreenshotInvite"

/**
 * The steps of an experience invite: a notification's launches the experience, a screenshot's opens the game page,
 * a valid one opens the game page and joins the instance, any other remembers the inviter and opens the game page.
 */
const planInvite = (
  linkType: InviteLinkType,
  code: string,
  status: ShareLinkStatus,
  context: ShareLinkContext,
  invite: NonNullable<ResolveLinkResponse[(typeof resolveLinkFields)[InviteLinkType]]>
): Effect.Effect<ReadonlyArray<NavigationStep>, ShareLinkError> => {
  const { fail, page, resolved, required, done } = planTools(linkType, status, context.www)
  return Effect.flatMap(required("placeId", invite.placeId), (placeId) => {
    const instanceId = textFrom(invite.instanceId)
    const launchData = textFrom(invite.launchData)
    // an instance id is handed to the client (a join, a launch) only when the invite is valid, and only a real one
    if (
      status === "Valid" &&
      linkType !== "ScreenshotInvite" &&
      instanceId !== undefined &&
      !isGameInstanceId(instanceId)
    ) {
      return fail("InvalidField", "instanceId")
    }
    const inviterId = idFrom(invite.inviterId)
    const inviteQuery = { experienceInviteLinkId: code, experienceInviteStatus: status }
    if (linkType === "NotificationExperienceInvite") {
      const gameInstanceId = status === "Valid" ? instanceId : undefined
      return done(resolved({ placeId }), {
        _tag: "LaunchExperience",
        url: experienceLaunchLink(context.appScheme, {
          placeId,
          launchData,
          gameInstanceId,
          referredByPlayerId: inviterId
        })
      })
    }
    if (linkType === "ScreenshotInvite") return done(resolved({ placeId }), page(gamePagePath(placeId, inviteQuery)))
    if (status === "Valid") {
      const gamePage = page(gamePagePath(placeId))
      return instanceId === undefined
        ? done(resolved({ placeId }), gamePage)
        : done(
            resolved({ placeId }),
            gamePage,
            gameJoin(placeId, { gameInstanceId: instanceId, launchData, referrerId: inviterId })
          )
    }
    const store: ReadonlyArray<NavigationStep> =
      inviterId === undefined ? [] : [{ _tag: "StoreReferrer", placeId, referrerId: inviterId, linkId: code }]
    return done(...store, resolved({ placeId }), page(gamePagePath(placeId, inviteQuery)))
  })
}

/**
 * The steps of an affiliate link: the experience's game page when the link names a universe, else the fallback
 * profile, else the site's root with the referral.
 */
const planAffiliate = (
  code: string,
  status: ShareLinkStatus,
  context: ShareLinkContext,
  affiliate: NonNullable<ResolveLinkResponse["experienceAffiliateData"]>,
  rootPlace: (universeId: number) => Effect.Effect<number, ShareLinkError>
): Effect.Effect<ReadonlyArray<NavigationStep>, ShareLinkError> => {
  const linkType = "ExperienceAffiliate"
  const { page, resolved, done } = planTools(linkType, status, context.www)
  const referralUrl = onSite(context.www, sharePath(code, linkType))
  const universeId = idFrom(affiliate.universeId)
  if (universeId !== undefined) {
    return Effect.flatMap(rootPlace(universeId), (placeId) =>
      done(
        resolved({ universeId }),
        page(
          gamePagePath(placeId, {
            shareLinkSourceType: linkType,
            referralUrl,
            ...joinFields(affiliate.joinData)
          })
        )
      )
    )
  }
  const fallbackId = idFrom(affiliate.fallbackId)
  if (affiliate.fallbackType === profileFallbackType && fallbackId !== undefined) {
    return done(resolved(), page(profilePath(fallbackId)))
  }
  return done(resolved(), page(rootReferralPath(referralUrl)))
}

/** Plan the steps of a resolved share link; see the module documentation. */
export const planShareLink = (
  request: ShareLinkRequest,
  response: ResolveLinkResponse,
  context: ShareLinkContext
): Effect.Effect<ReadonlyArray<NavigationStep>, ShareLinkError> => {
  const { type: linkType, code } = request
  const data = response[resolveLinkFields[linkType]]
  if (data === null || data === undefined) {
    return Effect.fail(new ShareLinkError({ linkType, reason: "MissingData" }))
  }
  const status = statusOfAnswer(data.status)
  const tools = planTools(linkType, status, context.www)
  const { fail, page, resolved, required, done } = tools
  if (!followedStatuses[linkType].includes(status)) return fail("Status", statusDetail(data.status))
  const rootPlace = (universeId: number) =>
    Effect.mapError(
      context.rootPlaceId(universeId),
      () => new ShareLinkError({ linkType, reason: "RootPlaceNotFound" })
    )

  switch (linkType) {
    case "ExperienceInvite":
    case "NotificationExperienceInvite":
    case "ScreenshotInvite":
      return planInvite(linkType, code, status, context, response[resolveLinkFields[linkType]]!)
    case "FriendInvite": {
      const friend = response.friendInviteData!
      return Effect.flatMap(required("senderUserId", friend.senderUserId), (userId) =>
        done(resolved(), page(profilePath(userId)))
      )
    }
    case "Profile": {
      const profile = response.profileLinkResolutionResponseData!
      const source =
        friendshipSourceTypes.find((s) => s.toLowerCase() === request.source?.toLowerCase()) ?? friendshipSourceTypes[0]
      return Effect.flatMap(required("userId", profile.userId), (userId) =>
        done(resolved(), page(profilePath(userId, source)))
      )
    }
    case "Server": {
      const server = response.privateServerInviteData!
      const linkCode = textFrom(server.linkCode)
      return Effect.flatMap(required("universeId", server.universeId), (universeId) =>
        linkCode === undefined
          ? fail("MissingField", "linkCode")
          : Effect.flatMap(rootPlace(universeId), (placeId) =>
              done(resolved({ universeId }), page(gamePagePath(placeId, { privateServerLinkCode: linkCode })))
            )
      )
    }
    case "ExperienceAffiliate":
      return planAffiliate(code, status, context, response.experienceAffiliateData!, rootPlace)
    case "ExperienceDetails": {
      const details = response.experienceDetailsInviteData!
      return Effect.flatMap(required("universeId", details.universeId), (universeId) =>
        Effect.flatMap(rootPlace(universeId), (placeId) =>
          done(resolved({ universeId }), page(gamePagePath(placeId, { shareLinkSourceType: linkType })))
        )
      )
    }
    case "ExperienceEvent": {
      const event = response.experienceEventData!
      return Effect.flatMap(required("universeId", event.universeId), (universeId) =>
        Effect.flatMap(required("placeId", event.placeId), (placeId) =>
          done(resolved({ universeId, placeId }), page(launcherPath({ placeId, ...joinFields(event.joinData) })))
        )
      )
    }
    case "AvatarItemDetails":
      return planAvatarItem(tools, code, response.avatarItemDetailsData!)
    case "ContentPost":
      return planContentPost(tools, context, response.contentPostData!)
  }
}
