/**
 * What the platform lookups remember, by counting: users (2,000 for 15 minutes by default), thumbnails (2,000 for
 * 10 minutes), presence (nothing unless asked: then 1,000 for 30 seconds); each bound and time-to-live set through
 * `layerWith({ memoize })`; `clear(key)` and `clearAll` forget.
 */
import { assert, describe, it } from "@effect/vitest"
import type * as Duration from "effect/Duration"
import * as Effect from "effect/Effect"
import * as Fiber from "effect/Fiber"
import * as Layer from "effect/Layer"
import { TestClock } from "effect/testing"
import { type LookupOptions, platformMemoBounds } from "../../../src/platform/batchPresets.ts"
import { platformClientsLayer } from "../../../src/platform/clients/PlatformClients.ts"
import { PresenceLookup } from "../../../src/platform/social/PresenceLookup.ts"
import { UserLookup } from "../../../src/platform/social/UserLookup.ts"
import { ThumbnailBatch, type ThumbnailRequest } from "../../../src/platform/thumbnails/ThumbnailBatch.ts"
import { jsonResponse, type RecordedRequest, StubFetch } from "../../../src/testing/StubFetch.ts"
import { testPlatformLayer } from "../../../src/testing/testPlatformLayer.ts"
import { baseUrls } from "../clients/harness.ts"

const answer = (request: RecordedRequest) => {
  const path = new URL(request.url).pathname
  const body = JSON.parse(request.body ?? "null")
  if (path.endsWith("/v1/users")) {
    return jsonResponse({
      data: (body.userIds as Array<number>).map((id) => ({ id, name: `user${id}`, displayName: `User ${id}` }))
    })
  }
  if (path.endsWith("/v1/presence/users")) {
    return jsonResponse({
      userPresences: (body.userIds as Array<number>).map((userId) => ({ userId, userPresenceType: 1 }))
    })
  }
  return jsonResponse({
    data: (body as Array<{ requestId: string; targetId: number }>).map((r) => ({
      requestId: r.requestId,
      targetId: r.targetId,
      state: "Completed",
      imageUrl: `https://cdn.test/${r.targetId}.png`
    }))
  })
}

const layer = (options: LookupOptions = {}) =>
  Layer.mergeAll(
    UserLookup.layerWith(options),
    PresenceLookup.layerWith(options),
    ThumbnailBatch.layerWith(options)
  ).pipe(Layer.provideMerge(platformClientsLayer), Layer.provideMerge(testPlatformLayer(answer, { baseUrls })))

const range = (n: number, from = 1) => Array.from({ length: n }, (_, i) => from + i)
const icons = (ids: ReadonlyArray<number>): Array<ThumbnailRequest> =>
  ids.map((targetId) => ({ type: "GameIcon", targetId }))

/** Run `effect` while the clock passes `window`, and give its result. */
const within = <A, E, R>(effect: Effect.Effect<A, E, R>, window: Duration.Input) =>
  Effect.gen(function* () {
    const fiber = yield* Effect.forkChild(effect, { startImmediately: true })
    yield* TestClock.adjust(window)
    return yield* Fiber.join(fiber)
  })

const requestCount = StubFetch.useSync((stub) => stub.requests.length)

