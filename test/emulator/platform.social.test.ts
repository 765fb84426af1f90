/**
 * Batching and friends with presence against the emulator over real HTTP: 250 concurrent user lookups are exactly
 * 3 requests; a page of friends comes with presence merged in as the world has it; when the presence service
 * fails, the friends still come back, without presence, and the failure is logged; when the friends service fails,
 * the page is empty.
 */
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import { PlatformHttp } from "../../src/core/http/PlatformHttp.ts"
import { FriendListCache } from "../../src/platform/social/FriendListCache.ts"
import { Friends } from "../../src/platform/social/Friends.ts"
import { PresenceLookup } from "../../src/platform/social/PresenceLookup.ts"
import { UserLookup } from "../../src/platform/social/UserLookup.ts"
import { MemoryLogger } from "../../src/testing/memory/MemoryLogger.ts"
import { emulatorClients } from "./platformSupport.ts"
import { adminHeaders, postJson, range, useEmulator } from "./support.ts"

describe("social features against the emulator", () => {
  const emulator = useEmulator()

  const layer = (config: Parameters<typeof emulatorClients>[1] = {}) =>
    Layer.mergeAll(UserLookup.layer, Friends.layer).pipe(
      Layer.provideMerge(Layer.mergeAll(PresenceLookup.layer, FriendListCache.layer)),
      Layer.provideMerge(emulatorClients(emulator(), config)),
      Layer.provideMerge(MemoryLogger.layer())
    )

  /** The log entries after `since`, for one path. */
  const logged = (since: number, path: string) =>
    emulator()
      .state.log.since(since)
      .entries.filter((e) => new URL(e.url, "http://x").pathname === path)

  /** Get an anti-forgery token first, so that counted requests are not doubled by the token refresh. */
  const primeToken = Effect.flatMap(PlatformHttp, (http) =>
    http.post({ service: "presence", path: "/v1/presence/users" }, { body: { userIds: [1] } })
  )

  it.live("sends 250 concurrent user lookups as exactly 3 requests (100, 100, 50 ids)", () =>
    Effect.gen(function* () {
      yield* primeToken
      const since = emulator().state.log.since(0).lastId
      const users = yield* UserLookup
      const results = yield* Effect.forEach(range(250), (id) => Effect.result(users.get(id)), {
        concurrency: "unbounded"
      })
      const requests = logged(since, "/users/v1/users")
      assert.deepStrictEqual(
        requests.map((e) => [e.method, e.status, e.ids]),
        [
          ["POST", 200, 100],
          ["POST", 200, 100],
          ["POST", 200, 50]
        ]
      )
      const world = emulator().state.world
      const found = results.flatMap((r) => (r._tag === "Success" ? [r.success.id] : []))
      // banned and unknown users are left out (excludeBannedUsers)
      assert.deepStrictEqual(
        found,
        range(250).filter((id) => world.users.get(id)?.isBanned === false)
      )
    }).pipe(Effect.provide(layer()))
  )

  it.live("loads a page of friends with presence merged in, as the world has it", () =>
    Effect.gen(function* () {
      const friends = yield* Friends
      const page = yield* friends.page("friends", { userId: 1, limit: 25, userSort: "Alphabetical" })
      const world = emulator().state.world
      assert.strictEqual(page.data.length, 25)
      assert.isNotNull(page.nextPageCursor)
      const names = page.data.map((f) => f.name!)
      assert.deepStrictEqual(
        names,
        [...names].sort((a, b) => (a.toLowerCase() < b.toLowerCase() ? -1 : 1))
      )
      for (const friend of page.data) {
        assert.strictEqual(friend.profileUrl, `/users/${friend.id}/profile`)
        assert.strictEqual(friend.presence?.userPresenceType, world.presence.get(friend.id)!.type)
      }
      const next = yield* friends.page("friends", {
        userId: 1,
        limit: 25,
        userSort: "Alphabetical",
        cursor: page.nextPageCursor!
      })
      assert.strictEqual(page.data.length + next.data.length, world.friends.get(1)!.length)
    }).pipe(Effect.provide(layer()))
  )

  it.live("returns the friends without presence when the presence service fails, and logs it", () =>
    Effect.gen(function* () {
      yield* Effect.promise(() =>
        postJson(`${emulator().adminUrl}/faults`, { kind: "status", status: 400, path: "/presence/*" }, adminHeaders)
      )
      const friends = yield* Friends
      const page = yield* friends.page("followers", { userId: 1, limit: 10 })
      assert.strictEqual(page.data.length, 10)
      assert.isTrue(page.data.every((f) => f.presence === undefined && f.profileUrl === `/users/${f.id}/profile`))
      const logs = yield* (yield* MemoryLogger).entries
      // the error is logged as text (its URL redacted), never as the object
      assert.isTrue(
        logs.some(
          (l) =>
            l.level === "Warn" &&
            l.message[0] === "Friends: loading presence failed; returning friends without presence" &&
            String(l.message[1]).startsWith("BatchFailure: ")
        )
      )
      assert.deepStrictEqual(
        logged(0, "/presence/v1/presence/users").map((e) => e.status),
        [400]
      )
    }).pipe(Effect.provide(layer()))
  )

  it.live("returns an empty page when the friends service fails, and logs it", () =>
    Effect.gen(function* () {
      yield* Effect.promise(() =>
        postJson(`${emulator().adminUrl}/faults`, { kind: "status", status: 400, path: "/friends/*" }, adminHeaders)
      )
      const friends = yield* Friends
      const page = yield* friends.page("friends", { userId: 1 })
      assert.deepStrictEqual(page, { data: [], previousPageCursor: null, nextPageCursor: null })
      const logs = yield* (yield* MemoryLogger).entries
      assert.isTrue(
        logs.some(
          (l) =>
            l.level === "Warn" &&
            l.text ===
              `Friends: loading friends of user 1 failed; returning an empty list ResponseError: Response from ${emulator().baseUrls.friends}/v1/users/1/friends/find returned an error code 400: BadRequest`
        )
      )
    }).pipe(Effect.provide(layer()))
  )

  it.live("gives a guest friends without presence and no presence request", () =>
    Effect.gen(function* () {
      const friends = yield* Friends
      const page = yield* friends.page("friends", { userId: 2 })
      assert.strictEqual(page.data.length, emulator().state.world.friends.get(2)!.length)
      assert.isTrue(page.data.every((f) => f.presence === undefined))
      assert.deepStrictEqual(logged(0, "/presence/v1/presence/users"), [])
    }).pipe(
      Effect.provide(layer({ user: { id: undefined, name: undefined, displayName: undefined, authenticated: false } }))
    )
  )
})
