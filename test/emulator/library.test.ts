/**
 * The library against the emulator over real HTTP: PlatformHttp (memory capabilities, Node's fetch) calling the
 * services through HttpApiClient built from the same definitions the emulator serves.
 */
import { assert, describe, it } from "@effect/vitest"
import { Effect, Schema } from "effect"
import { HttpApiClient } from "effect/http-api"
import * as BatchProcessor from "../../src/core/batch/BatchProcessor.ts"
import { PlatformConfig } from "../../src/core/config/PlatformConfig.ts"
import { FetchError, ResponseError } from "../../src/core/http/errors.ts"
import { toHttpClient } from "../../src/core/http/httpClient.ts"
import { PlatformHttp } from "../../src/core/http/PlatformHttp.ts"
import { type FriendPage, FriendsApi } from "../../src/platform/api/friends.ts"
import { GamesApi } from "../../src/platform/api/games/api.ts"
import { toHttpApi } from "../../src/platform/api/httpApi.ts"
import { LookupUser, UsersApi } from "../../src/platform/api/users.ts"
import { StubFetch } from "../../src/testing/StubFetch.ts"
import { testPlatformLayer } from "../../src/testing/testPlatformLayer.ts"
import { range, useEmulator, verdictsOf } from "./support.ts"

const LookupUsers = Schema.Struct({ data: Schema.Array(LookupUser) })

describe("the library against the emulator", () => {
  const emulator = useEmulator()

  /** PlatformHttp whose fetch forwards to the emulator (and records what the library sent). */
  const library = () =>
    testPlatformLayer(
      (request) =>
        fetch(request.url, {
          method: request.method,
          headers: request.headers,
          ...(request.body === undefined ? {} : { body: request.body })
        }),
      { baseUrls: emulator().baseUrls, user: { id: 1, name: "EmuPlayer", displayName: "Emu", authenticated: true } }
    )

  /** Typed clients of the three services, over the library's pipeline and base URLs. */
  const clients = Effect.gen(function* () {
    const httpClient = toHttpClient(yield* PlatformHttp)
    const { baseUrls } = yield* PlatformConfig
    return {
      users: yield* HttpApiClient.group(toHttpApi(UsersApi), { group: "users", httpClient, baseUrl: baseUrls.users }),
      friends: yield* HttpApiClient.group(toHttpApi(FriendsApi), {
        group: "friends",
        httpClient,
        baseUrl: baseUrls.friends
      }),
      games: yield* HttpApiClient.group(toHttpApi(GamesApi), { group: "games", httpClient, baseUrl: baseUrls.games })
    }
  })

  const logged = () => emulator().state.log.since(0).entries

  it.live("refreshes the anti-forgery token once on a 403 and sends it up front afterwards", () =>
    Effect.gen(function* () {
      const { users } = yield* clients
      const first = yield* users.lookupUsers({ payload: { userIds: [2, 1] } })
      assert.deepStrictEqual(
        first.data.map((u) => u.id),
        [2, 1]
      )
      yield* users.lookupUsers({ payload: { userIds: [3] } })
      const sent = (yield* StubFetch).requests
      assert.strictEqual(sent.length, 3)
      assert.strictEqual(sent[0]!.headers["x-csrf-token"], undefined)
      assert.strictEqual(sent[1]!.headers["x-csrf-token"], sent[2]!.headers["x-csrf-token"])
      assert.deepStrictEqual(
        logged().map((e) => [e.status, verdictsOf("csrf")(e)]),
        [
          [403, ["csrf missing"]],
          [200, ["csrf ok"]],
          [200, ["csrf ok"]]
        ]
      )
    }).pipe(Effect.provide(library()))
  )

  it.live("surfaces 101 ids as a ResponseError 400 with code 1; a BatchProcessor sends at most 100 per call", () =>
    Effect.gen(function* () {
      const { users } = yield* clients
      const error = yield* Effect.flip(users.lookupUsers({ payload: { userIds: range(101) } }))
      if (!(error instanceof ResponseError)) return assert.fail(`expected a ResponseError, got ${String(error)}`)
      assert.deepStrictEqual([error.status, error.codes], [400, [1]])
      const http = yield* PlatformHttp
      const lookups = yield* BatchProcessor.make({
        process: (userIds: ReadonlyArray<number>) =>
          Effect.map(
            http.post({ service: "users", path: "/v1/users" }, { body: { userIds }, schema: LookupUsers }),
            (answer) => new Map(answer.data.map((user) => [user.id, user]))
          ),
        batchSize: 100
      })
      const found = yield* lookups.getAll(range(150))
      assert.deepStrictEqual(
        found.map((user) => user.id),
        range(150)
      )
      assert.deepStrictEqual(
        logged()
          .filter((e) => e.status === 200)
          .map((e) => e.ids)
          .sort(),
        [100, 50]
      )
    }).pipe(Effect.provide(library()))
  )

  it.live("walks a cursor-paged list to its end", () =>
    Effect.gen(function* () {
      const { friends } = yield* clients
      const ids: Array<number> = []
      let cursor: string | undefined = undefined
      do {
        const page: FriendPage = yield* friends.getFollowings({
          params: { targetUserId: 1 },
          query: { limit: 10, ...(cursor === undefined ? {} : { cursor }) }
        })
        ids.push(...page.data.map((u) => u.id))
        cursor = page.nextPageCursor ?? undefined
      } while (cursor !== undefined)
      assert.deepStrictEqual(ids, [...emulator().state.world.followings.get(1)!])
    }).pipe(Effect.provide(library()))
  )

  it.live("surfaces an injected 503 as a ResponseError with status 503 and tells the 503 listeners", () =>
    Effect.gen(function* () {
      emulator().state.faults.add({ kind: "status", status: 503, path: "/games/*", times: 1 })
      const http = yield* PlatformHttp
      const notices: Array<string> = []
      yield* http.onServiceUnavailable((url) => notices.push(url))
      const { games } = yield* clients
      const error = yield* Effect.flip(games.getGames({ query: { universeIds: [1001] } }))
      if (!(error instanceof ResponseError)) return assert.fail(`expected a ResponseError, got ${String(error)}`)
      const url = `${emulator().baseUrls.games}/v1/games?universeIds=1001`
      assert.deepStrictEqual(
        [error.status, error.codes, error.message, error.serverMessage],
        [503, [0], `Response from ${url} returned an error code 503`, "ServiceUnavailable"]
      )
      assert.deepStrictEqual(notices, [url])
      const again = yield* games.getGames({ query: { universeIds: [1001] } })
      assert.deepStrictEqual(
        again.data.map((g) => g.rootPlaceId),
        [emulator().state.world.universes.get(1001)!.rootPlaceId]
      )
    }).pipe(Effect.scoped, Effect.provide(library()))
  )

  it.live("surfaces a dropped connection as a FetchError", () =>
    Effect.gen(function* () {
      emulator().state.faults.add({ kind: "drop", path: "/games/*", times: 1 })
      const { games } = yield* clients
      const error = yield* Effect.flip(games.listGames({ query: {} }))
      assert.instanceOf(error, FetchError)
    }).pipe(Effect.provide(library()))
  )
})
