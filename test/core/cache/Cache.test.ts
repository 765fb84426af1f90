import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Fiber from "effect/Fiber"
import * as Layer from "effect/Layer"
import * as Option from "effect/Option"
import * as Schema from "effect/Schema"
import { TestClock } from "effect/testing"
import * as BatchProcessor from "../../../src/core/batch/BatchProcessor.ts"
import { batchStore, Cache, CacheExpiry, CacheMaxEntries } from "../../../src/core/cache/Cache.ts"
import {
  MemoryKeyValueStore,
  type MemoryKeyValueStoreOptions
} from "../../../src/testing/memory/MemoryKeyValueStore.ts"
import { MemoryLogger } from "../../../src/testing/memory/MemoryLogger.ts"

const User = Schema.Struct({ id: Schema.Number, name: Schema.String })
const alice = { id: 1, name: "alice" }

const env = (options: MemoryKeyValueStoreOptions = {}) =>
  Cache.layer.pipe(Layer.provideMerge(MemoryKeyValueStore.layer(options)), Layer.provideMerge(MemoryLogger.layer()))

const stored = (key: string) => Effect.flatMap(MemoryKeyValueStore, (m) => Effect.map(m.entries, (e) => e.get(key)))
const warnings = Effect.flatMap(MemoryLogger, (logger) =>
  Effect.map(logger.entries, (lines) => lines.filter((l) => l.level === "Warn").map((l) => l.text))
)

describe("Cache", () => {
  it.effect("stores { data, timeStamp } as JSON in the KeyValueStore and reads it back", () =>
    Effect.gen(function* () {
      const cache = yield* Cache
      yield* TestClock.adjust("1234 millis")
      yield* cache.set("user:1", alice, User)
      assert.strictEqual(yield* stored("user:1"), `{"data":{"id":1,"name":"alice"},"timeStamp":1234}`)
      assert.deepStrictEqual(yield* cache.get("user:1", User), Option.some(alice))
      assert.deepStrictEqual(yield* cache.get("user:2", User), Option.none())
    }).pipe(Effect.provide(env()))
  )

  it.effect("a value expires 30000 ms after it was stored", () =>
    Effect.gen(function* () {
      const cache = yield* Cache
      yield* cache.set("k", alice, User)
      yield* TestClock.adjust("29999 millis")
      assert.isTrue(Option.isSome(yield* cache.get("k", User)))
      yield* TestClock.adjust("1 millis")
      assert.isTrue(Option.isNone(yield* cache.get("k", User)))
    }).pipe(Effect.provide(env()))
  )

  it.effect(
    "the expiry can be set per read and app-wide with CacheExpiry; a read that finds it expired removes it",
    () =>
      Effect.gen(function* () {
        const cache = yield* Cache
        yield* cache.set("k", alice, User)
        yield* TestClock.adjust("5 seconds")
        assert.isTrue(Option.isSome(yield* cache.get("k", User, { expiryMs: 5001 })))
        assert.isTrue(Option.isNone(yield* cache.get("k", User, { expiryMs: 5000 })))
        assert.strictEqual(yield* stored("k"), undefined)
        yield* cache.set("k", alice, User)
        yield* TestClock.adjust("5 seconds")
        assert.isTrue(Option.isNone(yield* cache.get("k", User)))
      }).pipe(Effect.provide(env()), Effect.provideService(CacheExpiry, 5000))
  )

  it.effect("a corrupt value is a logged miss, never a throw, and the next set replaces it", () =>
    Effect.gen(function* () {
      const cache = yield* Cache
      assert.isTrue(Option.isNone(yield* cache.get("k", User)))
      assert.deepStrictEqual(yield* warnings, [`Cache: the value under "k" is corrupt or foreign; treated as a miss`])
      yield* cache.set("k", alice, User)
      assert.deepStrictEqual(yield* cache.get("k", User), Option.some(alice))
    }).pipe(Effect.provide(env({ initial: { k: "{not json" } })))
  )

  it.effect("foreign values (other shapes, other data, a future time stamp) are misses", () =>
    Effect.gen(function* () {
      const cache = yield* Cache
      for (const key of ["shape", "data", "stamp", "future"]) assert.isTrue(Option.isNone(yield* cache.get(key, User)))
      assert.strictEqual((yield* warnings).length, 3)
    }).pipe(
      Effect.provide(
        env({
          initial: {
            shape: `{"foo":1}`,
            data: `{"data":{"id":"1"},"timeStamp":0}`,
            stamp: `{"data":{"id":1,"name":"a"},"timeStamp":"0"}`,
            future: `{"data":{"id":1,"name":"a"},"timeStamp":99999}`
          }
        })
      )
    )
  )

  it.effect("storage full degrades to memory: set succeeds, the value is read back and still expires", () =>
    Effect.gen(function* () {
      const cache = yield* Cache
      yield* cache.set("k", alice, User)
      yield* cache.set("k", { id: 1, name: "alice 2" }, User)
      assert.strictEqual(yield* stored("k"), undefined)
      assert.deepStrictEqual(yield* cache.get("k", User), Option.some({ id: 1, name: "alice 2" }))
      assert.deepStrictEqual(yield* warnings, [`Cache: storage refused "k" (QuotaExceeded); kept in memory`])
      yield* TestClock.adjust("30 seconds")
      assert.isTrue(Option.isNone(yield* cache.get("k", User)))
    }).pipe(Effect.provide(env({ mode: "full" })))
  )

  it.effect("when storage comes back, set writes it and drops the memory copy", () =>
    Effect.gen(function* () {
      const cache = yield* Cache
      const control = yield* MemoryKeyValueStore
      yield* cache.set("k", alice, User)
      yield* control.setMode("available")
      yield* cache.set("k", { id: 1, name: "stored" }, User)
      assert.strictEqual(yield* stored("k"), `{"data":{"id":1,"name":"stored"},"timeStamp":0}`)
      yield* cache.remove("k")
      assert.isTrue(Option.isNone(yield* cache.get("k", User)))
      assert.strictEqual(yield* stored("k"), undefined)
    }).pipe(Effect.provide(env({ mode: "full" })))
  )

  it.effect("disabled storage: reads miss, writes go to memory, nothing fails", () =>
    Effect.gen(function* () {
      const cache = yield* Cache
      assert.isTrue(Option.isNone(yield* cache.get("k", User)))
      yield* cache.set("k", alice, User)
      assert.deepStrictEqual(yield* cache.get("k", User), Option.some(alice))
      yield* cache.remove("k")
      assert.isTrue(Option.isNone(yield* cache.get("k", User)))
    }).pipe(Effect.provide(env({ mode: "disabled" })))
  )

  it.effect("values go through the schema's encoding (a Date as an ISO string)", () =>
    Effect.gen(function* () {
      const cache = yield* Cache
      const Stamp = Schema.Struct({ at: Schema.DateFromString })
      yield* cache.set("d", { at: new Date(Date.UTC(2024, 0, 2)) }, Stamp)
      assert.strictEqual(yield* stored("d"), `{"data":{"at":"2024-01-02T00:00:00.000Z"},"timeStamp":0}`)
      const back = yield* cache.get("d", Stamp)
      assert.strictEqual(Option.getOrThrow(back).at.toISOString(), "2024-01-02T00:00:00.000Z")
    }).pipe(Effect.provide(env()))
  )

  it.effect("getOrSet runs the fallback on a miss only, stores its value, not its failure", () =>
    Effect.gen(function* () {
      const cache = yield* Cache
      let runs = 0
      const load = Effect.sync(() => ({ id: ++runs, name: "loaded" }))
      assert.deepStrictEqual(yield* cache.getOrSet("k", User, load), { id: 1, name: "loaded" })
      assert.deepStrictEqual(yield* cache.getOrSet("k", User, load), { id: 1, name: "loaded" })
      assert.strictEqual(runs, 1)
      const failed = yield* Effect.flip(cache.getOrSet("other", User, Effect.fail("down")))
      assert.strictEqual(failed, "down")
      assert.strictEqual(yield* stored("other"), undefined)
    }).pipe(Effect.provide(env()))
  )
})

