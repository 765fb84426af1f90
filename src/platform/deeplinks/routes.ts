/**
 * The route targets of deep-link navigation (DEEP-1 to DEEP-10), as site paths.
 *
 * Choices where the spec does not show the form:
 * - account sections use the site's hash routing: `/my/account#!/{section}`;
 * - the experience launcher is `/games/start` with `placeId`, then `accessCode`, `launchData`, `gameInstanceId` and
 *   `eventId`, in that order (it is the page that starts the desktop client);
 * - the app-scheme chat link is `{scheme}://navigation/chat?userId={id}&entryPoint=AppShellWebView`;
 * - the desktop client protocol's experience launch is `{scheme}://experiences/start?placeId=…`, then
 *   `launchData` (URL-encoded twice: encoded once, then written into the query), `gameInstanceId` and
 *   `referredByPlayerId`, as the site's own notification-invite launch writes them.
 *
 * Every query is written by `URLSearchParams` (links/query.ts); app links are built with the URL API (appLinks.ts).
 *
 * @module
 */
import { appLink } from "../links/appLinks.ts"
import { gamePath, groupPath, itemDetailsPath, userProfilePath } from "../links/entityUrls.ts"
import { queryString } from "../links/query.ts"
import { accountSections, type ItemType, type PageKind } from "./kinds.ts"

/** The path of each page kind. */
export const pagePaths: { readonly [K in PageKind]: string } = {
  home: "/home",
  games: "/games",
  catalog: "/catalog",
  avatar: "/my/avatar",
  friends: "/users/friends",
  gift_cards: "/giftcards",
  notification_settings: `/my/account#!/${accountSections.notification_settings}`,
  account_info: `/my/account#!/${accountSections.account_info}`,
  privacy_settings: `/my/account#!/${accountSections.privacy_settings}`,
  parental_controls: `/my/account#!/${accountSections.parental_controls}`,
  spending_settings: `/my/account#!/${accountSections.spending_settings}`
}

/** Query parameters a game page may carry. */
export interface GamePageQuery {
  readonly privateServerLinkCode?: string | undefined
  readonly shareLinkSourceType?: string | undefined
  readonly referralUrl?: string | undefined
  readonly experienceInviteLinkId?: string | undefined
  readonly experienceInviteStatus?: string | undefined
  /** The launch data of an affiliate link's join data. */
  readonly launchData?: string | undefined
  /** The experience event of an affiliate link's join data (`joinData.experienceEventId`). */
  readonly eventId?: string | undefined
}

/** `/games/{placeId}` with the query parameters given, in the order of {@link GamePageQuery}. */
export const gamePagePath = (placeId: number, query: GamePageQuery = {}): string =>
  gamePath(placeId) +
  queryString([
    ["privateServerLinkCode", query.privateServerLinkCode],
    ["shareLinkSourceType", query.shareLinkSourceType],
    ["referralUrl", query.referralUrl],
    ["experienceInviteLinkId", query.experienceInviteLinkId],
    ["experienceInviteStatus", query.experienceInviteStatus],
    ["launchData", query.launchData],
    ["eventId", query.eventId]
  ])

/** What the experience launcher is asked to start. */
export interface LaunchRequest {
  readonly placeId: number
  readonly accessCode?: string | undefined
  /** Passed URL-encoded. */
  readonly launchData?: string | undefined
  readonly gameInstanceId?: string | undefined
  /** The experience event joined (an event link's `joinData.experienceEventId`). */
  readonly eventId?: string | undefined
}

/** The experience launcher `/games/start?placeId=…` (DEEP-8). */
export const launcherPath = (request: LaunchRequest): string =>
  "/games/start" +
  queryString([
    ["placeId", request.placeId],
    ["accessCode", request.accessCode],
    ["launchData", request.launchData],
    ["gameInstanceId", request.gameInstanceId],
    ["eventId", request.eventId]
  ])

/** Join the game a user is in: `/games/start?userId={userId}`. */
export const followUserPath = (userId: number): string => `/games/start${queryString([["userId", userId]])}`

/** A profile, with the friendship source of a profile share link. */
export const profilePath = (userId: number, friendshipSourceType?: string): string =>
  userProfilePath(userId) + queryString([["friendshipSourceType", friendshipSourceType]])

/** A group page. */
export const groupPagePath = (groupId: number): string => groupPath(groupId)

/** A forum comment of a group: `/groups/{groupId}#!/forums/{categoryId}/post/{postId}/comment/{commentId}`. */
export const forumCommentPath = (groupId: number, categoryId: number, postId: number, commentId: number): string =>
  `${groupPath(groupId)}#!/forums/${categoryId}/post/${postId}/comment/${commentId}`

/** An item's details page (`/catalog/{id}`, `/bundles/{id}`, `/looks/{id}`). */
export const itemPagePath = (itemType: ItemType, itemId: number): string => itemDetailsPath(itemType, itemId)!

/** An item page reached from an avatar-item share link: `?pid=share&is_retargeting=true&deep_link_value={code}`. */
export const sharedItemPath = (itemType: ItemType, itemId: number, code: string): string =>
  itemDetailsPath(itemType, itemId, [
    ["pid", "share"],
    ["is_retargeting", "true"],
    ["deep_link_value", code]
  ])!

/**
 * The share URL of a link, `/share?code={code}&type={type}`: the referral URL of affiliate links, the same whatever
 * form (app link, redirector, extra parameters) the link was read in.
 */
export const sharePath = (code: string, type: string): string =>
  `/share${queryString([
    ["code", code],
    ["type", type]
  ])}`

/** The root page with a referral URL (an affiliate link without an experience). */
export const rootReferralPath = (referralUrl: string): string => `/${queryString([["referralUrl", referralUrl]])}`

/** The entry point of chats opened from a web page inside an app shell. */
export const appShellChatEntryPoint = "AppShellWebView"

/** The app-scheme link that opens a chat inside a native app shell. */
export const chatAppLink = (appScheme: string, userId: number): string =>
  appLink(appScheme, "navigation/chat", [
    ["userId", userId],
    ["entryPoint", appShellChatEntryPoint]
  ])

/** The app-scheme link that opens a content post inside a native app shell. */
export const contentPostAppLink = (appScheme: string, userId: number, postId: string): string =>
  appLink(appScheme, "navigation/content_posts", [
    ["userId", userId],
    ["postId", postId]
  ])

/** What the desktop client protocol's experience launch carries. */
export interface ExperienceLaunch {
  readonly placeId: number
  /** The experience's launch data, as the service gave it (encoded here). */
  readonly launchData?: string | undefined
  /** The server to join. */
  readonly gameInstanceId?: string | undefined
  /** The user who referred this join (an inviter). */
  readonly referredByPlayerId?: number | undefined
}

/**
 * The desktop client protocol's experience launch: `{scheme}://experiences/start?placeId=…&launchData=…&
 * gameInstanceId=…&referredByPlayerId=…`, absent values left out. The launch data is URL-encoded twice (encoded,
 * then written into the query), so the client decodes the query and then the launch data.
 */
export const experienceLaunchLink = (appScheme: string, launch: ExperienceLaunch): string =>
  appLink(appScheme, "experiences/start", [
    ["placeId", launch.placeId],
    ["launchData", launch.launchData === undefined ? undefined : encodeURIComponent(launch.launchData)],
    ["gameInstanceId", launch.gameInstanceId],
    ["referredByPlayerId", launch.referredByPlayerId]
  ])
