/**
 * One page of a social list read from the friends service: the query's values each endpoint takes, and the names of
 * a friends page's users looked up in one call.
 *
 * @module
 */
import * as Effect from "effect/Effect"
import { describeError } from "../../core/browser/errorSummary.ts"
import type { followPageSizes, FriendPage, FriendUser } from "../api/friends.ts"
import type { LookupUser } from "../api/users.ts"
import type { PlatformCallError } from "../clients/errors.ts"
import type { FriendsClient, UsersClient } from "../clients/PlatformClients.ts"
import type { FriendsQuery } from "./Friends.ts"
import type { SocialListKind } from "./friendLists.ts"

type FollowPageSize = (typeof followPageSizes)[number]

/** The query's values of `keys` that are set. */
const only = <K extends keyof FriendsQuery>(query: FriendsQuery, keys: ReadonlyArray<K>) =>
  Object.fromEntries(keys.flatMap((key) => (query[key] === undefined ? [] : [[key, query[key]]]))) as Pick<
    FriendsQuery,
    K
  >

/** A page of friends with names: the paged list's ids and badges, then one lookup of the page's users. */
const friendsPage = (
  client: FriendsClient["Service"],
  users: UsersClient["Service"],
  userId: number,
  query: FriendsQuery
): Effect.Effect<FriendPage, PlatformCallError> =>
  Effect.gen(function* () {
    const found = yield* client.friends.findFriends({
      params: { userId },
      query: only(query, ["cursor", "limit", "userSort"])
    })
    const ids = found.PageItems.map((friend) => friend.id)
    const named =
      ids.length === 0
        ? new Map<number, LookupUser>()
        : yield* users.users.lookupUsers({ payload: { userIds: ids } }).pipe(
            Effect.map((answer) => new Map(answer.data.map((user) => [user.id, user]))),
            Effect.catch((error) =>
              Effect.as(
                Effect.logWarning(
                  "Friends: loading the names of a friends page failed; returning ids only",
                  describeError(error)
                ),
                new Map()
              )
            )
          )
    return {
      data: found.PageItems.map((friend): FriendUser => {
        const user = named.get(friend.id)
        return user === undefined ? friend : { ...friend, name: user.name, displayName: user.displayName }
      }),
      previousPageCursor: found.PreviousCursor ?? null,
      nextPageCursor: found.NextCursor ?? null
    }
  })

/** One page of a list as the service answers it (a friends page with names), one attempt. */
export const fetchListPage = (
  client: FriendsClient["Service"],
  users: UsersClient["Service"],
  kind: SocialListKind,
  userId: number,
  query: FriendsQuery
): Effect.Effect<FriendPage, PlatformCallError> => {
  switch (kind) {
    case "friends":
      return friendsPage(client, users, userId, query)
    case "followers":
    case "followings": {
      const limit = query.limit as FollowPageSize | undefined
      const q = { ...only(query, ["cursor", "sortOrder"]), ...(limit === undefined ? {} : { limit }) }
      return kind === "followers"
        ? client.friends.getFollowers({ params: { targetUserId: userId }, query: q })
        : client.friends.getFollowings({ params: { targetUserId: userId }, query: q })
    }
    case "requests":
      return client.friendRequests.getFriendRequests({ query: only(query, ["cursor", "limit"]) })
  }
}
