import { assert, describe, it } from "@effect/vitest"
import "fake-indexeddb/auto" // idb checks results against the global IDBRequest & co.
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import { IDBFactory } from "fake-indexeddb"
import { openDB } from "idb"
import { Crypto } from "../../../../src/core/browser/Crypto.ts"
import { KeyDatabase } from "../../../../src/core/browser/KeyDatabase.ts"
import { KeyStore } from "../../../../src/core/signing/keys/KeyStore.ts"
import { MemoryKeyDatabase } from "../../../../src/testing/memory/MemoryKeyDatabase.ts"
import { MemoryLogger } from "../../../../src/testing/memory/MemoryLogger.ts"
import { location } from "../harness.ts"

interface Counts {
  generations: number
  reads: number
  writes: number
}

/** A page: a key store over a shared IndexedDB factory, counting generations, reads and writes. */
const page = (factory: IDBFactory, counts: Counts) =>
  KeyStore.layer.pipe(
    Layer.provide(
      Layer.mergeAll(
        Layer.effect(
          Crypto,
          Effect.map(Crypto, (real) =>
            Crypto.of({
              ...real,
              generateSigningKeyPair: Effect.suspend(() => (counts.generations++, real.generateSigningKeyPair))
            })
          )
        ).pipe(Layer.provide(Crypto.browser)),
        Layer.effect(
          KeyDatabase,
          Effect.map(KeyDatabase, (real) =>
            KeyDatabase.of({
              ...real,
              get: (l) => Effect.suspend(() => (counts.reads++, real.get(l))),
              put: (l, v) => Effect.suspend(() => (counts.writes++, real.put(l, v)))
            })
          )
        ).pipe(Layer.provide(KeyDatabase.fromFactory(() => factory)))
      )
    )
  )

const spkiOf = (key: CryptoKey) =>
  Effect.promise(() => crypto.subtle.exportKey("spki", key)).pipe(Effect.map((b) => Buffer.from(b).toString("base64")))

const fresh = (): Counts => ({ generations: 0, reads: 0, writes: 0 })

describe("KeyStore on IndexedDB (fake-indexeddb)", () => {
  it.effect("stores one non-extractable ECDSA P-256 pair in the configured database (version 1), store and key", () =>
    Effect.gen(function* () {
      const factory = new IDBFactory()
      const counts = fresh()
      const pair = yield* Effect.flatMap(KeyStore, (s) => s.keyPair(location)).pipe(
        Effect.provide(page(factory, counts))
      )
      assert.deepStrictEqual(counts, { generations: 1, reads: 1, writes: 1 })

      const db = yield* Effect.promise(() => {
        const request = factory.open(location.databaseName)
        return new Promise<IDBDatabase>((resolve) => (request.onsuccess = () => resolve(request.result)))
      })
      assert.strictEqual(db.version, 1)
      assert.deepStrictEqual([...db.objectStoreNames], [location.storeName])
      const stored = yield* Effect.promise(
        () =>
          new Promise<unknown>((resolve) => {
            const get = db.transaction(location.storeName).objectStore(location.storeName).get(location.keyName)
            get.onsuccess = () => resolve(get.result)
          })
      )
      db.close()
      const { privateKey, publicKey } = stored as CryptoKeyPair
      assert.instanceOf(privateKey, CryptoKey)
      assert.strictEqual(privateKey.extractable, false)
      assert.strictEqual(privateKey.type, "private")
      assert.deepStrictEqual(privateKey.algorithm as EcKeyAlgorithm, { name: "ECDSA", namedCurve: "P-256" })
      assert.deepStrictEqual([...privateKey.usages], ["sign"])
      // the private key's bytes can never be read, in any format
      for (const format of ["pkcs8", "jwk"] as const) {
        const error = yield* Effect.flip(Effect.tryPromise(() => crypto.subtle.exportKey(format, privateKey)))
        assert.match(String((error as { cause?: unknown }).cause), /not extractable/i)
      }
      assert.strictEqual(pair.privateKey.extractable, false)
      assert.strictEqual(yield* spkiOf(publicKey), yield* spkiOf(pair.publicKey))
    })
  )

  it.effect(
    "a later page loads the stored pair once and serves it from memory; 10 concurrent first requests read once",
    () =>
      Effect.gen(function* () {
        const factory = new IDBFactory()
        const first = yield* Effect.flatMap(KeyStore, (s) => s.keyPair(location)).pipe(
          Effect.provide(page(factory, fresh()))
        )
        const counts = fresh()
        const pairs = yield* Effect.flatMap(KeyStore, (s) =>
          Effect.gen(function* () {
            const concurrent = yield* Effect.all(
              Array.from({ length: 10 }, () => s.keyPair(location)),
              { concurrency: "unbounded" }
            )
            for (let i = 0; i < 100; i++) concurrent.push(yield* s.keyPair(location))
            return concurrent
          })
        ).pipe(Effect.provide(page(factory, counts)))
        assert.deepStrictEqual(counts, { generations: 0, reads: 1, writes: 0 })
        assert.strictEqual(new Set(pairs).size, 1)
        assert.strictEqual(yield* spkiOf(pairs[0]!.publicKey), yield* spkiOf(first.publicKey))
      })
  )

  it.effect("evicted storage: the next page regenerates exactly once under 10 concurrent requests", () =>
    Effect.gen(function* () {
      const factory = new IDBFactory()
      const before = yield* Effect.flatMap(KeyStore, (s) => s.keyPair(location)).pipe(
        Effect.provide(page(factory, fresh()))
      )
      // the browser drops the site's storage
      yield* Effect.promise(
        () =>
          new Promise<void>((resolve) => (factory.deleteDatabase(location.databaseName).onsuccess = () => resolve()))
      )
      const counts = fresh()
      const pairs = yield* Effect.flatMap(KeyStore, (s) =>
        Effect.all(
          Array.from({ length: 10 }, () => s.keyPair(location)),
          { concurrency: "unbounded" }
        )
      ).pipe(Effect.provide(page(factory, counts)))
      assert.deepStrictEqual(counts, { generations: 1, reads: 1, writes: 1 })
      assert.strictEqual(new Set(pairs).size, 1)
      assert.notStrictEqual(yield* spkiOf(pairs[0]!.publicKey), yield* spkiOf(before.publicKey))
      // and the replacement is what the page after that loads
      const after = yield* Effect.flatMap(KeyStore, (s) => s.keyPair(location)).pipe(
        Effect.provide(page(factory, fresh()))
      )
      assert.strictEqual(yield* spkiOf(after.publicKey), yield* spkiOf(pairs[0]!.publicKey))
    })
  )

  it.effect("idb's own openDB reads the stored pair back at version 1", () =>
    Effect.gen(function* () {
      const factory = new IDBFactory()
      yield* Effect.flatMap(KeyStore, (s) => s.keyPair(location)).pipe(Effect.provide(page(factory, fresh())))
      const original = globalThis.indexedDB
      Object.defineProperty(globalThis, "indexedDB", { value: factory, configurable: true })
      try {
        const db = yield* Effect.promise(() => openDB(location.databaseName, 1))
        const value = (yield* Effect.promise(() => db.get(location.storeName, location.keyName))) as CryptoKeyPair
        db.close()
        assert.strictEqual(db.version, 1)
        assert.strictEqual(value.privateKey.extractable, false)
      } finally {
        Object.defineProperty(globalThis, "indexedDB", { value: original, configurable: true })
      }
    })
  )
})

