import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Result from "effect/Result"
import { expect } from "vitest"
import { NativeBridge, nativeNavigationHandler } from "../../../src/core/browser/NativeBridge.ts"
import { makePlatformConfig, prefixedBaseUrls } from "../../../src/core/config/PlatformConfig.ts"
import { allowedOrigins, guardAppLink, guardTarget } from "../../../src/platform/deeplinks/targetGuard.ts"
import { MemoryLogger } from "../../../src/testing/memory/MemoryLogger.ts"
import { MemoryNativeBridge } from "../../../src/testing/memory/MemoryNativeBridge.ts"

describe("allowedOrigins", () => {
  it("every service's origin once, plus extra origins", () => {
    expect(allowedOrigins(makePlatformConfig({}), ["https://cdn.example.net/path", "not a url", "ftp://x.example"])).toEqual([
      "https://www.example.com",
      "https://apis.example.com",
      "https://catalog.example.com",
      "https://thumbnails.example.com",
      "https://games.example.com",
      "https://friends.example.com",
      "https://users.example.com",
      "https://presence.example.com",
      "https://locale.example.com",
      "https://gameinternationalization.example.com",
      "https://localizationtables.example.com",
      "https://translationroles.example.com",
      "https://metrics.example.com",
      "https://cdn.example.net"
    ])
  })

  it("an emulator's two origins", () => {
    const config = makePlatformConfig({ baseUrls: prefixedBaseUrls("http://127.0.0.1:4010", "http://127.0.0.1:4011") })
    expect(allowedOrigins(config)).toEqual(["http://127.0.0.1:4011", "http://127.0.0.1:4010"])
  })
})

describe("guardTarget", () => {
  const allowed = ["https://www.example.com", "http://127.0.0.1:4011"]
  const table: ReadonlyArray<readonly [string, string]> = [
    ["https://www.example.com/home", "https://www.example.com/home"],
    ["HTTPS://WWW.EXAMPLE.COM/home", "https://www.example.com/home"],
    ["https://www.example.com:443/x", "https://www.example.com/x"],
    ["http://127.0.0.1:4011/games/1", "http://127.0.0.1:4011/games/1"],
    ["https://ＷＷＷ.example.com/", "https://www.example.com/"],
    ["javascript:alert(1)", "Scheme"],
    ["data:text/html,x", "Scheme"],
    ["vbscript:x", "Scheme"],
    ["roblox://navigation/home", "Scheme"],
    ["//www.example.com/", "ProtocolRelative"],
    ["\\\\www.example.com/", "ProtocolRelative"],
    ["/home", "NotAbsolute"],
    ["https:\\\\www.example.com/", "Malformed"],
    ["https://www.example.com/\u0000", "Malformed"],
    ["https://www.example.com@evil.net/", "Credentials"],
    ["https://u:p@www.example.com/", "Credentials"],
    ["https://www.example.com.evil.net/", "HostNotAllowed"],
    ["https://wwwexample.com/", "HostNotAllowed"],
    ["https://www.exаmple.com/", "HostNotAllowed"],
    ["https://www.example.com\u3002evil.net/", "HostNotAllowed"],
    ["http://www.example.com/", "HostNotAllowed"],
    ["https://www.example.com:8443/", "HostNotAllowed"],
    [`https://${"a.".repeat(130)}com/`, "HostTooLong"]
  ]
  for (const [url, outcome] of table) {
    it(`${JSON.stringify(url).slice(0, 80)} → ${outcome}`, () => {
      const result = guardTarget(url, allowed)
      expect(Result.isSuccess(result) ? result.success : result.failure.reason).toBe(outcome)
    })
  }
})

describe("guardAppLink", () => {
  const table: ReadonlyArray<readonly [string, boolean]> = [
    ["roblox://navigation/chat?userId=7&entryPoint=AppShellWebView", true],
    ["roblox://navigation/content_posts?userId=1&postId=post-1", true],
    ["roblox://navigation/chat?userId=7&x=<script>", false],
    ["roblox://navigation/chat?userId=7#x", false],
    ["robloxx://navigation/chat", false],
    ["javascript:alert(1)", false],
    ["https://www.example.com/", false]
  ]
  for (const [url, ok] of table) it(`${url} → ${ok}`, () => expect(Result.isSuccess(guardAppLink(url, "roblox"))).toBe(ok))
})

describe("NativeBridge", () => {
  const webkit = (postMessage: (m: unknown) => void) => ({ webkit: { messageHandlers: { [nativeNavigationHandler]: { postMessage } } } })

  it.effect(`posts { type: "navigate", url } to window.webkit.messageHandlers.${nativeNavigationHandler}`, () => {
    const posted: Array<unknown> = []
    return Effect.gen(function*() {
      const bridge = yield* NativeBridge
      assert.isTrue(yield* bridge.available)
      assert.isTrue(yield* bridge.navigate("https://www.example.com/home"))
      assert.deepStrictEqual(posted, [{ type: "navigate", url: "https://www.example.com/home" }])
    }).pipe(Effect.provide(NativeBridge.fromWindow(() => webkit((m) => posted.push(m)))))
  })

  it.effect("without the handler nothing is posted and navigate answers false", () =>
    Effect.gen(function*() {
      const bridge = yield* NativeBridge
      assert.isFalse(yield* bridge.available)
      assert.isFalse(yield* bridge.navigate("https://www.example.com/"))
    }).pipe(Effect.provide(NativeBridge.fromWindow(() => ({ webkit: { messageHandlers: {} } })))))

  it.effect("outside a browser, and with NativeBridge.none, nothing is posted", () =>
    Effect.gen(function*() {
      assert.isFalse(yield* NativeBridge.use((b) => b.navigate("https://www.example.com/")))
      assert.isFalse(yield* NativeBridge.use((b) => b.navigate("https://www.example.com/")).pipe(Effect.provide(NativeBridge.none)))
    }).pipe(Effect.provide(NativeBridge.browser)))

  it.effect("a throwing handler is a Warning without the URL, and false", () =>
    Effect.gen(function*() {
      assert.isFalse(yield* NativeBridge.use((b) => b.navigate("https://www.example.com/?code=secret")))
      const logs = yield* MemoryLogger.use((l) => l.entries)
      assert.deepStrictEqual(logs.map((l) => [l.level, l.text]), [["Warn", "Native navigation failed: TypeError"]])
      assert.notInclude(JSON.stringify(logs.map((l) => l.message)), "secret")
    }).pipe(Effect.provide(Layer.merge(
      NativeBridge.fromWindow(() => webkit(() => { throw new TypeError("boom") })),
      MemoryLogger.layer()
    ))))

  it.effect("the memory bridge records posts and can be switched off", () =>
    Effect.gen(function*() {
      const control = yield* MemoryNativeBridge
      assert.isTrue(yield* NativeBridge.use((b) => b.navigate("a")))
      yield* control.setAvailable(false)
      assert.isFalse(yield* NativeBridge.use((b) => b.navigate("b")))
      assert.deepStrictEqual(yield* control.navigations, ["a"])
    }).pipe(Effect.provide(MemoryNativeBridge.layer())))
})
