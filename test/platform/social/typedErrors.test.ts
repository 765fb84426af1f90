/**
 * Friends and presence for UI code: `Friends.fetchPage` and `PresenceLookup.fetch` fail with the call's typed error
 * after one attempt (a query decides whether to retry), while `Friends.page` keeps the spec's swallow-and-log form
 * with retries that are explicit and configurable (`retries`, `cooldownMs`).
 */
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Fiber from "effect/Fiber"
import * as Layer from "effect/Layer"
import { TestClock } from "effect/testing"
import * as DevtoolsRecorder from "../../../src/core/devtools/DevtoolsRecorder.ts"
import type { RequestRow } from "../../../src/core/devtools/rows.ts"
import type { PlatformConfigInput } from "../../../src/core/config/PlatformConfig.ts"
import { platformClientsLayer } from "../../../src/platform/clients/PlatformClients.ts"
import { FriendListCache, friendListsKey } from "../../../src/platform/social/FriendListCache.ts"
import { Friends, type FriendsOptions } from "../../../src/platform/social/Friends.ts"
import { PresenceLookup, type PresenceLookupOptions } from "../../../src/platform/social/PresenceLookup.ts"
import { MemoryKeyValueStore } from "../../../src/testing/memory/MemoryKeyValueStore.ts"
import { jsonResponse, type RecordedRequest, StubFetch } from "../../../src/testing/StubFetch.ts"
import { testPlatformLayer } from "../../../src/testing/testPlatformLayer.ts"
import { baseUrls } from "../clients/harness.ts"

const signedIn: PlatformConfigInput = {
  baseUrls,
  user: { id: 1, name: "user1", displayName: "User 1", authenticated: true }
}

/** The services; `down` answers 503 for the friends or the presence service. */
const handler = (down: "friends" | "presence" | undefined) => (request: RecordedRequest) => {
  const path = new URL(request.url).pathname
  if (path.startsWith(`/${down}/`)) return jsonResponse({ errors: [{ code: 0, message: "down" }] }, { status: 503 })
  if (path.endsWith("/friends/find")) {
    return jsonResponse({ PageItems: [{ id: 2 }, { id: 3 }], NextCursor: null, PreviousCursor: null, HasMore: false })
  }
  if (path === "/users/v1/users") {
    const ids: Array<number> = JSON.parse(request.body!).userIds
    return jsonResponse({ data: ids.map((id) => ({ id, name: `user${id}`, displayName: `User ${id}` })) })
  }
  const ids: Array<number> = JSON.parse(request.body!).userIds
  return jsonResponse({
    userPresences: ids.filter((id) => id !== 3).map((userId) => ({ userId, userPresenceType: 2 }))
  })
}

const layer = (
  down: "friends" | "presence" | undefined,
  options: FriendsOptions = {},
  presence: PresenceLookupOptions = {},
  config = signedIn,
  observer: Layer.Layer<never> = Layer.empty
) =>
  Friends.layerWith(options).pipe(
    Layer.provideMerge(Layer.mergeAll(PresenceLookup.layerWith(presence), FriendListCache.layer)),
    Layer.provideMerge(platformClientsLayer),
    Layer.provideMerge(testPlatformLayer(handler(down), config).pipe(Layer.provide(observer)))
  )

/** Requests sent so far to paths starting with `prefix`. */
const sent = (prefix: string) =>
  Effect.map(StubFetch, (stub) => stub.requests.filter((r) => new URL(r.url).pathname.startsWith(prefix)).length)

/** Run `effect` in a fiber while the clock moves `ms` (batch windows, cooldowns), and its exit. */
const after = <A, E, R>(ms: number, effect: Effect.Effect<A, E, R>) =>
  Effect.gen(function* () {
    const fiber = yield* Effect.forkChild(effect)
    yield* TestClock.adjust(ms)
    return yield* Fiber.await(fiber)
  })

describe("Friends.fetchPage", () => {
  it.effect("the friends service down: fails with its ResponseError (503) after one request, never retried", () =>
    Effect.gen(function* () {
      const exit = yield* after(60_000, Effect.flip((yield* Friends).fetchPage("friends")))
      assert.isTrue(exit._tag === "Success")
      const error = exit._tag === "Success" ? exit.value : undefined
      assert.strictEqual(error?._tag, "ResponseError")
      assert.strictEqual(error?._tag === "ResponseError" ? error.status : 0, 503)
      assert.strictEqual(yield* sent("/friends/"), 1)
    }).pipe(Effect.provide(layer("friends")))
  )

  it.effect("a page with presence, asked of the service each time (FriendListCache neither read nor written)", () =>
    Effect.gen(function* () {
      const friends = yield* Friends
      const first = yield* after(250, friends.fetchPage("friends"))
      assert.deepStrictEqual(
        first._tag === "Success" && first.value.data.map((f) => [f.id, f.displayName, f.presence?.userPresenceType]),
        [
          [2, "User 2", "InGame"],
          [3, "User 3", undefined]
        ]
      )
      yield* after(250, friends.fetchPage("friends"))
      assert.strictEqual(yield* sent("/friends/"), 2)
      assert.isFalse((yield* (yield* MemoryKeyValueStore).entries).has(friendListsKey(1)))
    }).pipe(Effect.provide(layer(undefined)))
  )

  it.effect("presence down: the friends without presence (presence has its own typed query)", () =>
    Effect.gen(function* () {
      const page = yield* after(250, (yield* Friends).fetchPage("friends"))
      assert.deepStrictEqual(page._tag === "Success" && page.value.data.map((f) => f.presence), [undefined, undefined])
      assert.strictEqual(yield* sent("/presence/"), 1)
    }).pipe(Effect.provide(layer("presence")))
  )

  it.effect("no user to ask for (a guest, no userId): a RequiredError of userId, nothing sent", () =>
    Effect.gen(function* () {
      const error = yield* Effect.flip((yield* Friends).fetchPage("followers"))
      assert.deepStrictEqual([error._tag, error._tag === "RequiredError" && error.field], ["RequiredError", "userId"])
      assert.strictEqual(yield* sent("/"), 0)
    }).pipe(Effect.provide(layer(undefined, {}, {}, { baseUrls })))
  )
})

