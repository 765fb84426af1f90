/**
 * Friends: a user's friends, followers and followings, and the signed-in user's friend requests, one cursor page at
 * a time, each user with `profileUrl` (`/users/{id}/profile`) and presence merged in (SOC-2 to SOC-9).
 *
 * - Lists come from the friends service as its published document has them, through a BatchProcessor with the
 *   friend list batch size of 1 (SOC-9: the same page asked twice at once is one request; for {@link FriendsShape.page},
 *   failures with no answer, 5xx or 429 are retried `retries` times, 2 unless set, each after `cooldownMs`, 1000 ms
 *   unless set: {@link FriendsOptions}):
 *   - friends: the paged `GET /v1/users/{userId}/friends/find` (`cursor`, `limit`, `userSort`: Alphabetical,
 *     StatusAlphabetical, StatusFrequents), whose items are only ids and badges; their names come from one
 *     `POST /v1/users` for the page (a failed name lookup is logged and the page keeps its ids and badges);
 *   - followers and followings: `GET /v1/users/{userId}/followers|followings` (`cursor`, `limit` 10/18/25/50/100,
 *     `sortOrder`);
 *   - friend requests: `GET /v1/my/friends/requests` (`cursor`, `limit`).
 * - Presence comes from PresenceLookup (batched, 100 ids per request) for signed-in users only: guests get friends
 *   without presence.
 * - Two ways to ask, by what the caller does with a failure:
 *   - {@link FriendsShape.page}, the spec's form, for callers that want a list whatever happens: a failed presence
 *     load is logged and the friends come back without presence; a failed friends load (after its retries) is
 *     logged and gives an empty page. It never fails.
 *   - {@link FriendsShape.fetchPage}, for UI code (a query): one attempt, no retry (a query decides whether to
 *     retry), failing with the list's typed error (`PlatformCallError`: a `ResponseError` keeps its status and
 *     codes). A failed presence load still gives the friends without presence (logged); ask
 *     `PresenceLookup.fetch` for presence with its typed error. It neither reads nor writes FriendListCache: under
 *     a query, the query's cache is the one cache, and a refetch reaches the service.
 * - Pages of a signed-in user read by `page` are kept in FriendListCache per user, fresh for `CacheExpiry` (30 s
 *   unless set); presence is always loaded fresh. {@link FriendsShape.clearCache} removes the user's lists: call it
 *   on logout.
 * - Friend requests need a signed-in user; a guest gets an empty page without a request.
 *
 * @module
 */
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Option from "effect/Option"
import { platformBatchPresets } from "../batchPresets.ts"
import { fixedCooldown } from "../../core/batch/BatchDefaults.ts"
import * as BatchProcessor from "../../core/batch/BatchProcessor.ts"
import { describeError } from "../../core/browser/errorSummary.ts"
import { CacheExpiry } from "../../core/cache/Cache.ts"
import { PlatformConfig } from "../../core/config/PlatformConfig.ts"
import { RequiredError } from "../../core/http/errors.ts"
import type { FriendPage, FriendSort, FriendUser } from "../api/friends.ts"
import type { UserPresence } from "../api/presence.ts"
import type { SortOrder } from "../api/sharedSchemas.ts"
import type { PlatformCallError } from "../clients/errors.ts"
import { FriendsClient, UsersClient } from "../clients/PlatformClients.ts"
import { isTransientFailure } from "../../core/http/transientFailure.ts"
import { FriendListCache } from "./FriendListCache.ts"
import { type SocialListKind, profileUrl } from "./friendLists.ts"
import { fetchListPage } from "./listPage.ts"
import { PresenceLookup } from "./PresenceLookup.ts"

/**
 * Which page of a list. `userId` defaults to the signed-in user (and is ignored for requests); `userSort` orders the
 * friends list, `sortOrder` the followers and followings; a parameter the list does not take is not sent.
 */
