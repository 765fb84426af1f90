// @vitest-environment happy-dom
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import { Cookies } from "../../../src/core/browser/Cookies.ts"
import { KeyValueStore } from "../../../src/core/browser/KeyValueStore.ts"
import { PageMetadata } from "../../../src/core/browser/PageMetadata.ts"

const setHead = (html: string) => {
  document.head.innerHTML = html
}

describe("PageMetadata.browser (happy-dom)", () => {
  it.effect("gives the data attributes of the named meta tag as a plain camelCase record", () =>
    Effect.gen(function* () {
      setHead(`
        <meta name="description" content="no data">
        <meta name="user-data" data-userid="42" data-display-name="Ann &amp; Bo" content="ignored">
        <meta name="user-data" data-userid="7">`)
      const metadata = yield* PageMetadata
      const userData = yield* metadata.get("user-data")
      assert.deepStrictEqual(userData, { userid: "42", displayName: "Ann & Bo" })
      assert.strictEqual(Object.getPrototypeOf(userData), Object.prototype)
      assert.deepStrictEqual(yield* metadata.get("description"), {})
      assert.strictEqual(yield* metadata.get("absent"), undefined)
    }).pipe(Effect.provide(PageMetadata.browser))
  )

  it.effect("compares names as strings: quotes and brackets are safe and matched exactly", () =>
    Effect.gen(function* () {
      setHead(`<meta name='we"ird]' data-x="1"><meta name="User-Data" data-x="2">`)
      const metadata = yield* PageMetadata
      assert.deepStrictEqual(yield* metadata.get('we"ird]'), { x: "1" })
      assert.strictEqual(yield* metadata.get('"]'), undefined)
      assert.strictEqual(yield* metadata.get("user-data"), undefined)
    }).pipe(Effect.provide(PageMetadata.browser))
  )

  it.effect("a document that throws gives undefined", () =>
    Effect.gen(function* () {
      assert.strictEqual(yield* (yield* PageMetadata).get("user-data"), undefined)
    }).pipe(
      Effect.provide(
        PageMetadata.fromDocument(() => {
          throw new Error("detached")
        })
      )
    )
  )
})

describe("KeyValueStore.browser and Cookies.browser (happy-dom)", () => {
  it.effect("round-trip through window.localStorage", () =>
    Effect.gen(function* () {
      window.localStorage.clear()
      const store = yield* KeyValueStore
      yield* store.set("k", "v")
      assert.strictEqual(window.localStorage.getItem("k"), "v")
      assert.strictEqual(yield* store.get("k"), "v")
      yield* store.remove("k")
      assert.strictEqual(window.localStorage.getItem("k"), null)
    }).pipe(Effect.provide(KeyValueStore.browser))
  )

  it.effect("round-trip through document.cookie", () =>
    Effect.gen(function* () {
      const cookies = yield* Cookies
      yield* cookies.set("flow", "a b;c", { maxAgeSeconds: 600 })
      assert.strictEqual(yield* cookies.get("flow"), "a b;c")
      assert.include(document.cookie, "flow=a%20b%3Bc")
      yield* cookies.remove("flow")
      assert.strictEqual(yield* cookies.get("flow"), undefined)
    }).pipe(Effect.provide(Cookies.browser))
  )
})
