/**
 * The ready-made feature layers over the test platform layer (what `browserPlatformLayer` provides): socialLayer
 * (Friends with presence and the list cache, UserLookup, their clients), thumbnailsLayer (ThumbnailBatch with the
 * page's thumbnail-meta-data settings) and platformFeaturesLayer (both and every typed client), each complete: built
 * over the platform layer alone.
 */
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Fiber from "effect/Fiber"
import * as Layer from "effect/Layer"
import { TestClock } from "effect/testing"
import { platformFeaturesLayer, socialLayer, thumbnailsLayer } from "platform-web-client"
import { GamesClient } from "platform-web-client/clients"
import { FriendListCache, Friends, PresenceLookup, UserLookup } from "platform-web-client/social"
import { ThumbnailBatch } from "platform-web-client/thumbnails"
import {
  jsonResponse,
  type RecordedRequest,
  StubFetch,
  testPlatformLayer,
  type TestPlatformOptions
} from "platform-web-client/testing"
import { baseUrls } from "../clients/harness.ts"

const config = { baseUrls, user: { id: 1, name: "ada", displayName: "Ada", authenticated: true } }

const answer = (request: RecordedRequest) => {
  const path = new URL(request.url).pathname
  const ids = (): Array<number> => JSON.parse(request.body!).userIds
  if (path.endsWith("/friends/find"))
    return jsonResponse({ PageItems: [{ id: 2 }], NextCursor: null, PreviousCursor: null })
  if (path === "/users/v1/users")
    return jsonResponse({ data: ids().map((id) => ({ id, name: `u${id}`, displayName: `U${id}` })) })
  if (path === "/presence/v1/presence/users")
    return jsonResponse({ userPresences: ids().map((userId) => ({ userId, userPresenceType: 1 })) })
  if (path === "/thumbnails/v1/batch") {
    const asked: Array<{ requestId: string; targetId: number }> = JSON.parse(request.body!)
    return jsonResponse({
      data: asked.map((a) => ({ ...a, state: "Completed", imageUrl: `https://t.example.com/${a.targetId}.png` }))
    })
  }
  if (path.startsWith("/games/")) return jsonResponse({ games: [], hasMoreRows: false })
  return jsonResponse({}, { status: 404 })
}

const platform = (options: TestPlatformOptions = {}) => testPlatformLayer(answer, config, options)

const paths = Effect.map(StubFetch, (stub) => stub.requests.map((r) => new URL(r.url).pathname))

/** `effect` in a fiber while the batch windows pass. */
const windowed = <A, E, R>(effect: Effect.Effect<A, E, R>) =>
  Effect.gen(function* () {
    const fiber = yield* Effect.forkChild(effect)
    yield* TestClock.adjust(1000)
    return yield* Fiber.join(fiber)
  })

describe("socialLayer", () => {
  it.effect("Friends with names and presence, UserLookup and the list cache, over the platform layer alone", () =>
    Effect.gen(function* () {
      const page = yield* windowed((yield* Friends).page("friends"))
      assert.deepStrictEqual(
        page.data.map((f) => [f.id, f.displayName, f.presence?.userPresenceType]),
        [[2, "U2", "Online"]]
      )
      const user = yield* windowed((yield* UserLookup).get(7))
      assert.strictEqual(user.displayName, "U7")
      yield* FriendListCache
      yield* PresenceLookup
      assert.deepStrictEqual(yield* paths, [
        "/friends/v1/users/1/friends/find",
        "/users/v1/users",
        "/presence/v1/presence/users",
        "/users/v1/users"
      ])
    }).pipe(Effect.provide(socialLayer().pipe(Layer.provideMerge(platform()))))
  )
})

describe("thumbnailsLayer", () => {
  const three = [1, 2, 3].map((targetId) => ({ type: "Avatar" as const, targetId }))
  const metadata = { "thumbnail-meta-data": { requestBatchSize: "2" } }

  it.effect("batches with the page's thumbnail-meta-data settings: a batch size of 2 sends 3 images in 2 calls", () =>
    Effect.gen(function* () {
      const images = yield* windowed((yield* ThumbnailBatch).getAll(three))
      assert.deepStrictEqual(
        images.map((i) => i.imageUrl),
        [1, 2, 3].map((id) => `https://t.example.com/${id}.png`)
      )
      assert.deepStrictEqual(yield* paths, ["/thumbnails/v1/batch", "/thumbnails/v1/batch"])
    }).pipe(Effect.provide(thumbnailsLayer().pipe(Layer.provideMerge(platform({ metadata })))))
  )

  it.effect("pageSettings: false keeps the spec's defaults: one call", () =>
    Effect.gen(function* () {
      yield* windowed((yield* ThumbnailBatch).getAll(three))
      assert.deepStrictEqual(yield* paths, ["/thumbnails/v1/batch"])
    }).pipe(Effect.provide(thumbnailsLayer({ pageSettings: false }).pipe(Layer.provideMerge(platform({ metadata })))))
  )
})

describe("platformFeaturesLayer", () => {
  it.effect("every typed client, the social services and the thumbnails, complete over the platform layer", () =>
    Effect.gen(function* () {
      const games = yield* (yield* GamesClient).games.listGames({ query: {} })
      assert.deepStrictEqual(games.games, [])
      yield* Friends
      yield* ThumbnailBatch
      yield* UserLookup
    }).pipe(Effect.provide(platformFeaturesLayer().pipe(Layer.provideMerge(platform()))))
  )
})
