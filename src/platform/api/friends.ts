/**
 * The friends service: a user's friends, followers and followings, and the signed-in user's friend requests. Paths
 * are relative to `PlatformConfig.baseUrls.friends`.
 *
 * The calls follow the published document (docs/platform-clients.md, "Decisions"):
 * - `GET /v1/users/{userId}/friends` takes only `userSort` and answers the whole list (`{ data }`, no cursors);
 * - `GET /v1/users/{userId}/friends/find` is the paged variant: `userSort`, `cursor`, `limit`, `findFriendsType`,
 *   answered in PascalCase (`PageItems` of `{ id, hasVerifiedBadge }`, `NextCursor`, `PreviousCursor`, `HasMore`);
 * - followers and followings take `limit` (10/18/25/50/100), `cursor` and `sortOrder`;
 * - friend requests take `limit`, `cursor`, `sessionId` and `friendRequestSort`;
 * - `POST /v1/users/{targetUserId}/follow` and `…/unfollow` follow and unfollow a user as the signed-in user. The
 *   published follow body (`captchaTokenRequest`, the older captcha answer) is not sent: challenges are answered by
 *   the pipeline's challenge flow, in headers (docs/challenges.md). Follow answers `{ success, isCaptchaRequired }`,
 *   unfollow an empty object.
 *
 * Enums of answers are open (presence type, the origin of a friend request).
 *
 * @module
 */
import * as Schema from "effect/Schema"
import { api, get, group, post } from "./definition.ts"
import { PresenceType } from "./presence.ts"
import {
  CursorPage,
  DataList,
  EmptyResponse,
  Id,
  lenientEnum,
  openCodedEnum,
  optionalOrNull,
  SortOrder
} from "./sharedSchemas.ts"

/** How a friends list is sorted (spec: Alphabetical, StatusAlphabetical, StatusFrequents; sent as 0–2). */
export const FriendSort = lenientEnum(["Alphabetical", "StatusAlphabetical", "StatusFrequents"], {
  0: "Alphabetical",
  1: "StatusAlphabetical",
  2: "StatusFrequents"
})

/** The type of {@link FriendSort}. */
export type FriendSort = typeof FriendSort.Type

/** The list kinds of the friends service (spec: friends, followers, followings, requests). */
export type FriendListKind = "friends" | "followers" | "followings"

/** The page sizes of followers and followings. */
export const followPageSizes = [10, 18, 25, 50, 100] as const

/** Query parameters of a followers or followings list. */
export const FollowListQuery = {
  limit: Schema.optional(Schema.Literals(followPageSizes)),
  cursor: Schema.optional(Schema.String),
  sortOrder: Schema.optional(SortOrder)
}

/** Query parameters of the paged friends list (`/friends/find`). `findFriendsType` is documented as 0 or 1. */
export const FindFriendsQuery = {
  userSort: Schema.optional(FriendSort),
  cursor: Schema.optional(Schema.String),
  limit: Schema.optional(Schema.Int.check(Schema.isGreaterThan(0))),
  findFriendsType: Schema.optional(Schema.Literals([0, 1]))
}

/** Query parameters of the friend requests. `friendRequestSort` is documented as 0, 1 or 2 (default 1). */
export const FriendRequestsQuery = {
  limit: Schema.optional(Schema.Int.check(Schema.isGreaterThan(0))),
  cursor: Schema.optional(Schema.String),
  sessionId: Schema.optional(Schema.String),
  friendRequestSort: Schema.optional(Schema.Literals([0, 1, 2]))
}

/** One user of a friends, followers or followings list. `profileUrl` is built by the product, not sent. */
export const FriendUser = Schema.Struct({
  id: Id,
  name: Schema.optional(Schema.String),
  displayName: Schema.optional(Schema.String),
  hasVerifiedBadge: Schema.optional(Schema.Boolean),
  isOnline: Schema.optional(Schema.Boolean),
  presenceType: Schema.optional(PresenceType),
  isBanned: Schema.optional(Schema.Boolean),
  isDeleted: Schema.optional(Schema.Boolean),
  description: optionalOrNull(Schema.String),
  created: Schema.optional(Schema.String),
  externalAppDisplayName: optionalOrNull(Schema.String),
  friendFrequentRank: optionalOrNull(Schema.Int),
  friendFrequentScore: optionalOrNull(Schema.Int)
})

/** The type of {@link FriendUser}. */
export type FriendUser = typeof FriendUser.Type

/** A page of a friends list: `{ data, previousPageCursor, nextPageCursor }`. */
export const FriendPage = CursorPage(FriendUser)

/** The type of {@link FriendPage}. */
export type FriendPage = typeof FriendPage.Type

/** A friend of the paged friends list: only the id and the verified badge. */
export const FoundFriend = Schema.Struct({ id: Id, hasVerifiedBadge: Schema.optional(Schema.Boolean) })

/** The type of {@link FoundFriend}. */
export type FoundFriend = typeof FoundFriend.Type

/** A page of the paged friends list, as published: PascalCase, with `HasMore`. */
export const FoundFriendsPage = Schema.Struct({
  PageItems: Schema.Array(FoundFriend),
  NextCursor: optionalOrNull(Schema.String),
  PreviousCursor: optionalOrNull(Schema.String),
  HasMore: Schema.optional(Schema.Boolean)
})