describe("platform lookups: what they remember", () => {
  it("the default bounds", () => {
    assert.deepStrictEqual(platformMemoBounds, {
      users: { maxEntries: 2000, timeToLiveMs: 900_000 },
      thumbnails: { maxEntries: 2000, timeToLiveMs: 600_000 },
      presence: { maxEntries: 1000, timeToLiveMs: 30_000 }
    })
  })

  it.effect("UserLookup keeps at most 2,000 users, the least recently used out", () =>
    Effect.gen(function* () {
      const users = yield* UserLookup
      yield* within(users.find(range(2100)), "1 second")
      assert.strictEqual(users.stats().memoized, 2000)
      const before = yield* requestCount
      yield* within(users.find([2100]), "1 second") // remembered: no request
      assert.strictEqual(yield* requestCount, before)
      yield* within(users.find([1]), "1 second") // forgotten: asked again
      assert.strictEqual(yield* requestCount, before + 1)
    }).pipe(Effect.provide(layer()))
  )

  it.effect("UserLookup forgets a user 15 minutes after fetching it", () =>
    Effect.gen(function* () {
      const users = yield* UserLookup
      yield* within(users.get(5), "1 second")
      yield* TestClock.adjust("14 minutes")
      yield* users.get(5) // remembered
      yield* TestClock.adjust("59 seconds")
      yield* users.get(5) // 1 s short of 15 minutes after it was fetched
      assert.strictEqual(yield* requestCount, 1)
      yield* TestClock.adjust("1 second")
      yield* within(users.get(5), "1 second")
      assert.strictEqual(yield* requestCount, 2)
    }).pipe(Effect.provide(layer()))
  )

  it.effect("ThumbnailBatch keeps at most 2,000 images for 10 minutes", () =>
    Effect.gen(function* () {
      const thumbnails = yield* ThumbnailBatch
      yield* within(thumbnails.getAll(icons(range(2050))), "1 second")
      assert.strictEqual(thumbnails.stats().memoized, 2000)
      const before = yield* requestCount
      yield* thumbnails.get({ type: "GameIcon", targetId: 2050 }) // remembered
      yield* TestClock.adjust("10 minutes")
      yield* within(thumbnails.get({ type: "GameIcon", targetId: 2050 }), "1 second") // expired: fetched again
      assert.strictEqual(yield* requestCount, before + 1)
    }).pipe(Effect.provide(layer()))
  )

  it.effect("PresenceLookup remembers nothing by default", () =>
    Effect.gen(function* () {
      const presence = yield* PresenceLookup
      yield* within(presence.lookup(range(10)), "1 second")
      assert.strictEqual(presence.stats().memoized, 0)
    }).pipe(Effect.provide(layer()))
  )

  it.effect("memoize: true turns presence on with its bound; an object sets the numbers", () =>
    Effect.gen(function* () {
      const presence = yield* PresenceLookup
      const users = yield* UserLookup
      yield* within(presence.lookup(range(10)), "1 second")
      yield* within(users.find(range(10)), "1 second")
      assert.deepStrictEqual([presence.stats().memoized, users.stats().memoized], [3, 3])
      yield* TestClock.adjust("5 seconds")
      assert.deepStrictEqual(yield* presence.lookup([10]), new Map([[10, { userId: 10, userPresenceType: "Online" }]]))
      yield* TestClock.adjust("25 seconds") // presence: 30 s from its fetch; users: 15 minutes
      yield* within(presence.lookup([10]), "1 second")
      yield* users.get(10)
      assert.strictEqual(yield* requestCount, 3)
    }).pipe(Effect.provide(layer({ memoize: { maxEntries: 3 } })))
  )

  it.effect("memoize: false remembers nothing", () =>
    Effect.gen(function* () {
      const users = yield* UserLookup
      yield* within(users.get(1), "1 second")
      yield* within(users.get(1), "1 second")
      assert.deepStrictEqual([users.stats().memoized, yield* requestCount], [0, 2])
    }).pipe(Effect.provide(layer({ memoize: false })))
  )

  it.effect("clear(key) and clearAll forget what was remembered", () =>
    Effect.gen(function* () {
      const users = yield* UserLookup
      const thumbnails = yield* ThumbnailBatch
      yield* within(users.find([1, 2, 3]), "1 second")
      yield* within(thumbnails.getAll(icons([1, 2])), "1 second")
      yield* users.clear(2)
      yield* thumbnails.clear({ type: "GameIcon", targetId: 1 })
      assert.deepStrictEqual([users.stats().memoized, thumbnails.stats().memoized], [2, 1])
      yield* users.clearAll
      yield* thumbnails.clearAll
      assert.deepStrictEqual([users.stats().memoized, thumbnails.stats().memoized], [0, 0])
    }).pipe(Effect.provide(layer()))
  )
})
