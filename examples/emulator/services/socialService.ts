/**
 * The rest of the friends and presence services: the signed-in user's friend requests and the GET reading of the
 * presence lookup.
 *
 * - Friend requests: the users following the signed-in user who are not friends (the world has no request list of
 *   its own), newest id first, paged by cursor; limit 1–100 (default 10, else 400 code 6); guests get 401.
 * - `GET /v1/presence/users?userIds=…`: the same answer as the POST; at most 100 ids (400 code 1).
 *
 * @module
 */
import { Effect, Layer } from "effect"
import { HttpApiBuilder } from "effect/http-api"
import { FriendsServiceApi, PresenceServiceApi } from "../../../src/platform/api/registry.ts"
import { EmulatorState } from "../EmulatorState.ts"
import type { World } from "../world/World.ts"
import { FriendsHandlers } from "./friends.ts"
import { PresenceHandlers, presencesOf } from "./presence.ts"
import { requireUserId } from "./replies.ts"
import { badRequest, decodeCursor, encodeCursor } from "./support.ts"

/** The whole friends service as served, under `/friends`. */
export const ServedFriendsServiceApi = FriendsServiceApi.prefix("/friends")

/** The whole presence service as served, under `/presence`. */
export const ServedPresenceServiceApi = PresenceServiceApi.prefix("/presence")

/** The friend requests of a user: followers who are not friends, newest id first. */
export const friendRequestsOf = (world: World, userId: number): ReadonlyArray<number> => {
  const friends = new Set(world.friends.get(userId) ?? [])
  return (world.followers.get(userId) ?? []).filter((id) => !friends.has(id)).sort((a, b) => b - a)
}

const FriendRequestsHandlers = HttpApiBuilder.group(
  ServedFriendsServiceApi,
  "friendRequests",
  Effect.fn(function*(handlers) {
    const { world } = yield* EmulatorState
    return handlers.handleAll({
      getFriendRequests: ({ query }) =>
        Effect.gen(function*() {
          const userId = yield* requireUserId
          if (query.limit !== undefined && (query.limit < 1 || query.limit > 100)) {
            return yield* badRequest(6, "Invalid parameters.", `limit ${query.limit} out of range`)
          }
          const limit = query.limit ?? 10
          let ids = [...friendRequestsOf(world, userId)]
          if (query.sortOrder === "Asc") ids = ids.reverse()
          const list = `requests:${userId}`
          const offset = query.cursor === undefined || query.cursor === "" ? 0 : decodeCursor(list, query.cursor)
          if (offset === undefined) return yield* badRequest(6, "Invalid parameters.", "invalid cursor")
          return {
            data: ids.slice(offset, offset + limit).map((id) => {
              const user = world.users.get(id)!
              return {
                id,
                name: user.name,
                displayName: user.displayName,
                hasVerifiedBadge: user.hasVerifiedBadge,
                isBanned: user.isBanned,
                isDeleted: false,
                description: user.description,
                created: user.created,
                friendRequest: { senderId: id, sentAt: user.created, sourceUniverseId: null, originSourceType: "UserProfile" },
                mutualFriendsList: []
              }
            }),
            previousPageCursor: offset > 0 ? encodeCursor(list, Math.max(0, offset - limit)) : null,
            nextPageCursor: offset + limit < ids.length ? encodeCursor(list, offset + limit) : null
          }
        })
    })
  })
)

const PresenceQueryHandlers = HttpApiBuilder.group(
  ServedPresenceServiceApi,
  "presenceQuery",
  Effect.fn(function*(handlers) {
    const { world } = yield* EmulatorState
    return handlers.handleAll({
      queryPresences: ({ query }) => presencesOf(world, query.userIds)
    })
  })
)

/** Handlers of every group of the friends service. */
export const FriendsServiceHandlers = Layer.mergeAll(FriendsHandlers, FriendRequestsHandlers)

/** Handlers of every group of the presence service. */
export const PresenceServiceHandlers = Layer.mergeAll(PresenceHandlers, PresenceQueryHandlers)
