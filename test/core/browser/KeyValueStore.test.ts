import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import {
  KeyValueStore,
  type StorageErrorReason,
  type StorageLike,
  storageErrorReason
} from "../../../src/core/browser/KeyValueStore.ts"

/** A Map-backed storage whose operations can be made to throw. */
const fakeStorage = (throwOn: Partial<Record<"getItem" | "setItem" | "removeItem", unknown>> = {}) => {
  const map = new Map<string, string>()
  const guard = (op: keyof typeof throwOn) => {
    if (op in throwOn) throw throwOn[op]
  }
  const storage: StorageLike = {
    getItem: (k) => (guard("getItem"), map.get(k) ?? null),
    setItem: (k, v) => (guard("setItem"), void map.set(k, v)),
    removeItem: (k) => (guard("removeItem"), void map.delete(k))
  }
  return { map, storage }
}

const domException = (name: string) => new DOMException("boom", name)

describe("KeyValueStore.fromStorage", () => {
  it.effect("gets, sets and removes strings; a missing key is undefined", () => {
    const { map, storage } = fakeStorage()
    return Effect.gen(function* () {
      const store = yield* KeyValueStore
      assert.strictEqual(yield* store.get("k"), undefined)
      yield* store.set("k", "v1")
      assert.strictEqual(yield* store.get("k"), "v1")
      assert.deepStrictEqual([...map], [["k", "v1"]])
      yield* store.remove("k")
      assert.strictEqual(yield* store.get("k"), undefined)
      assert.strictEqual(map.size, 0)
    }).pipe(Effect.provide(KeyValueStore.fromStorage(() => storage)))
  })

  const cases: ReadonlyArray<[string, unknown, StorageErrorReason]> = [
    ["DOMException QuotaExceededError", domException("QuotaExceededError"), "QuotaExceeded"],
    ["Firefox NS_ERROR_DOM_QUOTA_REACHED", { name: "NS_ERROR_DOM_QUOTA_REACHED", code: 1014 }, "QuotaExceeded"],
    ["legacy code 22", Object.assign(new Error("full"), { code: 22 }), "QuotaExceeded"],
    ["legacy code 1014", Object.assign(new Error("full"), { code: 1014 }), "QuotaExceeded"],
    ["SecurityError during the operation", domException("SecurityError"), "Unavailable"],
    ["TypeError", new TypeError("odd"), "Unknown"],
    ["a thrown string", "oops", "Unknown"],
    ["a string code", Object.assign(new Error("x"), { code: "22" }), "Unknown"]
  ]
  for (const [label, thrown, reason] of cases) {
    it.effect(`set throwing ${label} fails with reason ${reason}`, () => {
      const { storage } = fakeStorage({ setItem: thrown })
      return Effect.gen(function* () {
        const error = yield* Effect.flip((yield* KeyValueStore).set("key", "value"))
        assert.strictEqual(error._tag, "StorageError")
        assert.strictEqual(error.reason, reason)
        assert.strictEqual(error.operation, "set")
        assert.strictEqual(error.key, "key")
        assert.strictEqual(error.cause, thrown)
        assert.strictEqual(error.message, `Storage set of "key" failed: ${reason}`)
      }).pipe(Effect.provide(KeyValueStore.fromStorage(() => storage)))
    })
  }

  it.effect("get and remove failures carry their operation", () => {
    const { storage } = fakeStorage({ getItem: new Error("x"), removeItem: domException("SecurityError") })
    return Effect.gen(function* () {
      const store = yield* KeyValueStore
      const getError = yield* Effect.flip(store.get("a"))
      assert.deepStrictEqual([getError.operation, getError.reason], ["get", "Unknown"])
      const removeError = yield* Effect.flip(store.remove("b"))
      assert.deepStrictEqual(
        [removeError.operation, removeError.reason, removeError.key],
        ["remove", "Unavailable", "b"]
      )
    }).pipe(Effect.provide(KeyValueStore.fromStorage(() => storage)))
  })

  const unavailable: ReadonlyArray<[string, () => StorageLike | null | undefined]> = [
    [
      "accessing the storage throws SecurityError",
      () => {
        throw domException("SecurityError")
      }
    ],
    ["the storage is null", () => null],
    ["the storage is absent", () => undefined]
  ]
  for (const [label, lookup] of unavailable) {
    it.effect(`every operation fails Unavailable when ${label}`, () =>
      Effect.gen(function* () {
        const store = yield* KeyValueStore
        const errors = [
          yield* Effect.flip(store.get("k")),
          yield* Effect.flip(store.set("k", "v")),
          yield* Effect.flip(store.remove("k"))
        ]
        assert.deepStrictEqual(
          errors.map((e) => [e.operation, e.reason]),
          [
            ["get", "Unavailable"],
            ["set", "Unavailable"],
            ["remove", "Unavailable"]
          ]
        )
      }).pipe(Effect.provide(KeyValueStore.fromStorage(lookup)))
    )
  }

  it.effect("the browser layer outside a browser is Unavailable, never a throw", () =>
    Effect.gen(function* () {
      const error = yield* Effect.flip((yield* KeyValueStore).get("k"))
      assert.strictEqual(error.reason, "Unavailable")
    }).pipe(Effect.provide(KeyValueStore.browser))
  )
})

describe("storageErrorReason", () => {
  it("classifies null and primitives as Unknown", () => {
    assert.strictEqual(storageErrorReason(null), "Unknown")
    assert.strictEqual(storageErrorReason(22), "Unknown")
    assert.strictEqual(storageErrorReason(undefined), "Unknown")
  })
})
