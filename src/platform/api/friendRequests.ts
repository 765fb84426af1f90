/**
 * The signed-in user's friend requests on the friends service (spec §7 "Social and presence"): `GET
 * /v1/my/friends/requests`, cursor-paged, with the same query parameters as the friends lists.
 *
 * @module
 */
import * as HttpApiEndpoint from "effect/http-api/HttpApiEndpoint"
import * as HttpApiGroup from "effect/http-api/HttpApiGroup"
import * as Schema from "effect/Schema"
import { ApiBadRequest, ApiTooManyRequests, ApiUnauthorized, CursorPage } from "./common.ts"
import { FriendListQuery, FriendUser } from "./friends.ts"

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

/** The friend requests endpoint. */
export class FriendRequestsGroup extends HttpApiGroup.make("friendRequests").add(
  HttpApiEndpoint.get("getFriendRequests", "/v1/my/friends/requests", {
    query: FriendListQuery,
    success: FriendRequestPage,
    error: [ApiBadRequest, ApiUnauthorized, ApiTooManyRequests]
  })
) {}
