/**
 * Every wait on IndexedDB is bounded (TestClock): the key database over a fake IndexedDB whose open and
 * transactions settle only when the test says so, and signing failing OPEN when the database never answers —
 * requests go out unsigned after the bound and the failure is reported.
 */
import { assert, describe, it } from "@effect/vitest"
import "fake-indexeddb/auto" // idb's wrap checks values against the global IDBRequest & co.
import * as Effect from "effect/Effect"
import * as Fiber from "effect/Fiber"
import * as Layer from "effect/Layer"
import { TestClock } from "effect/testing"
import { Crypto } from "../../../../src/core/browser/Crypto.ts"
import { KeyDatabase, type KeyDatabaseError } from "../../../../src/core/browser/KeyDatabase.ts"
import { PlatformConfig } from "../../../../src/core/config/PlatformConfig.ts"
import { PlatformHttp } from "../../../../src/core/http/PlatformHttp.ts"
import { KeyStore } from "../../../../src/core/signing/keys/KeyStore.ts"
import { directSigner } from "../../../../src/core/wiring/signingCode.ts"
import { MemoryLogger } from "../../../../src/testing/memory/MemoryLogger.ts"
import { MemoryTelemetry } from "../../../../src/testing/memory/MemoryTelemetry.ts"
import { jsonResponse, StubFetch } from "../../../../src/testing/StubFetch.ts"
import { platformHttpLayer } from "../../http/harness.ts"
import { location, signingConfig } from "../harness.ts"

/** A connection handed out by the fake: its operations settle when the test says so. */
interface FakeConnection {
  closed: number
  readonly close: () => void
  onversionchange: (() => void) | null
  readonly objectStoreNames: { contains: () => boolean }
  readonly get: () => Promise<unknown>
  readonly put: () => Promise<unknown>
  readonly delete: () => Promise<unknown>
  /** Settle the pending transaction with a value. */
  answer: (value: unknown) => void
}

/** An open request of the fake: the test fires its events. */
interface FakeOpen {
  onupgradeneeded: (() => void) | null
  onblocked: (() => void) | null
  onerror: ((event: { preventDefault(): void }) => void) | null
  onsuccess: (() => void) | null
  result: FakeConnection | undefined
  error: unknown
}

const connection = (): FakeConnection => {
  let settle: (value: unknown) => void = () => undefined
  const pending = () => new Promise<unknown>((resolve) => (settle = resolve))
  const c: FakeConnection = {
    closed: 0,
    close: () => void c.closed++,
    onversionchange: null,
    objectStoreNames: { contains: () => true },
    get: pending,
    put: pending,
    delete: pending,
    answer: (value) => settle(value)
  }
  return c
}

/** An IndexedDB whose opens never settle by themselves. */
const stuckIndexedDb = () => {
  const opens: Array<FakeOpen> = []
  const factory = {
    open: () => {
      const request: FakeOpen = {
        onupgradeneeded: null,
        onblocked: null,
        onerror: null,
        onsuccess: null,
        result: undefined,
        error: null
      }
      opens.push(request)
      return request
    }
  } as unknown as IDBFactory
  /** Let the newest open succeed with a fresh connection. */
  const succeed = () => {
    const request = opens.at(-1)!
    request.result = connection()
    request.onsuccess?.()
    return request.result
  }
  return { factory, opens, succeed }
}

const get = Effect.flatMap(KeyDatabase, (db) => db.get(location))

/** Let real promises settle (the fake's transactions resolve through the event loop). */
const settle = Effect.promise(() => new Promise<void>((resolve) => setTimeout(resolve, 0)))

