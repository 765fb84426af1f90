/**
 * The devtools panel's batch label names the batch's own call only: a friend list batch holds one list (`1 id` on
 * `/friends/find`), the names of its 42 friends are a direct users call made inside that batch (no batch label),
 * and their presence is a batch of 42 (`batch: 42 ids in one call`). A batch's re-sent call keeps its label.
 */
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Fiber from "effect/Fiber"
import * as Layer from "effect/Layer"
import { TestClock } from "effect/testing"
import * as BatchProcessor from "../../../src/core/batch/BatchProcessor.ts"
import * as DevtoolsRecorder from "../../../src/core/devtools/DevtoolsRecorder.ts"
import type { RequestRow } from "../../../src/core/devtools/rows.ts"
import { PlatformHttp } from "../../../src/core/http/PlatformHttp.ts"
import { platformClientsLayer } from "../../../src/platform/clients/PlatformClients.ts"
import { FriendListCache } from "../../../src/platform/social/FriendListCache.ts"
import { Friends } from "../../../src/platform/social/Friends.ts"
import { PresenceLookup } from "../../../src/platform/social/PresenceLookup.ts"
import { requestNotes } from "../../../src/react/devtools/describeRow.ts"
import { jsonResponse, type RecordedRequest } from "../../../src/testing/StubFetch.ts"
import { testPlatformLayer } from "../../../src/testing/testPlatformLayer.ts"
import { baseUrls } from "../../platform/clients/harness.ts"

const friendIds = Array.from({ length: 42 }, (_, i) => i + 2)

/** The friends (42), users and presence services. */
const services = (request: RecordedRequest) => {
  const path = new URL(request.url).pathname
  if (path.endsWith("/friends/find")) {
    return jsonResponse({
      PageItems: friendIds.map((id) => ({ id })),
      NextCursor: null,
      PreviousCursor: null,
      HasMore: false
    })
  }
  const ids: Array<number> = JSON.parse(request.body!).userIds
  if (path === "/users/v1/users")
    return jsonResponse({ data: ids.map((id) => ({ id, name: `u${id}`, displayName: `U${id}` })) })
  return jsonResponse({ userPresences: ids.map((userId) => ({ userId, userPresenceType: 1 })) })
}

const friendsLayer = (recorder: DevtoolsRecorder.DevtoolsRecorder) =>
  Friends.layer.pipe(
    Layer.provideMerge(Layer.mergeAll(PresenceLookup.layer, FriendListCache.layer)),
    Layer.provideMerge(platformClientsLayer),
    Layer.provideMerge(
      testPlatformLayer(services, {
        baseUrls,
        user: { id: 1, name: "u1", displayName: "U1", authenticated: true }
      }).pipe(Layer.provide(recorder.layer))
    )
  )

/** Each request row's path and its batch label (undefined without one). */
const labels = (recorder: DevtoolsRecorder.DevtoolsRecorder) =>
  (recorder.rows() as ReadonlyArray<RequestRow>).map((row) => [
    new URL(row.url).pathname,
    requestNotes(row).find((note) => note.startsWith("batch:"))
  ])

describe("the batch label", () => {
  it.effect(
    "Friends.page of 42 friends: the list batch of 1, the direct names call unlabelled, presence 42 ids",
    () => {
      const recorder = DevtoolsRecorder.make()
      return Effect.gen(function* () {
        const fiber = yield* Effect.forkChild(Friends.use((lists) => lists.page("friends")))
        yield* TestClock.adjust("1 minute")
        assert.strictEqual((yield* Fiber.join(fiber)).data.length, 42)
        assert.deepStrictEqual(labels(recorder), [
          ["/friends/v1/users/1/friends/find", "batch: 1 id in one call"],
          ["/users/v1/users", undefined],
          ["/presence/v1/presence/users", "batch: 42 ids in one call"]
        ])
      }).pipe(Effect.provide(friendsLayer(recorder)))
    }
  )

  it.effect("a process function's second call is not the batch's; its first call's re-send keeps the label", () => {
    const recorder = DevtoolsRecorder.make()
    let sends = 0
    const handler = (request: RecordedRequest) => {
      const path = new URL(request.url).pathname
      // the batch's call is refused once for its anti-forgery token, then accepted
      if (path === "/users/v1/batch" && sends++ === 0)
        return jsonResponse({}, { status: 403, headers: { "x-csrf-token": "t" } })
      return jsonResponse({})
    }
    return Effect.gen(function* () {
      const http = yield* PlatformHttp
      const users = yield* BatchProcessor.make({
        batchSize: 42,
        process: (ids: ReadonlyArray<number>) =>
          Effect.orDie(
            Effect.andThen(
              http.post<undefined>("https://platform.test/users/v1/batch", { body: { userIds: ids } }),
              http.post<undefined>("https://platform.test/users/v1/names", { body: { userIds: ids } })
            )
          ).pipe(Effect.as(ids))
      })
      const all = yield* Effect.forkChild(users.getAll(friendIds))
      yield* TestClock.adjust("1 second")
      assert.strictEqual((yield* Fiber.join(all)).length, 42)
      const rows = recorder.rows() as ReadonlyArray<RequestRow>
      assert.deepStrictEqual(
        rows.map((row) => row.sends),
        [2, 1]
      )
      assert.deepStrictEqual(labels(recorder), [
        ["/users/v1/batch", "batch: 42 ids in one call"],
        ["/users/v1/names", undefined]
      ])
    }).pipe(Effect.scoped, Effect.provide(testPlatformLayer(handler, { baseUrls }).pipe(Layer.provide(recorder.layer))))
  })
})
