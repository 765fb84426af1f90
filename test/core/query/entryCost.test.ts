/**
 * What an entry of the query cache costs, by counting what is built for it: an entry of a query with a schema is
 * the same cache entry as one without, and the schema's serializer (the AsyncResult schema, its JSON codec) is built
 * once per query, not per entry. The constructors of the cache entry and of effect's AsyncResult and Schema modules
 * are wrapped in counting spies.
 */
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as AsyncResult from "effect/reactivity/AsyncResult"
import * as Schema from "effect/Schema"
import { beforeEach, vi } from "vitest"
import * as CacheEntry from "../../../src/core/query/CacheEntry.ts"
import * as Query from "../../../src/core/query/Query.ts"
import * as QueryClient from "../../../src/core/query/QueryClient.ts"

vi.mock("../../../src/core/query/CacheEntry.ts", async (original) => {
  const entry = await original<typeof import("../../../src/core/query/CacheEntry.ts")>()
  return { ...entry, make: vi.fn(entry.make) }
})
vi.mock("effect/reactivity/AsyncResult", async (original) => {
  const result = await original<typeof import("effect/reactivity/AsyncResult")>()
  return { ...result, Schema: vi.fn(result.Schema) }
})
vi.mock("effect/Schema", async (original) => {
  const schema = await original<typeof import("effect/Schema")>()
  return { ...schema, toCodecJson: vi.fn(schema.toCodecJson) }
})

const User = Schema.Struct({ id: Schema.Number, name: Schema.String })
const user = (id: number) => Effect.succeed({ id, name: `user ${id}` })

/** What was built while `n` entries of `query` were fetched (and dehydrated). */
const built = (query: Query.Query<number, { id: number; name: string }, never, never>, n: number) =>
  Effect.gen(function* () {
    vi.clearAllMocks()
    const client = yield* QueryClient.makeEffect()
    for (let i = 0; i < n; i++) yield* client.fetchQuery(query, i)
    const dehydrated = client.dehydrate().length
    return {
      entries: vi.mocked(CacheEntry.make).mock.calls.length,
      resultSchemas: vi.mocked(AsyncResult.Schema).mock.calls.length,
      codecs: vi.mocked(Schema.toCodecJson).mock.calls.length,
      cached: client.stats().entries,
      dehydrated
    }
  })

describe("QueryClient: an entry's cost does not depend on the schema", () => {
  beforeEach(() => vi.clearAllMocks())

  it.effect("100 entries with a schema build what 100 without do, and one serializer", () =>
    Effect.gen(function* () {
      const plain = yield* built(Query.make({ name: "plain", run: user }), 100)
      const withSchema = yield* built(Query.make({ name: "typed", run: user, schema: { success: User } }), 100)
      assert.deepStrictEqual(plain, { entries: 100, resultSchemas: 0, codecs: 0, cached: 100, dehydrated: 0 })
      assert.deepStrictEqual(withSchema, { ...plain, resultSchemas: 1, codecs: 1, dehydrated: 100 })
    })
  )

  it.effect("a second client of the same query builds no serializer again", () =>
    Effect.gen(function* () {
      const query = Query.make({ name: "shared", run: user, schema: { success: User } })
      const first = yield* built(query, 10)
      const second = yield* built(query, 10)
      assert.deepStrictEqual([first.codecs, second.codecs, second.dehydrated], [1, 0, 10])
    })
  )

  it.effect("the shared serializer still dehydrates and hydrates each entry under its own key", () =>
    Effect.gen(function* () {
      const query = Query.make({ name: "ssr", run: user, schema: { success: User } })
      const server = yield* QueryClient.makeEffect()
      yield* server.fetchQuery(query, 1)
      yield* server.fetchQuery(query, 2)
      const state = server.dehydrate()
      assert.deepStrictEqual(
        state.map((entry) => [entry.key, entry.value]),
        [
          [
            "ssr:1",
            {
              _tag: "Success",
              value: { id: 1, name: "user 1" },
              waiting: false,
              timestamp: (state[0]!.value as any).timestamp
            }
          ],
          [
            "ssr:2",
            {
              _tag: "Success",
              value: { id: 2, name: "user 2" },
              waiting: false,
              timestamp: (state[1]!.value as any).timestamp
            }
          ]
        ]
      )
      let runs = 0
      const counted = Query.make({
        name: "ssr",
        run: (id: number) => Effect.sync(() => (runs++, { id, name: "fetched" })),
        schema: { success: User }
      })
      const browser = yield* QueryClient.makeEffect()
      yield* browser.hydrate(state)
      assert.deepStrictEqual([yield* browser.fetchQuery(counted, 2), runs], [{ id: 2, name: "user 2" }, 0])
    })
  )
})
