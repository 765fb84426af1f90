/**
 * The friends service: friends, followers and followings of a user, sorted and cursor-paged, and the signed-in
 * user's friend requests.
 *
 * - Unknown user: 400 code 1 "The target user is invalid or does not exist."
 * - A cursor that is not one of this list, or a `limit` out of range: 400 code 6 "Invalid parameters."
 * - `GET …/friends` answers the whole list (`{ data }`); `GET …/friends/find` pages it (limit 1–100, default 50) in
 *   the published PascalCase shape (`PageItems` of `{ id, hasVerifiedBadge }`, `NextCursor`, `PreviousCursor`,
 *   `HasMore`); followers and followings page by 10 unless `limit` (10/18/25/50/100) says otherwise.
 * - Sorts: `Alphabetical` (by name), `StatusAlphabetical` (in game, in Studio, online, offline, then by name),
 *   `StatusFrequents` (by status, then by how often the user plays with them: a fixed per-pair rank). Friends default
 *   to `StatusFrequents`, followers and followings to id order; `sortOrder=Desc` reverses those.
 * - Follow and unfollow (`POST /v1/users/{targetUserId}/follow|unfollow`) as the signed-in user (guests get 401):
 *   unknown target 400 code 1, the user itself 400 code 8 "The user cannot follow itself."; they change this
 *   instance's follow graph (EmulatorState.follows), which the followers and followings lists show. Follow answers
 *   `{ success: true, isCaptchaRequired: false }` (the challenge gate, src/emulator/challenge, holds it first),
 *   unfollow `{}`.
 * - Friend requests: the users following the signed-in user who are not friends (the world has no request list of
 *   its own), newest id first whatever `friendRequestSort` says, paged by cursor; limit 1–100 (default 10, else 400
 *   code 6); guests get 401.
 * - Presence in the lists is as others see it: a user in invisible mode (presence.ts) is offline.
 *
 * @module
 */
import { Effect, Layer } from "effect"
import { HttpApiBuilder } from "effect/http-api"
import type { FriendSort, FriendUser } from "../../platform/api/friends.ts"
import { FriendsApi } from "../../platform/api/friends.ts"
import type { SortOrder } from "../../platform/api/sharedSchemas.ts"
import { toHttpApi } from "../../platform/api/httpApi.ts"
import { EmulatorState } from "../EmulatorState.ts"
import { inInvisibleMode } from "./presence.ts"
import { deriveSeed } from "../world/random.ts"
import type { World, WorldPresenceType } from "../world/World.ts"
import { badRequest, decodeCursor, encodeCursor, requireUserId } from "./support.ts"

/** The friends API as served, under `/friends`. */
export const ServedFriendsApi = toHttpApi(FriendsApi).prefix("/friends")

const statusRank: Record<WorldPresenceType, number> = { InGame: 0, InStudio: 1, Online: 2, Offline: 3 }

interface ListQuery {
  readonly cursor?: string | undefined
  readonly limit?: number | undefined
}

/** One page of `ids` from an opaque cursor of the list `listKey`, or undefined for a cursor of another list. */
const slice = (listKey: string, ids: ReadonlyArray<number>, query: ListQuery, defaultLimit: number) => {
  const limit = query.limit ?? defaultLimit
  const offset = query.cursor === undefined || query.cursor === "" ? 0 : decodeCursor(listKey, query.cursor)
  if (offset === undefined) return undefined
  return {
    ids: ids.slice(offset, offset + limit),
    previous: offset > 0 ? encodeCursor(listKey, Math.max(0, offset - limit)) : null,
    next: offset + limit < ids.length ? encodeCursor(listKey, offset + limit) : null
  }
}

