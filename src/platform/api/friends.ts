/**
 * The friends service: a user's friends, followers and followings, and the signed-in user's friend requests, all
 * cursor-paged. Paths are relative to `PlatformConfig.baseUrls.friends`.
 *
 * Paths and query parameters as in the spec (§7 "Social and presence"). A friends list without `limit` and
 * `cursor` is answered in full (the published document's unpaged form); followers and followings are always paged.
 * `GET /v1/my/friends/requests` takes the same query parameters as the friends lists.
 *
 * @module
 */
import * as HttpApi from "effect/http-api/HttpApi"
import * as HttpApiEndpoint from "effect/http-api/HttpApiEndpoint"
import * as HttpApiGroup from "effect/http-api/HttpApiGroup"
import * as OpenApi from "effect/http-api/OpenApi"
import * as Schema from "effect/Schema"
import { PresenceType } from "./presence.ts"
import {
  ApiBadRequest,
  ApiTooManyRequests,
  ApiUnauthorized,
  CursorPage,
  Id,
  lenientEnum,
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

/** Query parameters of a friends, followers or followings list. */
export const FriendListQuery = {
  cursor: Schema.optional(Schema.String),
  sortOrder: Schema.optional(SortOrder),
  userSort: Schema.optional(FriendSort),
  limit: Schema.optional(Schema.Int),
  fetchMutualFriends: Schema.optional(Schema.Boolean)
}

/** One user of a friends list. `profileUrl` is built by the product, not sent. */
export const FriendUser = Schema.Struct({
  id: Id,
  name: Schema.optional(Schema.String),
  displayName: Schema.optional(Schema.String),
  hasVerifiedBadge: Schema.optional(Schema.Boolean),
  isOnline: Schema.optional(Schema.Boolean),
  presenceType: Schema.optional(PresenceType),
  isBanned: Schema.optional(Schema.Boolean),
  isDeleted: Schema.optional(Schema.Boolean),
  description: Schema.optional(Schema.NullOr(Schema.String)),
  created: Schema.optional(Schema.String)
})

/** The type of {@link FriendUser}. */
export type FriendUser = typeof FriendUser.Type

/** A page of a friends list: `{ data, previousPageCursor, nextPageCursor }`. */
export const FriendPage = CursorPage(FriendUser)

/** The type of {@link FriendPage}. */
export type FriendPage = typeof FriendPage.Type

/** A friend request: the sender as a user, with when and where it was sent. */
export const FriendRequestUser = Schema.Struct({
  ...FriendUser.fields,
  friendRequest: Schema.optional(Schema.NullOr(Schema.Struct({
    senderId: Schema.optional(Schema.Int),
    sentAt: Schema.optional(Schema.String),
    sourceUniverseId: Schema.optional(Schema.NullOr(Schema.Int)),
    originSourceType: Schema.optional(Schema.NullOr(Schema.String))
  }))),
  mutualFriendsList: Schema.optional(Schema.Array(Schema.String))
})

/** The type of {@link FriendRequestUser}. */
export type FriendRequestUser = typeof FriendRequestUser.Type

/** A page of friend requests. */
export const FriendRequestPage = CursorPage(FriendRequestUser)

/** The type of {@link FriendRequestPage}. */
export type FriendRequestPage = typeof FriendRequestPage.Type

const list = <const Name extends string, const Path extends `/${string}`>(name: Name, path: Path) =>
  HttpApiEndpoint.get(name, path, {
    params: { userId: Id },
    query: FriendListQuery,
    success: FriendPage,
    error: [ApiBadRequest, ApiTooManyRequests]
  })

/** The friends endpoints. */
export class FriendsGroup extends HttpApiGroup.make("friends").add(
  list("getFriends", "/v1/users/:userId/friends"),
  list("getFollowers", "/v1/users/:userId/followers"),
  list("getFollowings", "/v1/users/:userId/followings")
) {}

/** The signed-in user's friend requests. */
export class FriendRequestsGroup extends HttpApiGroup.make("friendRequests").add(
  HttpApiEndpoint.get("getFriendRequests", "/v1/my/friends/requests", {
    query: FriendListQuery,
    success: FriendRequestPage,
    error: [ApiBadRequest, ApiUnauthorized, ApiTooManyRequests]
  })
) {}

/** The friends service. */
export class FriendsApi extends HttpApi.make("friends").add(FriendsGroup, FriendRequestsGroup).annotateMerge(
  OpenApi.annotations({ title: "Friends", version: "v1" })
) {}
