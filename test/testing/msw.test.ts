/**
 * platform-web-client/testing/msw: the platform's services as msw handlers (msw/node `setupServer`), answering the
 * library's typed clients through the real pipeline, from the emulator's definitions and seeded world.
 */
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import { setupServer } from "msw/node"
import { FriendsClient, platformClientsLayer, UsersClient } from "platform-web-client/clients"
import { StubFetch } from "platform-web-client/testing"
import { mswPlatformLayer, platformHandlers } from "platform-web-client/testing/msw"
import { afterAll, afterEach, beforeAll } from "vitest"

const platform = platformHandlers({ seed: 7 })
const server = setupServer(...platform.handlers)

beforeAll(() => server.listen({ onUnhandledFrame: "error" }))
afterEach(() => platform.state.log.clear())
afterAll(async () => {
  server.close()
  await platform.dispose()
})

/** The clients over the test layer for msw: the pipeline over the real fetch, the handlers' base URLs, user 1. */
const clients = platformClientsLayer.pipe(Layer.provideMerge(mswPlatformLayer(platform)))

/** The request log as [method, path, status, csrf verdicts]. */
const logged = () =>
  platform.state.log
    .since(0)
    .entries.map(
      (e) => [e.method, e.url.replace(/\?.*$/, ""), e.status, e.verdicts.filter((v) => v.startsWith("csrf"))] as const
    )

describe("platformHandlers (msw)", () => {
  it.effect("a typed client call is answered from the seeded world, over the pipeline, without a server", () =>
    Effect.gen(function* () {
      const me = yield* (yield* UsersClient).users.getAuthenticatedUser()
      const seeded = platform.state.world.users.get(1)!
      assert.deepStrictEqual(me, { id: 1, name: seeded.name, displayName: seeded.displayName })
      const friends = yield* (yield* FriendsClient).friends.getFriends({ params: { userId: 1 }, query: {} })
      assert.isAbove(friends.data.length, 0)
      assert.deepStrictEqual(logged(), [
        ["GET", "/users/v1/users/authenticated", 200, []],
        ["GET", "/friends/v1/users/1/friends", 200, []]
      ])
      // the layer records what it sent, as the stub fetch does
      assert.deepStrictEqual(
        (yield* StubFetch).requests.map((r) => `${r.method} ${new URL(r.url).pathname}`),
        ["GET /users/v1/users/authenticated", "GET /friends/v1/users/1/friends"]
      )
    }).pipe(Effect.provide(clients))
  )

  it.effect("a POST without a CSRF token gets 403 with a fresh token, and the pipeline re-sends it once: 200", () =>
    Effect.gen(function* () {
      const found = yield* (yield* UsersClient).users.lookupUsers({ payload: { userIds: [1, 2] } })
      assert.deepStrictEqual(
        found.data.map((u) => u.id),
        [1, 2]
      )
      assert.deepStrictEqual(logged(), [
        ["POST", "/users/v1/users", 403, ["csrf missing"]],
        ["POST", "/users/v1/users", 200, ["csrf ok"]]
      ])
      const [refused, resent] = platform.state.log.since(0).entries
      // the re-sent request carries the token the 403 issued
      assert.isUndefined(refused!.requestHeaders["x-csrf-token"])
      assert.isString(resent!.requestHeaders["x-csrf-token"])
    }).pipe(Effect.provide(clients))
  )

  it.effect("a drop fault is a network failure for the client (msw answers Response.error())", () =>
    Effect.gen(function* () {
      platform.state.faults.add({ kind: "drop", path: "/users/*" })
      const error = yield* Effect.flip((yield* UsersClient).users.getAuthenticatedUser())
      platform.state.faults.clear()
      assert.strictEqual(error._tag, "FetchError")
      assert.deepStrictEqual(
        logged().map(([, , status]) => status),
        [null]
      )
    }).pipe(Effect.provide(clients))
  )

  it("a served browser script the handlers cannot fetch (run from the sources, no prebuilt asset) is a 503 saying why", async () => {
    const response = await fetch(`${new URL(platform.baseUrls.hba).origin}/hba/lab.js`)
    assert.strictEqual(response.status, 503)
    const body = (await response.json()) as { errors: ReadonlyArray<{ code: number; message: string }> }
    assert.strictEqual(body.errors.length, 1)
    assert.strictEqual(body.errors[0]!.code, 0)
    assert.match(
      body.errors[0]!.message,
      /^the emulator's script lab\.js is not available \(.+\): its routes need the built package's dist\/emulator\/assets served over HTTP, or the Node emulator \(platform-web-client\/emulator\)$/
    )
  })
})
