/**
 * Friends with presence: pages by cursor for each list kind (friends through the published `/friends/find` with
 * their names from one user lookup), profileUrl and presence merged in, the failure paths of SOC-5 (presence failure →
 * friends without presence, friends failure → empty page, both logged; a failed name lookup keeps ids and badges),
 * guests without presence, and the per-user cache in the KeyValueStore (expiry, removed on logout).
 */
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Fiber from "effect/Fiber"
import * as Layer from "effect/Layer"
import { TestClock } from "effect/testing"
import type { PlatformConfigInput } from "../../../src/core/config/PlatformConfig.ts"
import { platformClientsLayer } from "../../../src/platform/clients/PlatformClients.ts"
import { FriendListCache, friendListsKey } from "../../../src/platform/social/FriendListCache.ts"
import { friendListKinds, friendSortTypes } from "../../../src/platform/social/friendLists.ts"
import { Friends } from "../../../src/platform/social/Friends.ts"
import { PresenceLookup } from "../../../src/platform/social/PresenceLookup.ts"
import { MemoryKeyValueStore } from "../../../src/testing/memory/MemoryKeyValueStore.ts"
import { MemoryLogger } from "../../../src/testing/memory/MemoryLogger.ts"
import { jsonResponse, type RecordedRequest, StubFetch } from "../../../src/testing/StubFetch.ts"
import { testPlatformLayer } from "../../../src/testing/testPlatformLayer.ts"
import { baseUrls } from "../clients/harness.ts"

const user = (id: number) => ({ id, name: `user${id}`, displayName: `User ${id}` })
const signedIn: PlatformConfigInput = {
  baseUrls,
  user: { id: 1, name: "user1", displayName: "User 1", authenticated: true }
}
const guest: PlatformConfigInput = { baseUrls }

interface Faults {
  readonly friends?: number
  readonly presence?: number
  readonly users?: number
}

const handler = (faults: Faults) => (request: RecordedRequest) => {
  const url = new URL(request.url)
  if (url.pathname.startsWith("/friends/")) {
    if (faults.friends !== undefined)
      return jsonResponse({ errors: [{ code: 1, message: "nope" }] }, { status: faults.friends })
    if (url.pathname.endsWith("/friends/find")) {
      return jsonResponse({
        PageItems: [2, 3, 4].map((id) => ({ id, hasVerifiedBadge: id === 3 })),
        NextCursor: "next",
        PreviousCursor: null,
        HasMore: true
      })
    }
    return jsonResponse({
      previousPageCursor: null,
      nextPageCursor: "next",
      data: [user(2), user(3), { ...user(4), extra: true }]
    })
  }
  if (url.pathname === "/users/v1/users") {
    if (faults.users !== undefined)
      return jsonResponse({ errors: [{ code: 0, message: "down" }] }, { status: faults.users })
    const ids: Array<number> = JSON.parse(request.body!).userIds
    return jsonResponse({ data: ids.map((id) => ({ ...user(id), hasVerifiedBadge: id === 3 })) })
  }
  if (url.pathname === "/presence/v1/presence/users") {
    if (faults.presence !== undefined)
      return jsonResponse({ errors: [{ code: 0, message: "down" }] }, { status: faults.presence })
    const ids: Array<number> = JSON.parse(request.body!).userIds
    return jsonResponse({
      userPresences: ids
        .filter((id) => id !== 4)
        .map((userId) => ({ userId, userPresenceType: userId === 2 ? 2 : "Offline" }))
    })
  }
  return jsonResponse({}, { status: 404 })
}

const layer = (config: PlatformConfigInput, faults: Faults = {}) =>
  Friends.layer.pipe(
    Layer.provideMerge(Layer.mergeAll(PresenceLookup.layer, FriendListCache.layer)),
    Layer.provideMerge(platformClientsLayer),
    Layer.provideMerge(testPlatformLayer(handler(faults), config)),
    Layer.provideMerge(MemoryLogger.layer())
  )

/** Run `effect` while the clock moves past the presence window. */
const settled = <A, E, R>(effect: Effect.Effect<A, E, R>) =>
  Effect.gen(function* () {
    const fiber = yield* Effect.forkChild(effect)
    yield* TestClock.adjust("250 millis")
    return yield* Fiber.join(fiber)
  })

const paths = (requests: ReadonlyArray<RecordedRequest>) =>
  requests.map((r) => `${r.method} ${new URL(r.url).pathname}`)

