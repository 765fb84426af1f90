/**
 * Friends: a user's friends, followers and followings, and the signed-in user's friend requests, one cursor page at
 * a time, each user with `profileUrl` (`/users/{id}/profile`) and presence merged in (spec §3, §5, §6, §8, §9).
 *
 * - Lists come from the friends service (`GET /v1/users/{userId}/friends|followers|followings`,
 *   `GET /v1/my/friends/requests`) with `cursor`, `limit`, `sortOrder`, `userSort` (Alphabetical, StatusAlphabetical,
 *   StatusFrequents) and `fetchMutualFriends`, through a BatchProcessor with the §9 friend list batch size of 1:
 *   the same page asked twice at once is one request; failures with no answer, 5xx or 429 are retried twice after
 *   the batch cooldown.
 * - Presence comes from PresenceLookup (batched, 100 ids per request) for signed-in users only: guests get friends
 *   without presence.
 * - A failed presence load is logged and the friends come back without presence. A failed friends load is logged
 *   and gives an empty page. So {@link FriendsShape.page} never fails.
 * - Pages of a signed-in user are kept in FriendListCache per user, fresh for `CacheExpiry` (30 s unless set);
 *   presence is always loaded fresh. {@link FriendsShape.clearCache} removes the user's lists: call it on logout.
 * - Friend requests need a signed-in user; a guest gets an empty page without a request.
 *
 * @module
 */
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Option from "effect/Option"
import { platformBatchPresets } from "../batchPresets.ts"
import * as BatchProcessor from "../../core/batch/BatchProcessor.ts"
import { CacheExpiry } from "../../core/cache/Cache.ts"
import { PlatformConfig } from "../../core/config/PlatformConfig.ts"
import type { SortOrder } from "../api/sharedSchemas.ts"
import type { FriendPage, FriendSort, FriendUser } from "../api/friends.ts"
import type { UserPresence } from "../api/presence.ts"
import type { PlatformCallError } from "../clients/errors.ts"
import { FriendsClient } from "../clients/PlatformClients.ts"
import { isTransient } from "../clients/transient.ts"
import { FriendListCache } from "./FriendListCache.ts"
import { type SocialListKind, profileUrl } from "./friendLists.ts"
import { PresenceLookup } from "./PresenceLookup.ts"

/** Which page of a list. `userId` defaults to the signed-in user (and is ignored for requests). */
export interface FriendsQuery {
  readonly userId?: number
  readonly cursor?: string
  readonly limit?: number
  readonly sortOrder?: SortOrder
  readonly userSort?: FriendSort
  readonly fetchMutualFriends?: boolean
}

/** A user of a friend list with its profile URL and, when known, its presence. */
export type Friend = FriendUser & {
  readonly profileUrl: string
  readonly presence?: UserPresence
}

/** A page of a friend list. */
export interface FriendsPage {
  readonly data: ReadonlyArray<Friend>
  readonly previousPageCursor: string | null
  readonly nextPageCursor: string | null
}

/** The shape of Friends. */
export interface FriendsShape {
  /** One page of a list, with presence merged in; never fails (see the module doc). */
  readonly page: (kind: SocialListKind, query?: FriendsQuery) => Effect.Effect<FriendsPage>
  /** Remove the signed-in user's cached lists (call on logout). */
  readonly clearCache: Effect.Effect<void>
}

/** The empty page a failed or impossible load gives. */
export const emptyFriendsPage: FriendsPage = { data: [], previousPageCursor: null, nextPageCursor: null }

const listKey = (kind: SocialListKind, userId: number | undefined, query: FriendsQuery): string =>
  [kind, userId ?? "me", query.userSort ?? "", query.sortOrder ?? "", query.limit ?? "", query.cursor ?? "", query.fetchMutualFriends ?? ""]
    .join(":")