describe("KeyDatabase: every wait is bounded", () => {
  it.effect("an open that never settles fails with timedOut after 2 s; a connection that opens later is closed", () => {
    const idb = stuckIndexedDb()
    return Effect.gen(function* () {
      const fiber = yield* Effect.forkChild(Effect.flip(get))
      yield* TestClock.adjust("1999 millis")
      assert.isUndefined(fiber.pollUnsafe())
      yield* TestClock.adjust("1 millis")
      const error: KeyDatabaseError = yield* Fiber.join(fiber)
      assert.deepStrictEqual([error.operation, error.reason], ["open", "timedOut"])
      assert.strictEqual(error.message, "IndexedDB open of hbaDB/hbaObjectStore/hbaCryptoKeys timed out")
      const late = idb.succeed()
      assert.strictEqual(late.closed, 1)
    }).pipe(Effect.provide(KeyDatabase.fromFactory(() => idb.factory)))
  })

  it.effect("a blocked open fails at once with reason blocked; if it opens later, it is closed", () => {
    const idb = stuckIndexedDb()
    return Effect.gen(function* () {
      const fiber = yield* Effect.forkChild(Effect.flip(get))
      yield* Effect.yieldNow
      idb.opens[0]!.onblocked!()
      const error = yield* Fiber.join(fiber)
      assert.deepStrictEqual([error.operation, error.reason], ["open", "blocked"])
      assert.strictEqual(
        error.message,
        "IndexedDB open of hbaDB/hbaObjectStore/hbaCryptoKeys was blocked by another connection"
      )
      assert.strictEqual(idb.succeed().closed, 1)
    }).pipe(Effect.provide(KeyDatabase.fromFactory(() => idb.factory)))
  })

  it.effect("a transaction that never completes fails with timedOut (operation get) and closes the connection", () => {
    const idb = stuckIndexedDb()
    return Effect.gen(function* () {
      const fiber = yield* Effect.forkChild(Effect.flip(get))
      yield* TestClock.adjust("500 millis")
      const db = idb.succeed()
      yield* TestClock.adjust("1499 millis")
      assert.isUndefined(fiber.pollUnsafe())
      assert.strictEqual(db.closed, 0)
      yield* TestClock.adjust("1 millis")
      const error = yield* Fiber.join(fiber)
      assert.deepStrictEqual([error.operation, error.reason], ["get", "timedOut"])
      assert.strictEqual(db.closed, 1)
    }).pipe(Effect.provide(KeyDatabase.fromFactory(() => idb.factory)))
  })

  it.effect("versionchange on the open connection closes it at once; the running transaction still answers", () => {
    const idb = stuckIndexedDb()
    return Effect.gen(function* () {
      const fiber = yield* Effect.forkChild(get)
      yield* Effect.yieldNow
      const db = idb.succeed()
      db.onversionchange!()
      assert.strictEqual(db.closed, 1)
      db.answer("value")
      yield* settle
      assert.strictEqual(yield* Fiber.join(fiber), "value")
      assert.strictEqual(db.closed, 1)
    }).pipe(Effect.provide(KeyDatabase.fromFactory(() => idb.factory)))
  })

  it.effect("a failed open is reason failed; no IndexedDB at all too", () =>
    Effect.gen(function* () {
      const idb = stuckIndexedDb()
      const fiber = yield* Effect.forkChild(
        Effect.flip(get.pipe(Effect.provide(KeyDatabase.fromFactory(() => idb.factory))))
      )
      yield* Effect.yieldNow
      let prevented = 0
      idb.opens[0]!.error = new Error("quota")
      idb.opens[0]!.onerror!({ preventDefault: () => void prevented++ })
      const error = yield* Fiber.join(fiber)
      assert.deepStrictEqual([error.operation, error.reason, prevented], ["open", "failed", 1])
      const none = yield* Effect.flip(get.pipe(Effect.provide(KeyDatabase.fromFactory(() => undefined))))
      assert.deepStrictEqual(
        [none.operation, none.reason, none.message],
        ["open", "failed", "IndexedDB open of hbaDB/hbaObjectStore/hbaCryptoKeys failed"]
      )
    })
  )
})