export interface FriendsQuery {
  readonly userId?: number
  readonly cursor?: string
  readonly limit?: number
  readonly sortOrder?: SortOrder
  readonly userSort?: FriendSort
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

/** Options of {@link Friends.layerWith}: how `page` retries a failed list load (`fetchPage` never retries). */
export interface FriendsOptions {
  /** Retries after the first attempt of a list load that got no answer, a 5xx or a 429 (default 2: 3 attempts). */
  readonly retries?: number
  /** Milliseconds before each retry (default 1000). */
  readonly cooldownMs?: number
}

/** How `page` retries unless told otherwise: the platform batches' 2 retries, 1000 ms apart. */
export const defaultFriendsRetries = { retries: 2, cooldownMs: 1000 } as const

/** The shape of Friends. */
export interface FriendsShape {
  /** One page of a list, with presence merged in; never fails (see the module doc). */
  readonly page: (kind: SocialListKind, query?: FriendsQuery) => Effect.Effect<FriendsPage>
  /**
   * One page of a list, with presence merged in when it loads, for UI code: one attempt, failing with the list's
   * typed error; a list without a user id (no `userId`, no signed-in user) fails with a RequiredError of `userId`
   * (see the module doc).
   */
  readonly fetchPage: (kind: SocialListKind, query?: FriendsQuery) => Effect.Effect<FriendsPage, PlatformCallError>
  /** Remove the signed-in user's cached lists (call on logout). */
  readonly clearCache: Effect.Effect<void>
}

/** The empty page a failed or impossible load gives. */
export const emptyFriendsPage: FriendsPage = { data: [], previousPageCursor: null, nextPageCursor: null }

const listKey = (kind: SocialListKind, userId: number | undefined, query: FriendsQuery): string =>
  [kind, userId ?? "me", query.userSort ?? "", query.sortOrder ?? "", query.limit ?? "", query.cursor ?? ""].join(":")

/** A list load: the list, its user and query, and its cache key. */
interface ListRequest {
  readonly key: string
  readonly kind: SocialListKind
  readonly userId: number
  readonly query: FriendsQuery
}
/** The batch that loads lists (one at a time per key, retrying transient failures as `options` say). */
const listLoader = (
  options: FriendsOptions,
  fetchPage: (kind: SocialListKind, userId: number, query: FriendsQuery) => Effect.Effect<FriendPage, PlatformCallError>
) =>
  BatchProcessor.make<ListRequest, FriendPage, PlatformCallError>({
    ...platformBatchPresets.friendLists,
    // lists of different users or kinds load side by side (a browser's connections per host)
    concurrency: 6,
    maxRetries: options.retries ?? defaultFriendsRetries.retries,
    cooldown: fixedCooldown(options.cooldownMs ?? defaultFriendsRetries.cooldownMs),
    memoize: false,
    keyOf: (request) => request.key,
    isRetriable: isTransientFailure,
    process: ([request]) => Effect.map(fetchPage(request!.kind, request!.userId, request!.query), (page) => [page])
  })

/** `users` with presence from `lookup` (the retrying `lookup` for `page`, the one-attempt `fetch` for `fetchPage`). */
const withPresence = (
  signedIn: boolean,
  users: ReadonlyArray<FriendUser>,
  lookup: (ids: ReadonlyArray<number>) => Effect.Effect<ReadonlyMap<number, UserPresence>, unknown>
): Effect.Effect<ReadonlyArray<Friend>> => {
  const plain = users.map((user): Friend => ({ ...user, profileUrl: profileUrl(user.id) }))
  if (!signedIn || users.length === 0) return Effect.succeed(plain)
  return lookup(users.map((user) => user.id)).pipe(
    Effect.map((found) =>
      plain.map((friend) => {
        const p = found.get(friend.id)
        return p === undefined ? friend : { ...friend, presence: p }
      })
    ),
    Effect.catch((error) =>
      Effect.as(
        Effect.logWarning("Friends: loading presence failed; returning friends without presence", describeError(error)),
        plain
      )
    )
  )
}

const make = (options: FriendsOptions) =>
  Effect.gen(function* () {
    const config = yield* PlatformConfig
    const client = yield* FriendsClient
    const users = yield* UsersClient
    const presence = yield* PresenceLookup
    const cache = yield* FriendListCache
    const viewer = config.user
    const signedIn = viewer.authenticated && viewer.id !== undefined

    const fetchPage = (kind: SocialListKind, userId: number, query: FriendsQuery) =>
      fetchListPage(client, users, kind, userId, query)

    const lists = yield* listLoader(options, fetchPage)

    const load = (kind: SocialListKind, userId: number, query: FriendsQuery): Effect.Effect<FriendPage | undefined> => {
      const key = listKey(kind, userId, query)
      const fetched = lists
        .get({ key, kind, userId, query })
        .pipe(
          Effect.catch((failure) =>
            Effect.as(
              Effect.logWarning(
                `Friends: loading ${kind} of user ${userId} failed; returning an empty list`,
                describeError(failure.cause)
              ),
              undefined
            )
          )
        )
      if (!signedIn) return fetched
      return Effect.gen(function* () {
        const expiryMs = yield* CacheExpiry
        const cached = yield* cache.get(viewer.id!, key, expiryMs)
        if (Option.isSome(cached)) return cached.value
        const page = yield* fetched
        if (page !== undefined) yield* cache.set(viewer.id!, key, page)
        return page
      })
    }

    /** The user whose `kind` list is asked for: the signed-in user's for requests, else the query's or the viewer's. */
    const userOf = (kind: SocialListKind, query: FriendsQuery) =>
      kind === "requests" ? viewer.id : (query.userId ?? viewer.id)

    const withPresenceOf = (loaded: FriendPage, once = false): Effect.Effect<FriendsPage> =>
      Effect.map(withPresence(signedIn, loaded.data, once ? presence.fetch : presence.lookup), (data) => ({
        data,
        previousPageCursor: loaded.previousPageCursor ?? null,
        nextPageCursor: loaded.nextPageCursor ?? null
      }))

    const page = (kind: SocialListKind, query: FriendsQuery = {}): Effect.Effect<FriendsPage> =>
      Effect.gen(function* () {
        if (kind === "requests" && !signedIn) return emptyFriendsPage
        const userId = userOf(kind, query)
        if (userId === undefined) {
          yield* Effect.logWarning(`Friends: no user id for the ${kind} list; returning an empty list`)
          return emptyFriendsPage
        }
        const loaded = yield* load(kind, userId, query)
        return loaded === undefined ? emptyFriendsPage : yield* withPresenceOf(loaded)
      })

    const fetchOnce = (
      kind: SocialListKind,
      query: FriendsQuery = {}
    ): Effect.Effect<FriendsPage, PlatformCallError> => {
      if (kind === "requests" && !signedIn) return Effect.succeed(emptyFriendsPage)
      const userId = userOf(kind, query)
      if (userId === undefined)
        return Effect.fail(new RequiredError({ field: "userId", operation: `Friends.fetchPage(${kind})` }))
      return Effect.flatMap(fetchPage(kind, userId, query), (loaded) => withPresenceOf(loaded, true))
    }

    return Friends.of({
      page,
      fetchPage: fetchOnce,
      clearCache: signedIn ? cache.clear(viewer.id!) : Effect.void
    })
  })

/** Friend lists with presence; see the module doc. */
export class Friends extends Context.Service<Friends, FriendsShape>()("platform-web-client/platform/social/Friends") {
  /** {@link Friends.layer} with `options`: how `page` retries a failed list load. */
  static layerWith(
    options: FriendsOptions
  ): Layer.Layer<Friends, never, PlatformConfig | FriendsClient | UsersClient | PresenceLookup | FriendListCache> {
    return Layer.effect(Friends, make(options))
  }

  /**
   * Friends over the FriendsClient (and the UsersClient for the names of a friends page), PresenceLookup and
   * FriendListCache; `page` retries as {@link defaultFriendsRetries}.
   */
  static readonly layer: Layer.Layer<
    Friends,
    never,
    PlatformConfig | FriendsClient | UsersClient | PresenceLookup | FriendListCache
  > = Friends.layerWith({})
}