describe("KeyStore with a memory database", () => {
  const layer = KeyStore.layer.pipe(Layer.provideMerge(Layer.mergeAll(MemoryKeyDatabase.layer(), Crypto.browser)))

  for (const [name, value] of [
    ["a string", "not a key"],
    ["an object without keys", { privateKey: 1, publicKey: 2 }],
    ["swapped keys", "swapped"],
    ["an extractable private key", "extractable"]
  ] as const) {
    it.effect(`a stored value that is not a usable pair (${name}) is replaced, with a Warning`, () =>
      Effect.gen(function* () {
        const db = yield* MemoryKeyDatabase
        const planted =
          value === "swapped"
            ? yield* Effect.promise(async () => {
                const p = await crypto.subtle.generateKey({ name: "ECDSA", namedCurve: "P-256" }, false, [
                  "sign",
                  "verify"
                ])
                return { privateKey: p.publicKey, publicKey: p.privateKey }
              })
            : value === "extractable"
              ? yield* Effect.promise(() =>
                  crypto.subtle.generateKey({ name: "ECDSA", namedCurve: "P-256" }, true, ["sign", "verify"])
                )
              : value
        yield* db.plant(location, planted)
        const pair = yield* (yield* KeyStore).keyPair(location)
        assert.strictEqual(pair.privateKey.extractable, false)
        assert.strictEqual(yield* db.peek(location), pair)
        assert.strictEqual(yield* db.writes, 1)
        const warnings = (yield* (yield* MemoryLogger).entries).filter((l) => l.level === "Warn").map((l) => l.text)
        assert.deepStrictEqual(warnings, ["Stored signing key pair is not usable; replacing it"])
      }).pipe(Effect.provide(Layer.merge(layer, MemoryLogger.layer())))
    )
  }

  it.effect("different locations hold different pairs", () =>
    Effect.gen(function* () {
      const store = yield* KeyStore
      const a = yield* store.keyPair(location)
      const b = yield* store.keyPair({ ...location, keyName: "other" })
      assert.notStrictEqual(a, b)
      assert.strictEqual(yield* store.keyPair(location), a)
    }).pipe(Effect.provide(layer))
  )
})