describe("Cache: bounded", () => {
  const boundedEnv = (maxEntries: number, options: MemoryKeyValueStoreOptions = {}) =>
    env(options).pipe(Layer.provide(Layer.succeed(CacheMaxEntries, maxEntries)))
  const storedKeys = Effect.flatMap(MemoryKeyValueStore, (m) => Effect.map(m.entries, (e) => [...e.keys()]))
  const keys = (n: number, from = 1) => Array.from({ length: n }, (_, i) => `k${from + i}`)
  const hits = (cache: Cache["Service"], list: ReadonlyArray<string>) =>
    Effect.map(
      Effect.forEach(list, (key) => cache.get(key, User)),
      (found) => list.filter((_, i) => Option.isSome(found[i]!))
    )

  it.effect("an expired value found by a read is removed from the storage", () =>
    Effect.gen(function* () {
      const cache = yield* Cache
      yield* cache.set("k", alice, User)
      yield* TestClock.adjust("30 seconds")
      assert.isTrue(Option.isNone(yield* cache.get("k", User)))
      assert.deepStrictEqual(yield* storedKeys, [])
    }).pipe(Effect.provide(env()))
  )

  it.effect("a value with a time stamp in the future is a miss, but is not removed (not expired)", () =>
    Effect.gen(function* () {
      const cache = yield* Cache
      assert.isTrue(Option.isNone(yield* cache.get("future", User)))
      assert.deepStrictEqual(yield* storedKeys, ["future"])
    }).pipe(Effect.provide(env({ initial: { future: `{"data":{"id":1,"name":"a"},"timeStamp":99999}` } })))
  )

  it.effect("each write sweeps up to 16 expired keys from the least recently used end", () =>
    Effect.gen(function* () {
      const cache = yield* Cache
      for (const key of keys(20)) yield* cache.set(key, alice, User)
      yield* TestClock.adjust("30 seconds")
      yield* cache.set("new1", alice, User)
      assert.deepStrictEqual(yield* storedKeys, [...keys(4, 17), "new1"])
      yield* cache.set("new2", alice, User) // 4 expired, then a fresh one stops the sweep
      assert.deepStrictEqual(yield* storedKeys, ["new1", "new2"])
    }).pipe(Effect.provide(env()))
  )

  it.effect("the sweep uses the expiry of the key's last write or read", () =>
    Effect.gen(function* () {
      const cache = yield* Cache
      yield* cache.set("short", alice, User, { expiryMs: 1000 })
      yield* cache.set("long", alice, User, { expiryMs: 60_000 })
      yield* TestClock.adjust("2 seconds")
      yield* cache.set("other", alice, User)
      assert.deepStrictEqual(yield* storedKeys, ["long", "other"])
    }).pipe(Effect.provide(env()))
  )

  it.effect("at most CacheMaxEntries keys: a write beyond it removes the least recently used", () =>
    Effect.gen(function* () {
      const cache = yield* Cache
      for (const key of keys(5)) yield* cache.set(key, alice, User)
      assert.deepStrictEqual(yield* storedKeys, keys(3, 3))
      yield* cache.get("k3", User) // used: k4 is now the least recently used
      yield* cache.set("k6", alice, User)
      assert.deepStrictEqual((yield* storedKeys).sort(), ["k3", "k5", "k6"])
    }).pipe(Effect.provide(boundedEnv(3)))
  )

  it.effect("the in-memory fallback of a full storage has the same bound", () =>
    Effect.gen(function* () {
      const cache = yield* Cache
      for (const key of keys(5)) yield* cache.set(key, alice, User)
      assert.deepStrictEqual(yield* hits(cache, keys(5)), keys(3, 3))
      assert.deepStrictEqual(yield* storedKeys, [])
    }).pipe(Effect.provide(boundedEnv(3, { mode: "full" })))
  )

  it.effect("the default bound is 1,000 keys, storage and memory alike", () =>
    Effect.gen(function* () {
      const cache = yield* Cache
      const control = yield* MemoryKeyValueStore
      for (const key of keys(1000)) yield* cache.set(key, alice, User)
      yield* control.setMode("full")
      for (const key of keys(10, 1001)) yield* cache.set(key, alice, User)
      assert.strictEqual((yield* storedKeys).length, 990)
      assert.deepStrictEqual(yield* hits(cache, keys(12, 999)), keys(12, 999))
      assert.deepStrictEqual(yield* hits(cache, keys(10)), [])
    }).pipe(Effect.provide(env()))
  )

  it.effect("a key the storage held before is counted once read", () =>
    Effect.gen(function* () {
      const cache = yield* Cache
      assert.isTrue(Option.isSome(yield* cache.get("earlier", User)))
      yield* cache.set("k1", alice, User)
      assert.deepStrictEqual(yield* storedKeys, ["untouched", "k1"])
    }).pipe(
      Effect.provide(
        boundedEnv(1, {
          initial: {
            untouched: `{"data":{"id":2,"name":"b"},"timeStamp":0}`,
            earlier: `{"data":{"id":1,"name":"a"},"timeStamp":0}`
          }
        })
      )
    )
  )
})

