/** FriendListCache's bound, by counting the lists stored under the user's one key. */
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Option from "effect/Option"
import { TestClock } from "effect/testing"
import { FriendListCache, friendListsKey, maxCachedLists } from "../../../src/platform/social/FriendListCache.ts"
import { MemoryKeyValueStore } from "../../../src/testing/memory/MemoryKeyValueStore.ts"

const page = { data: [], previousPageCursor: null, nextPageCursor: null }
const layer = FriendListCache.layer.pipe(Layer.provideMerge(MemoryKeyValueStore.layer()))
const storedLists = Effect.flatMap(MemoryKeyValueStore, (m) =>
  Effect.map(m.entries, (entries) => Object.keys(JSON.parse(entries.get(friendListsKey(1)) ?? "{}")))
)

describe("FriendListCache: bounded", () => {
  it.effect("keeps the 50 most recent lists of a user", () =>
    Effect.gen(function* () {
      const cache = yield* FriendListCache
      for (let i = 0; i < 60; i++) {
        yield* cache.set(1, `followers:${i}`, page)
        yield* TestClock.adjust("10 millis")
      }
      const lists = yield* storedLists
      assert.strictEqual(maxCachedLists, 50)
      assert.strictEqual(lists.length, 50)
      assert.deepStrictEqual(
        [lists.includes("followers:9"), lists.includes("followers:10"), lists.includes("followers:59")],
        [false, true, true]
      )
      assert.isTrue(Option.isSome(yield* cache.get(1, "followers:59", 30_000)))
    }).pipe(Effect.provide(layer))
  )

  it.effect("a write drops the lists past the cache's expiry", () =>
    Effect.gen(function* () {
      const cache = yield* FriendListCache
      yield* cache.set(1, "friends", page)
      yield* cache.set(1, "followers", page)
      yield* TestClock.adjust("30 seconds")
      yield* cache.set(1, "followings", page)
      assert.deepStrictEqual(yield* storedLists, ["followings"])
    }).pipe(Effect.provide(layer))
  )
})