/** The type of {@link FoundFriendsPage}. */
export type FoundFriendsPage = typeof FoundFriendsPage.Type

/** Where a friend request was sent from (documented 0–10; open). */
export const FriendRequestOrigin = openCodedEnum(
  [
    "Unknown",
    "PlayerSearch",
    "QrCode",
    "InGame",
    "UserProfile",
    "QqContactImporter",
    "WeChatContactImporter",
    "ProfileShare",
    "PhoneContactImporter",
    "FriendRecommendations",
    "UserCommunities"
  ],
  {
    0: "Unknown",
    1: "PlayerSearch",
    2: "QrCode",
    3: "InGame",
    4: "UserProfile",
    5: "QqContactImporter",
    6: "WeChatContactImporter",
    7: "ProfileShare",
    8: "PhoneContactImporter",
    9: "FriendRecommendations",
    10: "UserCommunities"
  }
)

/** A friend request: who sent it, when, and where from. */
export const FriendRequest = Schema.Struct({
  senderId: Schema.optional(Schema.Int),
  sentAt: Schema.optional(Schema.String),
  sourceUniverseId: optionalOrNull(Schema.Int),
  originSourceType: optionalOrNull(FriendRequestOrigin),
  contactName: optionalOrNull(Schema.String),
  senderNickname: optionalOrNull(Schema.String)
})

/** A friend request: the sender as a user, with the request and the mutual friends. */
export const FriendRequestUser = Schema.Struct({
  id: Id,
  name: Schema.optional(Schema.String),
  displayName: Schema.optional(Schema.String),
  hasVerifiedBadge: Schema.optional(Schema.Boolean),
  isBanned: Schema.optional(Schema.Boolean),
  description: optionalOrNull(Schema.String),
  created: Schema.optional(Schema.String),
  externalAppDisplayName: optionalOrNull(Schema.String),
  friendRequest: optionalOrNull(FriendRequest),
  mutualFriendsList: optionalOrNull(Schema.Array(Schema.String))
})

/** The type of {@link FriendRequestUser}. */
export type FriendRequestUser = typeof FriendRequestUser.Type

/** A page of friend requests. */
export const FriendRequestPage = CursorPage(FriendRequestUser)

/** The type of {@link FriendRequestPage}. */
export type FriendRequestPage = typeof FriendRequestPage.Type

/** The answer to a follow (published as CaptchaStatusResponseModel). */
export const FollowAnswer = Schema.Struct({
  success: Schema.optional(Schema.Boolean),
  isCaptchaRequired: Schema.optional(Schema.Boolean)
})

/** The type of {@link FollowAnswer}. */
export type FollowAnswer = typeof FollowAnswer.Type

/** The errors of follow and unfollow: 400 (codes 1, 6, 8), 401, 403 (codes 0, 2, 3, 14), 429 (code 9). */
const followErrors = [400, 401, 403, 429] as const

const followList = <const Name extends string, const Path extends `/${string}`>(name: Name, path: Path) =>
  get(name, path, {
    params: { targetUserId: Id },
    query: FollowListQuery,
    success: FriendPage,
    errors: [400, 429]
  })

/** `GET /v1/users/{userId}/friends`. */
export const getFriends = get("getFriends", "/v1/users/:userId/friends", {
  params: { userId: Id },
  query: { userSort: Schema.optional(FriendSort) },
  success: DataList(FriendUser),
  errors: [400, 429]
})

/** `GET /v1/users/{userId}/friends/find`. */
export const findFriends = get("findFriends", "/v1/users/:userId/friends/find", {
  params: { userId: Id },
  query: FindFriendsQuery,
  success: FoundFriendsPage,
  errors: [400, 429]
})

/** `GET /v1/users/{targetUserId}/followers`. */
export const getFollowers = followList("getFollowers", "/v1/users/:targetUserId/followers")

/** `GET /v1/users/{targetUserId}/followings`. */
export const getFollowings = followList("getFollowings", "/v1/users/:targetUserId/followings")

/** `POST /v1/users/{targetUserId}/follow`. */
export const followUser = post("followUser", "/v1/users/:targetUserId/follow", {
  params: { targetUserId: Id },
  success: FollowAnswer,
  errors: followErrors
})

/** `POST /v1/users/{targetUserId}/unfollow`. */
export const unfollowUser = post("unfollowUser", "/v1/users/:targetUserId/unfollow", {
  params: { targetUserId: Id },
  success: EmptyResponse,
  errors: followErrors
})

/** The friends, followers and followings endpoints. */
export const FriendsGroup = group(
  "friends",
  getFriends,
  findFriends,
  getFollowers,
  getFollowings,
  followUser,
  unfollowUser
)

/** `GET /v1/my/friends/requests`. */
export const getFriendRequests = get("getFriendRequests", "/v1/my/friends/requests", {
  query: FriendRequestsQuery,
  success: FriendRequestPage,
  errors: [400, 401, 429]
})

/** The signed-in user's friend requests. */
export const FriendRequestsGroup = group("friendRequests", getFriendRequests)

/** The friends service. */
export const FriendsApi = api("friends", { title: "Friends", version: "v1" }, FriendsGroup, FriendRequestsGroup)
