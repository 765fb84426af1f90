import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import { Navigation, type NavigationWindow, noWindowUrl } from "../../../src/core/browser/Navigation.ts"
import { MemoryLogger } from "../../../src/testing/memory/MemoryLogger.ts"

/** A window that records calls; `assign` rejects URLs containing "bad" like a browser's SyntaxError. */
const fakeWindow = () => {
  const calls: Array<ReadonlyArray<string>> = []
  const window: NavigationWindow = {
    location: {
      href: "https://www.example.com/home",
      assign: (url) => {
        if (String(url).includes("bad")) throw new DOMException("Invalid URL", "SyntaxError")
        calls.push(["assign", String(url)])
      },
      replace: (url) => void calls.push(["replace", String(url)])
    },
    open: (url, target, features) => void calls.push(["open", url, target, features])
  }
  return { calls, window }
}

describe("Navigation.fromWindow", () => {
  it.effect("reads the current URL and forwards assign, replace and openInNewTab", () => {
    const { calls, window } = fakeWindow()
    return Effect.gen(function* () {
      const navigation = yield* Navigation
      assert.strictEqual(yield* navigation.current, "https://www.example.com/home")
      yield* navigation.assign("/games")
      yield* navigation.replace("https://www.example.com/login")
      yield* navigation.openInNewTab("https://help.example.com/")
      assert.deepStrictEqual(calls, [
        ["assign", "/games"],
        ["replace", "https://www.example.com/login"],
        ["open", "https://help.example.com/", "_blank", "noopener,noreferrer"]
      ])
    }).pipe(Effect.provide(Navigation.fromWindow(() => window)))
  })

  it.effect("a URL the browser refuses is a Warning without the URL, never a throw", () => {
    const { calls, window } = fakeWindow()
    return Effect.gen(function* () {
      yield* (yield* Navigation).assign("https://bad.example.com/?token=secret")
      assert.deepStrictEqual(calls, [])
      const logs = yield* (yield* MemoryLogger).entries
      assert.deepStrictEqual(
        logs.map((l) => [l.level, l.text]),
        [["Warn", "Navigation assign failed: SyntaxError"]]
      )
      assert.isFalse(JSON.stringify(logs.map((l) => l.message)).includes("secret"))
    }).pipe(
      Effect.provide(
        Layer.merge(
          Navigation.fromWindow(() => window),
          MemoryLogger.layer()
        )
      )
    )
  })

  it.effect("outside a browser the current URL is about:blank and nothing moves", () =>
    Effect.gen(function* () {
      const navigation = yield* Navigation
      yield* navigation.assign("https://www.example.com/")
      yield* navigation.openInNewTab("https://www.example.com/")
      assert.strictEqual(yield* navigation.current, noWindowUrl)
      assert.strictEqual(noWindowUrl, "about:blank")
    }).pipe(Effect.provide(Navigation.browser))
  )
})