describe("Cache as a batch processor store", () => {
  it.effect("a second processor is answered from storage, without a process call, until expiry", () =>
    Effect.gen(function* () {
      const calls: Array<ReadonlyArray<number>> = []
      const process = (ids: ReadonlyArray<number>) =>
        Effect.sync(() => {
          calls.push(ids)
          return ids.map((id) => ({ id, name: `user ${id}` }))
        })
      const store = yield* batchStore({ prefix: "users:", schema: User, expiryMs: 60_000 })
      const lookup = (id: number) =>
        Effect.gen(function* () {
          const p = yield* BatchProcessor.make({ process, store })
          const fiber = yield* Effect.forkChild(p.get(id), { startImmediately: true })
          yield* TestClock.adjust("10 millis")
          return yield* Fiber.join(fiber)
        }).pipe(Effect.scoped)
      assert.deepStrictEqual(yield* lookup(5), { id: 5, name: "user 5" })
      assert.strictEqual(yield* stored("users:5"), `{"data":{"id":5,"name":"user 5"},"timeStamp":10}`)
      assert.deepStrictEqual(yield* lookup(5), { id: 5, name: "user 5" })
      assert.strictEqual(calls.length, 1)
      yield* TestClock.adjust("1 minute")
      yield* lookup(5)
      assert.strictEqual(calls.length, 2)
    }).pipe(Effect.provide(env()))
  )

  it.effect("without a store nothing is written to storage (cache not used by default)", () =>
    Effect.gen(function* () {
      const p = yield* BatchProcessor.make({ process: (ids: ReadonlyArray<number>) => Effect.succeed(ids) })
      const fiber = yield* Effect.forkChild(p.get(1), { startImmediately: true })
      yield* TestClock.adjust("10 millis")
      yield* Fiber.join(fiber)
      const control = yield* MemoryKeyValueStore
      assert.strictEqual((yield* control.entries).size, 0)
    }).pipe(Effect.provide(env()))
  )
})
