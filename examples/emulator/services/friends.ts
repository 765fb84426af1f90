/**
 * The friends service: friends, followers and followings of a user, sorted and cursor-paged, and the signed-in
 * user's friend requests.
 *
 * - Unknown user: 400 code 1 "The target user is invalid or does not exist."
 * - `limit` outside 1–100, or a cursor that is not one of this list: 400 code 6 "Invalid parameters."
 * - Friends without `limit` and `cursor` come in full (both cursors null); followers and followings page by 10
 *   unless `limit` says otherwise.
 * - Sorts: `Alphabetical` (by name), `StatusAlphabetical` (in game, in Studio, online, offline, then by name),
 *   `StatusFrequents` (by status, then by how often the user plays with them: a fixed per-pair rank). Friends default
 *   to `StatusFrequents`, followers and followings to id order. `sortOrder=Desc` reverses.
 * - Friend requests: the users following the signed-in user who are not friends (the world has no request list of
 *   its own), newest id first, paged by cursor; limit 1–100 (default 10, else 400 code 6); guests get 401.
 *
 * @module
 */
import { Effect, Layer } from "effect"
import { HttpApiBuilder } from "effect/http-api"
import type { FriendListKind, FriendSort, FriendUser } from "../../../src/platform/api/friends.ts"
import { FriendsApi } from "../../../src/platform/api/friends.ts"
import type { SortOrder } from "../../../src/platform/api/sharedSchemas.ts"
import { EmulatorState } from "../EmulatorState.ts"
import { deriveSeed } from "../world/random.ts"
import type { World, WorldPresenceType } from "../world/World.ts"
import { badRequest, decodeCursor, encodeCursor, requireUserId } from "./support.ts"

/** The friends API as served, under `/friends`. */
export const ServedFriendsApi = FriendsApi.prefix("/friends")

const statusRank: Record<WorldPresenceType, number> = { InGame: 0, InStudio: 1, Online: 2, Offline: 3 }

interface ListQuery {
  readonly cursor?: string | undefined
  readonly sortOrder?: SortOrder | undefined
  readonly userSort?: FriendSort | undefined
  readonly limit?: number | undefined
}

const sortIds = (
  world: World,
  ownerId: number,
  ids: ReadonlyArray<number>,
  sort: FriendSort | undefined
): Array<number> => {
  const name = (id: number) => world.users.get(id)!.name.toLowerCase()
  const status = (id: number) => statusRank[world.presence.get(id)?.type ?? "Offline"]
  const frequency = (id: number) => deriveSeed(Math.min(ownerId, id) * 100_003 + Math.max(ownerId, id), "frequents")
  const byName = (a: number, b: number) => name(a) < name(b) ? -1 : name(a) > name(b) ? 1 : a - b
  const sorted = [...ids]
  switch (sort) {
    case undefined:
      return sorted
    case "Alphabetical":
      return sorted.sort(byName)
    case "StatusAlphabetical":
      return sorted.sort((a, b) => status(a) - status(b) || byName(a, b))
    case "StatusFrequents":
      return sorted.sort((a, b) => status(a) - status(b) || frequency(a) - frequency(b) || a - b)
  }
}

const toFriendUser = (world: World, id: number): FriendUser => {
  const user = world.users.get(id)!
  const presence = world.presence.get(id)
  return {
    id: user.id,
    name: user.name,
    displayName: user.displayName,
    hasVerifiedBadge: user.hasVerifiedBadge,
    isOnline: presence !== undefined && presence.type !== "Offline",
    presenceType: presence?.type ?? "Offline",
    isBanned: user.isBanned,
    isDeleted: false,
    description: user.description,
    created: user.created
  }
}

/** The friend requests of a user: followers who are not friends, newest id first. */
export const friendRequestsOf = (world: World, userId: number): ReadonlyArray<number> => {
  const friends = new Set(world.friends.get(userId) ?? [])
  return (world.followers.get(userId) ?? []).filter((id) => !friends.has(id)).sort((a, b) => b - a)
}

const FriendsHandlers = HttpApiBuilder.group(
  ServedFriendsApi,
  "friends",
  Effect.fn(function*(handlers) {
    const { world } = yield* EmulatorState
    const list = (kind: FriendListKind) => ({ params, query }: { readonly params: { readonly userId: number }; readonly query: ListQuery }) =>
      Effect.gen(function*() {
        if (!world.users.has(params.userId)) {
          return yield* badRequest(1, "The target user is invalid or does not exist.", "unknown user")
        }
        if (query.limit !== undefined && (query.limit < 1 || query.limit > 100)) {
          return yield* badRequest(6, "Invalid parameters.", `limit ${query.limit} out of range`)
        }
        const source = kind === "friends" ? world.friends : kind === "followers" ? world.followers : world.followings
        const defaultSort: FriendSort | undefined = kind === "friends" ? "StatusFrequents" : undefined
        let ids = sortIds(world, params.userId, source.get(params.userId) ?? [], query.userSort ?? defaultSort)
        if (query.sortOrder === "Desc") ids = ids.reverse()
        const listKey = `${kind}:${params.userId}`
        if (kind === "friends" && query.limit === undefined && query.cursor === undefined) {
          return { data: ids.map((id) => toFriendUser(world, id)), previousPageCursor: null, nextPageCursor: null }
        }
        const limit = query.limit ?? (kind === "friends" ? 50 : 10)
        const offset = query.cursor === undefined || query.cursor === "" ? 0 : decodeCursor(listKey, query.cursor)
        if (offset === undefined) return yield* badRequest(6, "Invalid parameters.", "invalid cursor")
        const page = ids.slice(offset, offset + limit)
        return {
          data: page.map((id) => toFriendUser(world, id)),
          previousPageCursor: offset > 0 ? encodeCursor(listKey, Math.max(0, offset - limit)) : null,
          nextPageCursor: offset + limit < ids.length ? encodeCursor(listKey, offset + limit) : null
        }
      })
    return handlers.handleAll({
      getFriends: list("friends"),
      getFollowers: list("followers"),
      getFollowings: list("followings")
    })
  })
)

const FriendRequestsHandlers = HttpApiBuilder.group(
  ServedFriendsApi,
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

/** Handlers of every group of the friends service. */
export const FriendsServiceHandlers = Layer.mergeAll(FriendsHandlers, FriendRequestsHandlers)
