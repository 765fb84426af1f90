import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import type { MetaDocument } from "../../src/core/browser/PageMetadata.ts"
import { PageMetadata } from "../../src/core/browser/PageMetadata.ts"
import { csrfStorageKey, CsrfStore, illegalCsrfTokenWarning, InitialCsrfToken } from "../../src/core/csrf/CsrfStore.ts"
import { initialCsrfTokenFromPage, pageCsrfToken } from "../../src/core/csrf/pageCsrfToken.ts"
import { MemoryKeyValueStore, type MemoryStorageMode } from "../../src/testing/memory/MemoryKeyValueStore.ts"
import { MemoryLogger } from "../../src/testing/memory/MemoryLogger.ts"
import { MemoryPageMetadata } from "../../src/testing/memory/MemoryPageMetadata.ts"

/** A document stub: `<meta>` elements of <head> and of <body>, each a name and its data attributes. */
const stubDocument = (
  head: ReadonlyArray<[string, Record<string, string>]>,
  body: ReadonlyArray<[string, Record<string, string>]>
): MetaDocument => {
  const elements = (list: ReadonlyArray<[string, Record<string, string>]>) =>
    list.map(([name, dataset]) => ({ getAttribute: (a: string) => (a === "name" ? name : null), dataset }))
  return {
    querySelectorAll: () => [...elements(head), ...elements(body)],
    head: { querySelectorAll: () => elements(head) }
  }
}

/** The CsrfStore's starting token over `stored` storage and the page's `initial` token, with the log lines. */
const start = (
  initial: string | undefined,
  stored: Record<string, string> = {},
  mode: MemoryStorageMode = "available"
) =>
  Effect.gen(function* () {
    const token = (yield* CsrfStore).current()
    const logs = (yield* (yield* MemoryLogger).entries).map((l) => l.text)
    return { token, logs, storage: Object.fromEntries(yield* (yield* MemoryKeyValueStore).entries) }
  }).pipe(
    Effect.provide(CsrfStore.layer.pipe(Layer.provideMerge(MemoryKeyValueStore.layer({ initial: stored, mode })))),
    Effect.provide(Layer.merge(Layer.succeed(InitialCsrfToken, initial), MemoryLogger.layer()))
  )

describe("CsrfStore: where it starts", () => {
  it.effect("storage has none: the page's token, kept in memory (storage untouched)", () =>
    Effect.gen(function* () {
      assert.deepStrictEqual(yield* start("page-token"), { token: "page-token", logs: [], storage: {} })
    })
  )

  it.effect(
    "storage has one: the stored token wins (the last one a response set, maybe newer than a cached page)",
    () =>
      Effect.gen(function* () {
        const { storage, token } = yield* start("page-token", { [csrfStorageKey]: "stored-token" })
        assert.strictEqual(token, "stored-token")
        assert.deepStrictEqual(storage, { [csrfStorageKey]: "stored-token" })
      })
  )

  it.effect("an illegal stored token is dropped (removed, warned) and the page's is used", () =>
    Effect.gen(function* () {
      const { logs, storage, token } = yield* start("page-token", { [csrfStorageKey]: "bad\ntoken" })
      assert.strictEqual(token, "page-token")
      assert.deepStrictEqual(storage, {})
      assert.deepStrictEqual(logs, [illegalCsrfTokenWarning("storage")])
    })
  )

  it.effect("storage unavailable: the page's token", () =>
    Effect.gen(function* () {
      assert.strictEqual((yield* start("page-token", {}, "disabled")).token, "page-token")
    })
  )

  it.effect("neither: no token; without InitialCsrfToken provided, none either", () =>
    Effect.gen(function* () {
      assert.isUndefined((yield* start(undefined)).token)
      const token = yield* CsrfStore.use((s) => Effect.succeed(s.current())).pipe(
        Effect.provide(CsrfStore.layer.pipe(Layer.provide(MemoryKeyValueStore.layer())))
      )
      assert.isUndefined(token)
    })
  )

  it.effect("a token a response sets later replaces the page's and is stored", () =>
    Effect.gen(function* () {
      const store = yield* CsrfStore
      yield* store.set("fresh-token")
      assert.strictEqual(store.current(), "fresh-token")
      assert.strictEqual((yield* (yield* MemoryKeyValueStore).entries).get(csrfStorageKey), "fresh-token")
    }).pipe(
      Effect.provide(CsrfStore.layer.pipe(Layer.provideMerge(MemoryKeyValueStore.layer()))),
      Effect.provide(Layer.succeed(InitialCsrfToken, "page-token"))
    )
  )
})

describe('pageCsrfToken: <meta name="csrf-token" data-token> anywhere in the document', () => {
  const read = (doc: MetaDocument) =>
    Effect.gen(function* () {
      const token = yield* pageCsrfToken
      return { token, logs: (yield* (yield* MemoryLogger).entries).map((l) => l.text) }
    }).pipe(
      Effect.provide(
        Layer.merge(
          PageMetadata.fromDocument(() => doc),
          MemoryLogger.layer()
        )
      )
    )

  it.effect("read from <body>, where the server renders it, without a Warning", () =>
    Effect.gen(function* () {
      assert.deepStrictEqual(yield* read(stubDocument([], [["csrf-token", { token: " hFr+1eqiu3jx " }]])), {
        token: "hFr+1eqiu3jx",
        logs: []
      })
    })
  )

  it.effect("read from <head> too", () =>
    Effect.gen(function* () {
      assert.strictEqual((yield* read(stubDocument([["csrf-token", { token: "abc" }]], []))).token, "abc")
    })
  )

  it.effect("absent, empty or without data-token: none", () =>
    Effect.gen(function* () {
      assert.isUndefined((yield* read(stubDocument([], []))).token)
      assert.isUndefined((yield* read(stubDocument([], [["csrf-token", { token: "  " }]]))).token)
      assert.isUndefined((yield* read(stubDocument([], [["csrf-token", {}]]))).token)
    })
  )

  it.effect("not a legal header value: none, and a Warning without the value", () =>
    Effect.gen(function* () {
      const { logs, token } = yield* read(stubDocument([], [["csrf-token", { token: "secret\r\nx-evil: 1" }]]))
      assert.isUndefined(token)
      assert.deepStrictEqual(logs, [illegalCsrfTokenWarning("page")])
      assert.strictEqual(logs[0], "CSRF token from page is not a legal HTTP header value; ignored")
    })
  )

  it.effect("initialCsrfTokenFromPage provides it to the CsrfStore", () =>
    Effect.gen(function* () {
      assert.strictEqual((yield* CsrfStore).current(), "from-page")
    }).pipe(
      Effect.provide(CsrfStore.layer.pipe(Layer.provide(MemoryKeyValueStore.layer()))),
      Effect.provide(
        initialCsrfTokenFromPage.pipe(Layer.provide(MemoryPageMetadata.layer({ "csrf-token": { token: "from-page" } })))
      )
    )
  )
})
