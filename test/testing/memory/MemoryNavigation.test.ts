import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import { Navigation } from "../../../src/core/browser/Navigation.ts"
import { MemoryNavigation } from "../../../src/testing/memory/MemoryNavigation.ts"

describe("MemoryNavigation", () => {
  it.effect("records every navigation in order and moves the current URL like a browser", () =>
    Effect.gen(function* () {
      const navigation = yield* Navigation
      assert.strictEqual(yield* navigation.current, "https://www.example.com/")
      yield* navigation.assign("/games?sort=top")
      assert.strictEqual(yield* navigation.current, "https://www.example.com/games?sort=top")
      yield* navigation.openInNewTab("https://help.example.com/")
      assert.strictEqual(yield* navigation.current, "https://www.example.com/games?sort=top")
      yield* navigation.replace("https://www.example.com/login")
      yield* navigation.assign("http://[bad")
      assert.strictEqual(yield* navigation.current, "https://www.example.com/login")
      assert.deepStrictEqual(yield* (yield* MemoryNavigation).visits, [
        { kind: "assign", url: "/games?sort=top" },
        { kind: "openInNewTab", url: "https://help.example.com/" },
        { kind: "replace", url: "https://www.example.com/login" },
        { kind: "assign", url: "http://[bad" }
      ])
    }).pipe(Effect.provide(MemoryNavigation.layer()))
  )

  it.effect("starts at the given URL", () =>
    Effect.gen(function* () {
      assert.strictEqual(yield* Navigation.use((n) => n.current), "http://localhost:5173/de/home")
      assert.deepStrictEqual(yield* (yield* MemoryNavigation).visits, [])
    }).pipe(Effect.provide(MemoryNavigation.layer("http://localhost:5173/de/home")))
  )
})
