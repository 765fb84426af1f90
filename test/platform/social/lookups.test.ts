/**
 * The batched lookups on BatchProcessor, on the TestClock: users (100 ids per POST /v1/users, 1000 ms window,
 * excludeBannedUsers), presence (100 per POST /v1/presence/users, 250 ms window, not remembered) and thumbnails
 * through POST /v1/batch (request ids, duplicates shared, Pending retried).
 */
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Fiber from "effect/Fiber"
import * as Layer from "effect/Layer"
import { TestClock } from "effect/testing"
import { PresenceLookup } from "../../../src/platform/social/PresenceLookup.ts"
import { UserLookup } from "../../../src/platform/social/UserLookup.ts"
import { requestIdOf, ThumbnailBatch } from "../../../src/platform/thumbnails/ThumbnailBatch.ts"
import { platformClientsLayer } from "../../../src/platform/clients/PlatformClients.ts"
import { jsonResponse, type RecordedRequest, StubFetch } from "../../../src/testing/StubFetch.ts"
import { testPlatformLayer } from "../../../src/testing/testPlatformLayer.ts"
import { baseUrls } from "../clients/harness.ts"

/** Users 1..n exist except multiples of 7 (banned or unknown: left out of answers). */
const exists = (id: number) => id % 7 !== 0

const answer = (request: RecordedRequest) => {
  const url = new URL(request.url)
  const body = request.body === undefined ? undefined : JSON.parse(request.body)
  if (url.pathname === "/users/v1/users") {
    return jsonResponse({
      data: (body.userIds as Array<number>)
        .filter(exists)
        .map((id) => ({ id, name: `user${id}`, displayName: `User ${id}` }))
    })
  }
  if (url.pathname === "/presence/v1/presence/users") {
    return jsonResponse({
      userPresences: (body.userIds as Array<number>)
        .filter(exists)
        .map((userId) => ({ userId, userPresenceType: userId % 2 }))
    })
  }
  if (url.pathname === "/thumbnails/v1/batch") {
    return jsonResponse({
      data: (body as Array<{ requestId: string; targetId: number; type: string }>).map((r) => ({
        requestId: r.requestId,
        targetId: r.targetId,
        state: r.targetId === 404 ? "Pending" : "Completed",
        imageUrl: r.targetId === 404 ? null : `https://cdn.test/${r.type}/${r.targetId}.png`
      }))
    })
  }
  return jsonResponse({ errors: [{ code: 0, message: "not found" }] }, { status: 404 })
}

const layer = () =>
  Layer.mergeAll(UserLookup.layer, PresenceLookup.layer, ThumbnailBatch.layer).pipe(
    Layer.provideMerge(platformClientsLayer),
    Layer.provideMerge(testPlatformLayer(answer, { baseUrls }))
  )

const range = (n: number, from = 1) => Array.from({ length: n }, (_, i) => from + i)
const sentIds = (requests: ReadonlyArray<RecordedRequest>) => requests.map((r) => JSON.parse(r.body!).userIds.length)

describe("UserLookup", () => {
  it.effect("sends 250 concurrent lookups as 3 requests of at most 100 ids, with excludeBannedUsers", () =>
    Effect.gen(function* () {
      const users = yield* UserLookup
      const ids = range(250).filter(exists)
      const fiber = yield* Effect.forkChild(Effect.forEach(ids, users.get, { concurrency: "unbounded" }))
      yield* TestClock.adjust("1 second")
      const found = yield* Fiber.join(fiber)
      assert.deepStrictEqual(
        found.map((u) => u.id),
        ids
      )
      const { requests } = yield* StubFetch
      assert.deepStrictEqual(
        requests.map((r) => [r.method, new URL(r.url).pathname]),
        Array(3).fill(["POST", "/users/v1/users"])
      )
      assert.deepStrictEqual(sentIds(requests), [100, 100, ids.length - 200])
      assert.isTrue(requests.every((r) => JSON.parse(r.body!).excludeBannedUsers === true))
    }).pipe(Effect.provide(layer()))
  )

  it.effect("waits 1000 ms from the first id before sending a partial batch", () =>
    Effect.gen(function* () {
      const users = yield* UserLookup
      const fiber = yield* Effect.forkChild(
        Effect.all([users.get(1), users.get(2), users.get(1)], { concurrency: "unbounded" })
      )
      yield* TestClock.adjust("999 millis")
      const { requests } = yield* StubFetch
      assert.strictEqual(requests.length, 0)
      yield* TestClock.adjust("1 millis")
      const [a, b, c] = yield* Fiber.join(fiber)
      assert.deepStrictEqual([a.id, b.id, c.id], [1, 2, 1])
      assert.deepStrictEqual(JSON.parse(requests[0]!.body!), { userIds: [1, 2], excludeBannedUsers: true })
      // remembered: no second request
      assert.strictEqual((yield* users.get(2)).name, "user2")
      assert.strictEqual(requests.length, 1)
    }).pipe(Effect.provide(layer()))
  )

  it.effect("rejects a user the answer leaves out; find leaves it out", () =>
    Effect.gen(function* () {
      const users = yield* UserLookup
      const fiber = yield* Effect.forkChild(
        Effect.all([Effect.flip(users.get(7)), users.find([6, 7, 8])], { concurrency: "unbounded" })
      )
      yield* TestClock.adjust("1 second")
      const [failure, found] = yield* Fiber.join(fiber)
      assert.strictEqual(failure.reason, "unretriableFailure")
      assert.deepStrictEqual(
        found.map((u) => u.id),
        [6, 8]
      )
    }).pipe(Effect.provide(layer()))
  )
})

