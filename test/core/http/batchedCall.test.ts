import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import { batchedGet, batchedPost, chunksOf } from "../../../src/core/http/batchedCall.ts"
import { jsonResponse, StubFetch } from "../../../src/testing/StubFetch.ts"
import { platformHttpLayer } from "./harness.ts"

const User = Schema.Struct({ id: Schema.Number })
const target = { service: "users", path: "/v1/users" } as const
const ids = (n: number) => Array.from({ length: n }, (_, i) => i + 1)

/** Answers each request with one item per id it carried (under `data`), read from the query or the body. */
const echo = (key: string) => (request: { readonly url: string; readonly body: string | undefined }) => {
  const carried =
    request.body === undefined || request.body === ""
      ? new URL(request.url).searchParams.get(key)!.split(",").map(Number)
      : (JSON.parse(request.body) as Record<string, ReadonlyArray<number>>)[key]!
  return jsonResponse({ data: carried.map((id) => ({ id })) })
}

describe("chunksOf", () => {
  it("cuts a list into runs of at most the size, in order; a size below 1 counts as 1", () => {
    assert.deepStrictEqual(chunksOf([1, 2, 3, 4, 5], 2), [[1, 2], [3, 4], [5]])
    assert.deepStrictEqual(chunksOf([1, 2], 0), [[1], [2]])
    assert.deepStrictEqual(chunksOf([], 100), [])
  })
})

describe("batchedGet", () => {
  it.effect("250 ids: three GETs of 100, 100 and 50 ids comma-joined under userIds; items joined in order", () =>
    Effect.gen(function* () {
      const users = yield* batchedGet(target, ids(250), { item: User })
      assert.deepStrictEqual(
        users.map((u) => u.id),
        ids(250)
      )
      const requests = (yield* StubFetch).requests
      assert.deepStrictEqual(
        requests.map((r) => r.method),
        ["GET", "GET", "GET"]
      )
      const carried = requests.map((r) => new URL(r.url).searchParams.get("userIds"))
      assert.deepStrictEqual(carried, [
        ids(100).join(","),
        ids(200).slice(100).join(","),
        ids(250).slice(200).join(",")
      ])
      assert.strictEqual(new URL(requests[0]!.url).search.startsWith("?userIds=1%2C2%2C3"), true)
    }).pipe(Effect.provide(platformHttpLayer(echo("userIds"))))
  )

  it.effect("a configured key, chunk size and other parameters; the list under another field", () =>
    Effect.gen(function* () {
      const users = yield* batchedGet(target, [7, 8, 9], {
        item: User,
        key: "universeIds",
        chunkSize: 2,
        params: { size: "150x150" },
        field: "items"
      })
      assert.deepStrictEqual(
        users.map((u) => u.id),
        [7, 8, 9]
      )
      assert.deepStrictEqual(
        (yield* StubFetch).requests.map((r) => r.url),
        [
          "https://users.example.com/v1/users?size=150x150&universeIds=7%2C8",
          "https://users.example.com/v1/users?size=150x150&universeIds=9"
        ]
      )
    }).pipe(
      Effect.provide(
        platformHttpLayer((request) => {
          const carried = new URL(request.url).searchParams.get("universeIds")!.split(",").map(Number)
          return jsonResponse({ items: carried.map((id) => ({ id })) })
        })
      )
    )
  )

  it.effect("an empty list sends nothing", () =>
    Effect.gen(function* () {
      assert.deepStrictEqual(yield* batchedGet(target, [], { item: User }), [])
      assert.strictEqual((yield* StubFetch).requests.length, 0)
    }).pipe(Effect.provide(platformHttpLayer(echo("userIds"))))
  )

  it.effect("a failed request fails the call with the pipeline's error", () =>
    Effect.gen(function* () {
      const error = yield* Effect.flip(batchedGet(target, ids(3), { item: User, chunkSize: 1, concurrency: 1 }))
      assert.strictEqual(error._tag, "ResponseError")
      assert.strictEqual(error._tag === "ResponseError" && error.status, 500)
      assert.strictEqual((yield* StubFetch).requests.length, 2)
    }).pipe(
      Effect.provide(
        platformHttpLayer((request) =>
          request.url.endsWith("userIds=2") ? jsonResponse({}, { status: 500 }) : echo("userIds")(request)
        )
      )
    )
  )
})

describe("batchedPost", () => {
  it.effect("ids as a JSON list under the key in each body, other body fields kept, the CSRF header on each", () =>
    Effect.gen(function* () {
      const users = yield* batchedPost(target, ids(5), { item: User, chunkSize: 2, body: { excludeBannedUsers: true } })
      assert.deepStrictEqual(
        users.map((u) => u.id),
        ids(5)
      )
      const requests = (yield* StubFetch).requests
      assert.deepStrictEqual(
        requests.map((r) => r.method),
        ["POST", "POST", "POST"]
      )
      assert.deepStrictEqual(
        requests.map((r) => r.body),
        [
          `{"excludeBannedUsers":true,"userIds":[1,2]}`,
          `{"excludeBannedUsers":true,"userIds":[3,4]}`,
          `{"excludeBannedUsers":true,"userIds":[5]}`
        ]
      )
      assert.deepStrictEqual(
        requests.map((r) => r.url),
        Array(3).fill("https://users.example.com/v1/users")
      )
    }).pipe(Effect.provide(platformHttpLayer(echo("userIds"))))
  )
})