const make = Effect.gen(function*() {
  const config = yield* PlatformConfig
  const client = yield* FriendsClient
  const presence = yield* PresenceLookup
  const cache = yield* FriendListCache
  const viewer = config.user
  const signedIn = viewer.authenticated && viewer.id !== undefined

  const fetchPage = (kind: SocialListKind, userId: number, query: FriendsQuery): Effect.Effect<FriendPage, PlatformCallError> => {
    const q = {
      ...(query.cursor === undefined ? {} : { cursor: query.cursor }),
      ...(query.limit === undefined ? {} : { limit: query.limit }),
      ...(query.sortOrder === undefined ? {} : { sortOrder: query.sortOrder }),
      ...(query.userSort === undefined ? {} : { userSort: query.userSort }),
      ...(query.fetchMutualFriends === undefined ? {} : { fetchMutualFriends: query.fetchMutualFriends })
    }
    switch (kind) {
      case "friends":
        return client.friends.getFriends({ params: { userId }, query: q })
      case "followers":
        return client.friends.getFollowers({ params: { userId }, query: q })
      case "followings":
        return client.friends.getFollowings({ params: { userId }, query: q })
      case "requests":
        return client.friendRequests.getFriendRequests({ query: q })
    }
  }

  interface ListRequest {
    readonly key: string
    readonly kind: SocialListKind
    readonly userId: number
    readonly query: FriendsQuery
  }
  const lists = yield* BatchProcessor.make<ListRequest, FriendPage, PlatformCallError>({
    ...platformBatchPresets.friendLists,
    // lists of different users or kinds load side by side (a browser's connections per host)
    concurrency: 6,
    memoize: false,
    keyOf: (request) => request.key,
    isRetriable: isTransient,
    process: ([request]) => Effect.map(fetchPage(request!.kind, request!.userId, request!.query), (page) => [page])
  })

  const load = (kind: SocialListKind, userId: number, query: FriendsQuery): Effect.Effect<FriendPage | undefined> => {
    const key = listKey(kind, userId, query)
    const fetched = lists.get({ key, kind, userId, query }).pipe(
      Effect.catch((failure) =>
        Effect.as(
          Effect.logWarning(`Friends: loading ${kind} of user ${userId} failed; returning an empty list`, failure.cause),
          undefined
        )
      )
    )
    if (!signedIn) return fetched
    return Effect.gen(function*() {
      const expiryMs = yield* CacheExpiry
      const cached = yield* cache.get(viewer.id!, key, expiryMs)
      if (Option.isSome(cached)) return cached.value
      const page = yield* fetched
      if (page !== undefined) yield* cache.set(viewer.id!, key, page)
      return page
    })
  }

  const withPresence = (users: ReadonlyArray<FriendUser>): Effect.Effect<ReadonlyArray<Friend>> => {
    const plain = users.map((user): Friend => ({ ...user, profileUrl: profileUrl(user.id) }))
    if (!signedIn || users.length === 0) return Effect.succeed(plain)
    return presence.lookup(users.map((user) => user.id)).pipe(
      Effect.map((found) =>
        plain.map((friend) => {
          const p = found.get(friend.id)
          return p === undefined ? friend : { ...friend, presence: p }
        })
      ),
      Effect.catch((error) =>
        Effect.as(Effect.logWarning("Friends: loading presence failed; returning friends without presence", error), plain)
      )
    )
  }

  const page = (kind: SocialListKind, query: FriendsQuery = {}): Effect.Effect<FriendsPage> =>
    Effect.gen(function*() {
      if (kind === "requests" && !signedIn) return emptyFriendsPage
      const userId = kind === "requests" ? viewer.id : query.userId ?? viewer.id
      if (userId === undefined) {
        yield* Effect.logWarning(`Friends: no user id for the ${kind} list; returning an empty list`)
        return emptyFriendsPage
      }
      const loaded = yield* load(kind, userId, query)
      if (loaded === undefined) return emptyFriendsPage
      return {
        data: yield* withPresence(loaded.data),
        previousPageCursor: loaded.previousPageCursor ?? null,
        nextPageCursor: loaded.nextPageCursor ?? null
      }
    })

  return Friends.of({
    page,
    clearCache: signedIn ? cache.clear(viewer.id!) : Effect.void
  })
})

/** Friend lists with presence; see the module doc. */
export class Friends extends Context.Service<Friends, FriendsShape>()("platform-web-client/platform/social/Friends") {
  /** Friends over the FriendsClient, PresenceLookup and FriendListCache. */
  static readonly layer: Layer.Layer<Friends, never, PlatformConfig | FriendsClient | PresenceLookup | FriendListCache> =
    Layer.effect(Friends, make)
}
