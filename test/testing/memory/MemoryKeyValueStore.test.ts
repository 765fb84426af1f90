import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import { KeyValueStore } from "../../../src/core/browser/KeyValueStore.ts"
import { MemoryKeyValueStore } from "../../../src/testing/memory/MemoryKeyValueStore.ts"

describe("MemoryKeyValueStore", () => {
  it.effect("stores strings in a Map, starting from the initial entries", () =>
    Effect.gen(function* () {
      const store = yield* KeyValueStore
      const control = yield* MemoryKeyValueStore
      assert.strictEqual(yield* store.get("a"), "1")
      yield* store.set("b", "2")
      yield* store.remove("a")
      assert.deepStrictEqual([...(yield* control.entries)], [["b", "2"]])
      assert.strictEqual(yield* control.mode, "available")
    }).pipe(Effect.provide(MemoryKeyValueStore.layer({ initial: { a: "1" } })))
  )

  it.effect("full: set fails QuotaExceeded while get and remove work; switching back makes set work", () =>
    Effect.gen(function* () {
      const store = yield* KeyValueStore
      const control = yield* MemoryKeyValueStore
      yield* control.setMode("full")
      const error = yield* Effect.flip(store.set("b", "2"))
      assert.deepStrictEqual([error.reason, error.operation, error.key], ["QuotaExceeded", "set", "b"])
      assert.strictEqual(error.message, 'Storage set of "b" failed: QuotaExceeded')
      assert.strictEqual(yield* store.get("a"), "1")
      yield* store.remove("a")
      assert.strictEqual((yield* control.entries).size, 0)
      yield* control.setMode("available")
      yield* store.set("b", "2")
      assert.strictEqual(yield* store.get("b"), "2")
    }).pipe(Effect.provide(MemoryKeyValueStore.layer({ initial: { a: "1" } })))
  )

  it.effect("disabled: every operation fails Unavailable and the entries are kept", () =>
    Effect.gen(function* () {
      const store = yield* KeyValueStore
      const reasons = [
        (yield* Effect.flip(store.get("a"))).reason,
        (yield* Effect.flip(store.set("a", "x"))).reason,
        (yield* Effect.flip(store.remove("a"))).reason
      ]
      assert.deepStrictEqual(reasons, ["Unavailable", "Unavailable", "Unavailable"])
      assert.deepStrictEqual([...(yield* (yield* MemoryKeyValueStore).entries)], [["a", "1"]])
    }).pipe(Effect.provide(MemoryKeyValueStore.layer({ initial: { a: "1" }, mode: "disabled" })))
  )

  it.effect("each provide starts from a fresh store", () =>
    Effect.gen(function* () {
      const layer = MemoryKeyValueStore.layer()
      yield* KeyValueStore.use((s) => s.set("k", "v")).pipe(Effect.provide(layer))
      const after = yield* KeyValueStore.use((s) => s.get("k")).pipe(Effect.provide(layer))
      assert.strictEqual(after, undefined)
    })
  )
})