describe("Friends.page retries, explicit", () => {
  it.effect("by default 2 retries 1000 ms apart: 3 requests over 2 s, then the empty page", () =>
    Effect.gen(function* () {
      // a friend list batch holds one list: it is full, so it goes at once, and so does each retry
      const fiber = yield* Effect.forkChild((yield* Friends).page("friends"))
      yield* TestClock.adjust(999)
      assert.strictEqual(yield* sent("/friends/"), 1)
      yield* TestClock.adjust(1)
      assert.strictEqual(yield* sent("/friends/"), 2)
      yield* TestClock.adjust(999)
      assert.strictEqual(yield* sent("/friends/"), 2)
      yield* TestClock.adjust(1)
      assert.strictEqual(yield* sent("/friends/"), 3)
      assert.deepStrictEqual((yield* Fiber.join(fiber)).data, [])
    }).pipe(Effect.provide(layer("friends")))
  )

  const recorder = DevtoolsRecorder.make()
  it.effect("each retry is a devtools row of its own, marked with the batch's attempt", () =>
    Effect.gen(function* () {
      yield* after(60_000, (yield* Friends).page("friends"))
      const rows = recorder.rows() as ReadonlyArray<RequestRow>
      assert.deepStrictEqual(
        rows.map((row) => [row.status, row.batchSize, row.batchAttempt]),
        [
          [503, 1, 1],
          [503, 1, 2],
          [503, 1, 3]
        ]
      )
    }).pipe(Effect.provide(layer("friends", {}, {}, signedIn, recorder.layer)))
  )

  it.effect("retries: 0 — one request, then the empty page", () =>
    Effect.gen(function* () {
      const page = yield* after(60_000, (yield* Friends).page("friends"))
      assert.deepStrictEqual(page._tag === "Success" && page.value.data, [])
      assert.strictEqual(yield* sent("/friends/"), 1)
    }).pipe(Effect.provide(layer("friends", { retries: 0 })))
  )

  it.effect("retries: 1, cooldownMs: 5000 — the second request 5 s after the first answer, no third", () =>
    Effect.gen(function* () {
      const fiber = yield* Effect.forkChild((yield* Friends).page("friends"))
      yield* TestClock.adjust(4999)
      assert.strictEqual(yield* sent("/friends/"), 1)
      yield* TestClock.adjust(1)
      assert.strictEqual(yield* sent("/friends/"), 2)
      yield* TestClock.adjust(60_000)
      assert.strictEqual(yield* sent("/friends/"), 2)
      assert.deepStrictEqual((yield* Fiber.join(fiber)).data, [])
    }).pipe(Effect.provide(layer("friends", { retries: 1, cooldownMs: 5000 })))
  )
})

describe("PresenceLookup.fetch", () => {
  it.effect("the presence service down: fails with its ResponseError after one request; lookup retries twice", () =>
    Effect.gen(function* () {
      const presence = yield* PresenceLookup
      const failed = yield* after(60_000, Effect.flip(presence.fetch([2, 3])))
      assert.strictEqual(failed._tag === "Success" && failed.value._tag, "ResponseError")
      assert.strictEqual(yield* sent("/presence/"), 1)
      const swallowed = yield* after(60_000, Effect.flip(presence.lookup([2, 3])))
      assert.strictEqual(swallowed._tag === "Success" && swallowed.value.reason, "maxAttemptsReached")
      assert.strictEqual(yield* sent("/presence/"), 4)
    }).pipe(Effect.provide(layer("presence")))
  )

  it.effect("answers by id, the users the service leaves out absent", () =>
    Effect.gen(function* () {
      const found = yield* after(250, (yield* PresenceLookup).fetch([2, 3, 2]))
      assert.deepStrictEqual(found._tag === "Success" && [...found.value.keys()], [2])
      assert.strictEqual(yield* sent("/presence/"), 1)
    }).pipe(Effect.provide(layer(undefined)))
  )
})
