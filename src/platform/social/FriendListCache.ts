/**
 * FriendListCache: friend list pages kept in the KeyValueStore per signed-in user, each with the time it was stored
 * (SOC-8: each user's lists in local storage with their time stamp, removed on logout).
 *
 * All lists of one user live under one key, `platform-web-client/friendLists/{userId}`, as JSON
 * `{ [listKey]: { data, timeStamp } }`, so {@link FriendListCacheShape.clear} removes them at once; call it when the
 * user logs out. Presence is never cached. Reads and writes never fail: unreadable, corrupt or foreign values are
 * misses, refused writes are logged and dropped.
 *
 * Bounded: every write drops the lists older than the cache's expiry (`CacheExpiry`) and keeps the
 * {@link maxCachedLists} most recent, so a list scrolled for hours (a page per cursor) does not make the stored value,
 * which every read and write parses whole, grow without end.
 *
 * @module
 */
import * as Clock from "effect/Clock"
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Option from "effect/Option"
import * as Schema from "effect/Schema"
import { KeyValueStore } from "../../core/browser/KeyValueStore.ts"
import { CacheExpiry } from "../../core/cache/Cache.ts"
import { isFresh } from "../../core/cache/CachedItem.ts"
import { FriendPage } from "../api/friends.ts"

/**
 * The most lists kept per user: 50 pages covers every kind and sort of list a page shows, and the last pages of a
 * long scroll (a page of 50 friends is about 5 KB of JSON: 250 KB at most per user).
 */
export const maxCachedLists = 50

/** The lists of `lists` still fresh at `now`, the most recent {@link maxCachedLists} of them. */
const bounded = (lists: Stored, now: number, expiryMs: number): Stored =>
  Object.fromEntries(
    Object.entries(lists)
      .filter(([, item]) => isFresh(item.timeStamp, now, expiryMs))
      .sort(([, a], [, b]) => b.timeStamp - a.timeStamp)
      .slice(0, maxCachedLists)
  )

/** The storage key of a user's friend lists. */
export const friendListsKey = (userId: number): string => `platform-web-client/friendLists/${userId}`

const Stored = Schema.fromJsonString(
  Schema.Record(Schema.String, Schema.Struct({ data: FriendPage, timeStamp: Schema.Finite }))
)
type Stored = typeof Stored.Type

/** The shape of FriendListCache. */
export interface FriendListCacheShape {
  /** The page stored for `listKey` of `userId` if it is younger than `expiryMs`. */
  readonly get: (userId: number, listKey: string, expiryMs: number) => Effect.Effect<Option.Option<FriendPage>>
  /** Store a page for `listKey` of `userId`, stamped now. */
  readonly set: (userId: number, listKey: string, page: FriendPage) => Effect.Effect<void>
  /** Remove every list of `userId` (on logout). */
  readonly clear: (userId: number) => Effect.Effect<void>
}

const make = Effect.gen(function* () {
  const store = yield* KeyValueStore
  const read = (userId: number): Effect.Effect<Stored> =>
    store.get(friendListsKey(userId)).pipe(
      Effect.flatMap((raw) => (raw === undefined ? Effect.succeed({}) : Schema.decodeUnknownEffect(Stored)(raw))),
      Effect.catch((error) =>
        Effect.as(Effect.logDebug(`FriendListCache: lists of user ${userId} unreadable (${error._tag}); a miss`), {})
      )
    )
  return FriendListCache.of({
    get: (userId, listKey, expiryMs) =>
      Effect.gen(function* () {
        const item = (yield* read(userId))[listKey]
        const now = yield* Clock.currentTimeMillis
        return item !== undefined && isFresh(item.timeStamp, now, expiryMs) ? Option.some(item.data) : Option.none()
      }),
    set: (userId, listKey, page) =>
      Effect.gen(function* () {
        const now = yield* Clock.currentTimeMillis
        const expiryMs = yield* CacheExpiry
        const lists = bounded({ ...(yield* read(userId)), [listKey]: { data: page, timeStamp: now } }, now, expiryMs)
        yield* Schema.encodeEffect(Stored)(lists).pipe(
          Effect.flatMap((raw) => store.set(friendListsKey(userId), raw)),
          Effect.catch((error) =>
            Effect.logWarning(`FriendListCache: lists of user ${userId} not stored (${error._tag})`)
          )
        )
      }),
    clear: (userId) => Effect.ignore(store.remove(friendListsKey(userId)))
  })
})

/** Friend list pages per user in the KeyValueStore; see the module doc. */
export class FriendListCache extends Context.Service<FriendListCache, FriendListCacheShape>()(
  "platform-web-client/platform/social/FriendListCache"
) {
  /** The cache over the KeyValueStore in context. */
  static readonly layer: Layer.Layer<FriendListCache, never, KeyValueStore> = Layer.effect(FriendListCache, make)
}
