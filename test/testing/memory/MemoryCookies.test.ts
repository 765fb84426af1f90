import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import { TestClock } from "effect/testing"
import { Cookies } from "../../../src/core/browser/Cookies.ts"
import { MemoryCookies } from "../../../src/testing/memory/MemoryCookies.ts"
import { MemoryLogger } from "../../../src/testing/memory/MemoryLogger.ts"

describe("MemoryCookies", () => {
  it.effect("records attributes; initial cookies are host-only session cookies on /", () =>
    Effect.gen(function* () {
      const cookies = yield* Cookies
      yield* TestClock.adjust(1000)
      yield* cookies.set("flow", "uuid-1", { domain: ".Example.com", maxAgeSeconds: 600, sameSite: "None" })
      assert.strictEqual(yield* cookies.get("seed"), "s")
      assert.strictEqual(yield* cookies.get("flow"), "uuid-1")
      assert.deepStrictEqual(yield* (yield* MemoryCookies).cookies, [
        {
          name: "seed",
          value: "s",
          domain: undefined,
          path: "/",
          secure: false,
          sameSite: undefined,
          expiresAt: undefined
        },
        {
          name: "flow",
          value: "uuid-1",
          domain: "example.com",
          path: "/",
          secure: true,
          sameSite: "None",
          expiresAt: 601_000
        }
      ])
    }).pipe(Effect.provide(MemoryCookies.layer({ seed: "s" })))
  )

  it.effect("max-age is honoured on the Effect Clock", () =>
    Effect.gen(function* () {
      const cookies = yield* Cookies
      yield* cookies.set("short", "v", { maxAgeSeconds: 10 })
      yield* TestClock.adjust("9999 millis")
      assert.strictEqual(yield* cookies.get("short"), "v")
      yield* TestClock.adjust("1 millis")
      assert.strictEqual(yield* cookies.get("short"), undefined)
      assert.deepStrictEqual(yield* (yield* MemoryCookies).cookies, [])
    }).pipe(Effect.provide(MemoryCookies.layer()))
  )

  it.effect("remove only removes the cookie written with the same domain and path, like a browser", () =>
    Effect.gen(function* () {
      const cookies = yield* Cookies
      yield* cookies.set("c", "parent", { domain: "example.com", path: "/shop" })
      yield* cookies.remove("c")
      assert.strictEqual(yield* cookies.get("c"), "parent")
      yield* cookies.remove("c", { domain: ".example.com" })
      assert.strictEqual(yield* cookies.get("c"), "parent")
      yield* cookies.remove("c", { domain: ".EXAMPLE.com", path: "/shop" })
      assert.strictEqual(yield* cookies.get("c"), undefined)
    }).pipe(Effect.provide(MemoryCookies.layer()))
  )

  it.effect("writing the same name, domain and path replaces; get gives the latest write of a name", () =>
    Effect.gen(function* () {
      const cookies = yield* Cookies
      yield* cookies.set("c", "1")
      yield* cookies.set("c", "2", { path: "/a" })
      yield* cookies.set("c", "3")
      assert.strictEqual(yield* cookies.get("c"), "3")
      assert.deepStrictEqual(
        (yield* (yield* MemoryCookies).cookies).map((c) => [c.path, c.value]),
        [
          ["/a", "2"],
          ["/", "3"]
        ]
      )
      yield* cookies.set("c", "gone", { maxAgeSeconds: 0 })
      assert.strictEqual(yield* cookies.get("c"), "2")
    }).pipe(Effect.provide(MemoryCookies.layer()))
  )

  it.effect("an unsafe attribute skips the write with the browser layer's Warning", () =>
    Effect.gen(function* () {
      yield* (yield* Cookies).set("c", "v", { path: "/a;Domain=evil.com" })
      assert.deepStrictEqual(yield* (yield* MemoryCookies).cookies, [])
      const logs = yield* (yield* MemoryLogger).entries
      assert.deepStrictEqual(
        logs.map((l) => [l.level, l.text]),
        [["Warn", 'Cookie set skipped: invalid path attribute for "c"']]
      )
    }).pipe(Effect.provide(Layer.merge(MemoryCookies.layer(), MemoryLogger.layer())))
  )
})