const sortIds = (
  world: World,
  ownerId: number,
  ids: ReadonlyArray<number>,
  sort: FriendSort | undefined
): Array<number> => {
  const name = (id: number) => world.users.get(id)!.name.toLowerCase()
  const status = (id: number) => statusRank[seenPresenceType(world, id)]
  const frequency = (id: number) => deriveSeed(Math.min(ownerId, id) * 100_003 + Math.max(ownerId, id), "frequents")
  const byName = (a: number, b: number) => (name(a) < name(b) ? -1 : name(a) > name(b) ? 1 : a - b)
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

/** A user's presence type as another user sees it: a user in invisible mode is offline to everyone else. */
const seenPresenceType = (world: World, id: number) => {
  const presence = world.presence.get(id)
  return presence === undefined || inInvisibleMode(presence) ? "Offline" : presence.type
}

const toFriendUser = (world: World, id: number): FriendUser => {
  const user = world.users.get(id)!
  const presenceType = seenPresenceType(world, id)
  return {
    id: user.id,
    name: user.name,
    displayName: user.displayName,
    hasVerifiedBadge: user.hasVerifiedBadge,
    isOnline: presenceType !== "Offline",
    presenceType,
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
  Effect.fn(function* (handlers) {
    const { world, follows } = yield* EmulatorState
    const knownUser = (userId: number) =>
      world.users.has(userId)
        ? Effect.void
        : badRequest(1, "The target user is invalid or does not exist.", "unknown user")
    const invalid = (why: string) => badRequest(6, "Invalid parameters.", why)
    const friendIds = (userId: number, sort: FriendSort | undefined) =>
      sortIds(world, userId, world.friends.get(userId) ?? [], sort ?? "StatusFrequents")
    const followTarget = (targetUserId: number) =>
      Effect.gen(function* () {
        const userId = yield* requireUserId
        yield* knownUser(targetUserId)
        if (targetUserId === userId) return yield* badRequest(8, "The user cannot follow itself.", "follows itself")
        return userId
      })
    const followList =
      (kind: "followers" | "followings") =>
      ({
        params,
        query
      }: {
        readonly params: { readonly targetUserId: number }
        readonly query: ListQuery & { readonly sortOrder?: SortOrder | undefined }
      }) =>
        Effect.gen(function* () {
          yield* knownUser(params.targetUserId)
          const source = kind === "followers" ? follows.followersOf : follows.followingsOf
          let ids = [...source(params.targetUserId)]
          if (query.sortOrder === "Desc") ids = ids.reverse()
          const page = slice(`${kind}:${params.targetUserId}`, ids, query, 10)
          if (page === undefined) return yield* invalid("invalid cursor")
          return {
            data: page.ids.map((id) => toFriendUser(world, id)),
            previousPageCursor: page.previous,
            nextPageCursor: page.next
          }
        })
    return handlers.handleAll({
      getFriends: ({ params, query }) =>
        Effect.map(knownUser(params.userId), () => ({
          data: friendIds(params.userId, query.userSort).map((id) => toFriendUser(world, id))
        })),
      findFriends: ({ params, query }) =>
        Effect.gen(function* () {
          yield* knownUser(params.userId)
          if (query.limit !== undefined && query.limit > 100) return yield* invalid(`limit ${query.limit} out of range`)
          const page = slice(`friends:${params.userId}`, friendIds(params.userId, query.userSort), query, 50)
          if (page === undefined) return yield* invalid("invalid cursor")
          return {
            PageItems: page.ids.map((id) => ({ id, hasVerifiedBadge: world.users.get(id)!.hasVerifiedBadge })),
            NextCursor: page.next,
            PreviousCursor: page.previous,
            HasMore: page.next !== null
          }
        }),
      getFollowers: followList("followers"),
      getFollowings: followList("followings"),
      followUser: ({ params }) =>
        Effect.map(followTarget(params.targetUserId), (userId) => {
          follows.follow(userId, params.targetUserId)
          return { success: true, isCaptchaRequired: false }
        }),
      unfollowUser: ({ params }) =>
        Effect.map(followTarget(params.targetUserId), (userId) => {
          follows.unfollow(userId, params.targetUserId)
          return {}
        })
    })
  })
)

const FriendRequestsHandlers = HttpApiBuilder.group(
  ServedFriendsApi,
  "friendRequests",
  Effect.fn(function* (handlers) {
    const { world } = yield* EmulatorState
    return handlers.handleAll({
      getFriendRequests: ({ query }) =>
        Effect.gen(function* () {
          const userId = yield* requireUserId
          if (query.limit !== undefined && query.limit > 100) {
            return yield* badRequest(6, "Invalid parameters.", `limit ${query.limit} out of range`)
          }
          const page = slice(`requests:${userId}`, friendRequestsOf(world, userId), query, 10)
          if (page === undefined) return yield* badRequest(6, "Invalid parameters.", "invalid cursor")
          return {
            data: page.ids.map((id) => {
              const user = world.users.get(id)!
              return {
                id,
                name: user.name,
                displayName: user.displayName,
                hasVerifiedBadge: user.hasVerifiedBadge,
                isBanned: user.isBanned,
                description: user.description,
                created: user.created,
                friendRequest: {
                  senderId: id,
                  sentAt: user.created,
                  sourceUniverseId: null,
                  originSourceType: "UserProfile"
                },
                mutualFriendsList: []
              }
            }),
            previousPageCursor: page.previous,
            nextPageCursor: page.next
          }
        })
    })
  })
)

/** Handlers of every group of the friends service. */
export const FriendsServiceHandlers = Layer.mergeAll(FriendsHandlers, FriendRequestsHandlers)