/** PlatformHttp signing directly with a key store over `database`, answering every request 200. */
const signingPage = (database: Layer.Layer<KeyDatabase>) =>
  PlatformHttp.layerNoDeps.pipe(
    Layer.provideMerge(platformHttpLayer(() => jsonResponse({ ok: true }), signingConfig())),
    Layer.provideMerge(
      directSigner.pipe(
        Layer.provideMerge(
          Layer.mergeAll(database, Crypto.browser, MemoryTelemetry.layer(), PlatformConfig.layer(signingConfig()))
        )
      )
    ),
    Layer.provideMerge(MemoryLogger.layer())
  )

const post = (n: number) =>
  Effect.flatMap(PlatformHttp, (http) => http.post({ service: "apis", path: `/v1/things/${n}` }, { body: { n } }))

const warnings = Effect.map(
  Effect.flatMap(MemoryLogger, (l) => l.entries),
  (lines) => lines.filter((l) => l.level === "Warn").map((l) => l.text)
)

describe("signing fails open when IndexedDB never answers", () => {
  it.effect(
    "5 signed POSTs: none reaches fetch before the 2 s bound, all go out unsigned at it, the failure reported",
    () => {
      const idb = stuckIndexedDb()
      return Effect.gen(function* () {
        const fiber = yield* Effect.forkChild(Effect.forEach([1, 2, 3, 4, 5], post, { concurrency: "unbounded" }))
        yield* TestClock.adjust("1999 millis")
        assert.strictEqual((yield* StubFetch).requests.length, 0)
        yield* TestClock.adjust("1 millis")
        assert.deepStrictEqual(
          yield* Fiber.join(fiber),
          [1, 2, 3, 4, 5].map(() => ({ ok: true }))
        )
        const sent = (yield* StubFetch).requests
        assert.strictEqual(sent.length, 5)
        assert.deepStrictEqual(
          sent.map((r) => r.headers["x-bound-auth-token"]),
          [undefined, undefined, undefined, undefined, undefined]
        )
        assert.deepStrictEqual(
          yield* warnings,
          [1, 2, 3, 4, 5].map(
            () => "Request sent without a bound-auth token (GetKeyPairFailed): reading the key pair timed out"
          )
        )
        const events = (yield* (yield* MemoryTelemetry).recorded).events
        assert.deepStrictEqual(
          events.map((e) => [e.name, e.properties["kind"]]),
          [1, 2, 3, 4, 5].map(() => ["boundAuthTokenMissing", "GetKeyPairFailed"])
        )
        // the failure is remembered: the next request goes out at once, without a new open
        const next = yield* Effect.forkChild(post(6))
        yield* settle
        assert.deepStrictEqual(yield* Fiber.join(next), { ok: true })
        assert.strictEqual(idb.opens.length, 1)
      }).pipe(Effect.provide(signingPage(KeyDatabase.fromFactory(() => idb.factory))))
    }
  )

  it.effect("a key database of any kind that never answers: the key store's own 5 s bound (read, then replace)", () => {
    const never = (answer: "read" | "write") =>
      Layer.succeed(KeyDatabase, {
        get: () => (answer === "read" ? Effect.never : Effect.succeed(undefined)),
        put: () => Effect.never,
        delete: () => Effect.never
      })
    const failureAfter = (database: Layer.Layer<KeyDatabase>) =>
      Effect.gen(function* () {
        const fiber = yield* Effect.forkChild(Effect.flip(Effect.flatMap(KeyStore, (keys) => keys.keyPair(location))))
        yield* TestClock.adjust("4999 millis")
        assert.isUndefined(fiber.pollUnsafe())
        yield* TestClock.adjust("1 millis")
        const failure = yield* Fiber.join(fiber)
        return [failure.reason, failure.detail]
      }).pipe(Effect.provide(KeyStore.layer.pipe(Layer.provide(Layer.merge(database, Crypto.browser)))))
    return Effect.gen(function* () {
      assert.deepStrictEqual(yield* failureAfter(never("read")), ["GetKeyPairFailed", "loading the key pair timed out"])
      assert.deepStrictEqual(yield* failureAfter(never("write")), [
        "UpdateKeyPairFailed",
        "replacing the key pair timed out"
      ])
    })
  })
})
