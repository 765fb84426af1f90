/**
 * The friends service: a user's friends, followers and followings, cursor-paged.
 *
 * Paths and query parameters as in the spec (§7 "Social and presence"). A friends list without `limit` and
 * `cursor` is answered in full (the published document's unpaged form); followers and followings are always paged.
 *
 * @module
 */
import * as HttpApi from "effect/http-api/HttpApi"
import * as HttpApiEndpoint from "effect/http-api/HttpApiEndpoint"
import * as HttpApiGroup from "effect/http-api/HttpApiGroup"
import * as OpenApi from "effect/http-api/OpenApi"
import * as Schema from "effect/Schema"
import { ApiBadRequest, ApiTooManyRequests, CursorPage, Id, lenientEnum, SortOrder } from "./common.ts"
import { PresenceType } from "./presence.ts"

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

/** The friends service as an API of its own. */
export class FriendsApi extends HttpApi.make("friends").add(FriendsGroup).annotateMerge(
  OpenApi.annotations({ title: "Friends", version: "v1" })
) {}
