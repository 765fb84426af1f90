/** The query cache's bound on entries without a reader, by counting entries and `Evicted` events. */
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Query from "../../../src/core/query/Query.ts"
import * as QueryClient from "../../../src/core/query/QueryClient.ts"
import { macrotask, recordEvents } from "./fixtures.ts"

const Echo = Query.make({ name: "echo", run: (n: number) => Effect.succeed(n) })

const evicted = (events: ReadonlyArray<{ readonly _tag: string; readonly key?: string }>) =>
  events.filter((e) => e._tag === "Evicted").map((e) => e.key)

describe("QueryClient: at most maxIdleEntries entries without a reader", () => {
  it.effect("one more idle entry drops the one idle the longest", () =>
    Effect.gen(function* () {
      const client = yield* QueryClient.makeEffect({ maxIdleEntries: 3 })
      const events = recordEvents(client.events)
      for (let i = 0; i < 5; i++) yield* client.fetchQuery(Echo, i)
      yield* macrotask
      assert.deepStrictEqual(evicted(events), ["echo:0", "echo:1"])
      assert.strictEqual(client.stats().entries, 3)
    })
  )

  it.effect("the default bound is 500 idle entries", () =>
    Effect.gen(function* () {
      assert.strictEqual(QueryClient.defaultMaxIdleEntries, 500)
      const client = yield* QueryClient.makeEffect()
      const events = recordEvents(client.events)
      for (let i = 0; i < 510; i++) yield* client.fetchQuery(Echo, i)
      yield* macrotask
      assert.strictEqual(evicted(events).length, 10)
      assert.strictEqual(client.stats().entries, 500)
    })
  )

  it.effect("an entry with a reader is never dropped; read again, an idle entry is no longer idle", () =>
    Effect.gen(function* () {
      const client = yield* QueryClient.makeEffect({ maxIdleEntries: 2 })
      const events = recordEvents(client.events)
      const watched = client.observe(Echo, 100).subscribe(() => {})
      yield* client.fetchQuery(Echo, 1)
      yield* client.fetchQuery(Echo, 2)
      const again = client.observe(Echo, 1).subscribe(() => {}) // 1 has a reader again
      yield* client.fetchQuery(Echo, 3)
      yield* client.fetchQuery(Echo, 4)
      yield* macrotask
      assert.deepStrictEqual(evicted(events), ["echo:2"])
      again()
      yield* macrotask
      assert.deepStrictEqual(evicted(events), ["echo:2", "echo:3"])
      assert.deepStrictEqual(client.stats().entries, 3) // 100 (read), 4 and 1 (idle)
      watched()
    })
  )

  it.effect("maxIdleEntries 0 keeps nothing once its last reader leaves", () =>
    Effect.gen(function* () {
      const client = yield* QueryClient.makeEffect({ maxIdleEntries: 0 })
      const events = recordEvents(client.events)
      yield* client.fetchQuery(Echo, 1)
      yield* macrotask
      assert.deepStrictEqual(evicted(events), ["echo:1"])
    })
  )
})