describe("Friends", () => {
  it("knows the list kinds and sort types (SOC-4)", () => {
    assert.deepStrictEqual(friendListKinds, ["friends", "followers", "followings", "requests"])
    assert.deepStrictEqual(friendSortTypes, ["Alphabetical", "StatusAlphabetical", "StatusFrequents"])
  })

  it.effect("loads a page of friends with profile URLs and presence merged in", () =>
    Effect.gen(function* () {
      const friends = yield* Friends
      const page = yield* settled(
        friends.page("friends", { userId: 1, limit: 3, cursor: "c0", userSort: "Alphabetical", sortOrder: "Asc" })
      )
      assert.deepStrictEqual(
        page.data.map((f) => [
          f.id,
          f.name,
          f.displayName,
          f.hasVerifiedBadge,
          f.profileUrl,
          f.presence?.userPresenceType
        ]),
        [
          [2, "user2", "User 2", false, "/users/2/profile", "InGame"],
          [3, "user3", "User 3", true, "/users/3/profile", "Offline"],
          [4, "user4", "User 4", false, "/users/4/profile", undefined]
        ]
      )
      assert.deepStrictEqual([page.previousPageCursor, page.nextPageCursor], [null, "next"])
      const { requests } = yield* StubFetch
      assert.deepStrictEqual(paths(requests), [
        "GET /friends/v1/users/1/friends/find",
        "POST /users/v1/users",
        "POST /presence/v1/presence/users"
      ])
      // the paged list takes no sortOrder: it is not sent
      assert.deepStrictEqual(Object.fromEntries(new URL(requests[0]!.url).searchParams), {
        cursor: "c0",
        limit: "3",
        userSort: "0"
      })
      assert.deepStrictEqual(JSON.parse(requests[1]!.body!), { userIds: [2, 3, 4] })
      assert.deepStrictEqual(JSON.parse(requests[2]!.body!), { userIds: [2, 3, 4] })
    }).pipe(Effect.provide(layer(signedIn)))
  )

  it.effect("calls the right path for each kind with the parameters it takes; the signed-in user is the default", () =>
    Effect.gen(function* () {
      const friends = yield* Friends
      const query = { limit: 25, cursor: "c", sortOrder: "Desc", userSort: "StatusFrequents" } as const
      yield* settled(
        Effect.all(
          [
            friends.page("followers", query),
            friends.page("followings", { userId: 9 }),
            friends.page("requests", query)
          ],
          { concurrency: "unbounded" }
        )
      )
      const { requests } = yield* StubFetch
      assert.deepStrictEqual(
        paths(requests)
          .filter((p) => p.startsWith("GET"))
          .sort(),
        [
          "GET /friends/v1/my/friends/requests",
          "GET /friends/v1/users/1/followers",
          "GET /friends/v1/users/9/followings"
        ]
      )
      const sent = (path: string) =>
        Object.fromEntries(new URL(requests.find((r) => new URL(r.url).pathname === path)!.url).searchParams)
      assert.deepStrictEqual(sent("/friends/v1/users/1/followers"), { cursor: "c", sortOrder: "Desc", limit: "25" })
      assert.deepStrictEqual(sent("/friends/v1/my/friends/requests"), { cursor: "c", limit: "25" })
      // one presence request for the three lists' users
      assert.strictEqual(paths(requests).filter((p) => p.startsWith("POST")).length, 1)
    }).pipe(Effect.provide(layer(signedIn)))
  )

  it.effect("returns friends without presence when presence fails, and logs it", () =>
    Effect.gen(function* () {
      const friends = yield* Friends
      const page = yield* settled(friends.page("friends"))
      assert.deepStrictEqual(
        page.data.map((f) => [f.id, "presence" in f]),
        [
          [2, false],
          [3, false],
          [4, false]
        ]
      )
      const logs = yield* (yield* MemoryLogger).entries
      assert.isTrue(
        logs.some(
          (l) =>
            l.level === "Warn" &&
            l.text ===
              "Friends: loading presence failed; returning friends without presence BatchFailure: Batch item 2 was rejected after 1 attempt(s): processFailure"
        )
      )
    }).pipe(Effect.provide(layer(signedIn, { presence: 400 })))
  )

  it.effect("keeps a friends page's ids and badges when the name lookup fails, and logs it", () =>
    Effect.gen(function* () {
      const friends = yield* Friends
      const page = yield* settled(friends.page("friends"))
      assert.deepStrictEqual(
        page.data.map((f) => [f.id, f.hasVerifiedBadge, f.name, f.presence?.userPresenceType]),
        [
          [2, false, undefined, "InGame"],
          [3, true, undefined, "Offline"],
          [4, false, undefined, undefined]
        ]
      )
      const logs = yield* (yield* MemoryLogger).entries
      assert.isTrue(
        logs.some(
          (l) =>
            l.level === "Warn" &&
            l.text ===
              "Friends: loading the names of a friends page failed; returning ids only ResponseError: Response from https://platform.test/users/v1/users returned an error code 503: down"
        )
      )
    }).pipe(Effect.provide(layer(signedIn, { users: 503 })))
  )

  it.effect(
    "a base URL with user info: refused before sending, logged as text without the user info, nor the error object",
    () =>
      Effect.gen(function* () {
        const friends = yield* Friends
        // a FetchError counts as transient: the lookup tries again after its cooldowns, each try refused in turn
        const fiber = yield* Effect.forkChild(friends.page("friends", { userId: 5 }))
        yield* TestClock.adjust("1 minute")
        yield* Fiber.join(fiber)
        const lines = (yield* (yield* MemoryLogger).entries).filter((l) => l.level === "Warn")
        assert.deepStrictEqual(
          lines.map((l) => l.message),
          [
            [
              "Friends: loading friends of user 5 failed; returning an empty list",
              "FetchError: Request to https://platform.test/friends/v1/users/5/friends/find failed before a response arrived"
            ]
          ]
        )
        assert.strictEqual((yield* StubFetch).requests.length, 0)
      }).pipe(
        Effect.provide(
          layer(
            {
              ...signedIn,
              baseUrls: { ...baseUrls, friends: baseUrls.friends.replace("https://", "https://user:pw@") }
            },
            { friends: 400 }
          )
        )
      )
  )

  it.effect("returns an empty page when the friends load fails, and logs it", () =>
    Effect.gen(function* () {
      const friends = yield* Friends
      const page = yield* settled(friends.page("friends", { userId: 5 }))
      assert.deepStrictEqual(page, { data: [], previousPageCursor: null, nextPageCursor: null })
      const logs = yield* (yield* MemoryLogger).entries
      assert.isTrue(
        logs.some(
          (l) =>
            l.level === "Warn" &&
            l.text ===
              "Friends: loading friends of user 5 failed; returning an empty list ResponseError: Response from https://platform.test/friends/v1/users/5/friends/find returned an error code 400: nope"
        )
      )
      assert.deepStrictEqual(paths((yield* StubFetch).requests), ["GET /friends/v1/users/5/friends/find"])
    }).pipe(Effect.provide(layer(signedIn, { friends: 400 })))
  )

  it.effect("gives guests friends without presence, no friend requests, and caches nothing", () =>
    Effect.gen(function* () {
      const friends = yield* Friends
      const page = yield* settled(friends.page("friends", { userId: 5 }))
      assert.deepStrictEqual(
        page.data.map((f) => [f.id, f.profileUrl, "presence" in f]),
        [
          [2, "/users/2/profile", false],
          [3, "/users/3/profile", false],
          [4, "/users/4/profile", false]
        ]
      )
      assert.deepStrictEqual(yield* friends.page("requests"), {
        data: [],
        previousPageCursor: null,
        nextPageCursor: null
      })
      assert.deepStrictEqual(yield* friends.page("followers"), {
        data: [],
        previousPageCursor: null,
        nextPageCursor: null
      })
      assert.deepStrictEqual(paths((yield* StubFetch).requests), [
        "GET /friends/v1/users/5/friends/find",
        "POST /users/v1/users"
      ])
      assert.strictEqual((yield* (yield* MemoryKeyValueStore).entries).size, 0)
    }).pipe(Effect.provide(layer(guest)))
  )

  it.effect("caches a signed-in user's pages with a timestamp, loads presence fresh, and forgets them on logout", () =>
    Effect.gen(function* () {
      const friends = yield* Friends
      const store = yield* MemoryKeyValueStore
      const { requests } = yield* StubFetch
      yield* settled(friends.page("friends", { limit: 10 }))
      const stored = JSON.parse((yield* store.entries).get(friendListsKey(1))!)
      assert.deepStrictEqual(Object.keys(stored), ["friends:1:::10:"])
      assert.deepStrictEqual(stored["friends:1:::10:"].timeStamp, 0)
      assert.deepStrictEqual(
        stored["friends:1:::10:"].data.data.map((u: { id: number; name: string }) => [u.id, u.name]),
        [
          [2, "user2"],
          [3, "user3"],
          [4, "user4"]
        ]
      )

      yield* TestClock.adjust("10 seconds")
      const again = yield* settled(friends.page("friends", { limit: 10 }))
      assert.strictEqual(again.data[0]!.presence?.userPresenceType, "InGame")
      assert.deepStrictEqual(paths(requests), [
        "GET /friends/v1/users/1/friends/find",
        "POST /users/v1/users",
        "POST /presence/v1/presence/users",
        "POST /presence/v1/presence/users"
      ])

      yield* TestClock.adjust("30 seconds")
      yield* settled(friends.page("friends", { limit: 10 }))
      assert.strictEqual(paths(requests).filter((p) => p.startsWith("GET")).length, 2, "expired: loaded again")

      yield* friends.clearCache
      assert.isFalse((yield* store.entries).has(friendListsKey(1)))
    }).pipe(Effect.provide(layer(signedIn)))
  )

  it.effect("shares one request between identical pages asked at once", () =>
    Effect.gen(function* () {
      const friends = yield* Friends
      yield* settled(
        Effect.all([friends.page("followers", { userId: 3 }), friends.page("followers", { userId: 3 })], {
          concurrency: "unbounded"
        })
      )
      assert.strictEqual(paths((yield* StubFetch).requests).filter((p) => p.startsWith("GET")).length, 1)
    }).pipe(Effect.provide(layer(guest)))
  )
})