describe("PresenceLookup", () => {
  it.effect("batches 100 user ids per request after 250 ms and does not remember answers", () =>
    Effect.gen(function* () {
      const presence = yield* PresenceLookup
      const fiber = yield* Effect.forkChild(presence.lookup(range(150)))
      yield* TestClock.adjust("250 millis")
      const found = yield* Fiber.join(fiber)
      assert.strictEqual(found.size, range(150).filter(exists).length)
      assert.strictEqual(found.get(3)!.userPresenceType, "Online")
      assert.isFalse(found.has(7))
      const { requests } = yield* StubFetch
      assert.deepStrictEqual(sentIds(requests), [100, 50])
      const again = yield* Effect.forkChild(presence.lookup([3]))
      yield* TestClock.adjust("250 millis")
      yield* Fiber.join(again)
      assert.strictEqual(requests.length, 3)
    }).pipe(Effect.provide(layer()))
  )
})

describe("ThumbnailBatch", () => {
  it.effect("sends requests with ids through POST /v1/batch, shares duplicates and matches answers by request id", () =>
    Effect.gen(function* () {
      const thumbnails = yield* ThumbnailBatch
      const icon = { type: "GameIcon", targetId: 1001, size: "150x150" } as const
      const headshot = { type: "AvatarHeadShot", targetId: 1 } as const
      const fiber = yield* Effect.forkChild(thumbnails.getAll([icon, headshot, icon]))
      yield* TestClock.adjust("250 millis")
      const [a, b, c] = yield* Fiber.join(fiber)
      assert.strictEqual(a!.imageUrl, "https://cdn.test/GameIcon/1001.png")
      assert.strictEqual(b!.imageUrl, "https://cdn.test/AvatarHeadShot/1.png")
      assert.deepStrictEqual(c, a)
      const { requests } = yield* StubFetch
      assert.strictEqual(requests.length, 1)
      assert.deepStrictEqual(JSON.parse(requests[0]!.body!), [
        {
          requestId: "1001:GameIcon:150x150:Png:regular",
          type: "GameIcon",
          targetId: 1001,
          size: "150x150",
          format: "Png",
          isCircular: false
        },
        {
          requestId: "1:AvatarHeadShot:50x50:Png:regular",
          type: "AvatarHeadShot",
          targetId: 1,
          size: "50x50",
          format: "Png",
          isCircular: false
        }
      ])
      assert.strictEqual(
        requestIdOf({ type: "GameIcon", targetId: 5, isCircular: true }),
        "5:GameIcon:50x50:Png:circular"
      )
    }).pipe(Effect.provide(layer()))
  )

  it.effect("asks again for a Pending thumbnail after the cooldown, at most twice", () =>
    Effect.gen(function* () {
      const thumbnails = yield* ThumbnailBatch
      const fiber = yield* Effect.forkChild(Effect.flip(thumbnails.get({ type: "GameIcon", targetId: 404 })))
      yield* TestClock.adjust("250 millis")
      yield* TestClock.adjust("1250 millis")
      yield* TestClock.adjust("1250 millis")
      const failure = yield* Fiber.join(fiber)
      assert.strictEqual(failure.reason, "maxAttemptsReached")
      assert.strictEqual(failure.attempts, 3)
      assert.strictEqual((yield* StubFetch).requests.length, 3)
    }).pipe(Effect.provide(layer()))
  )
})
