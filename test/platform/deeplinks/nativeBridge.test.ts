import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import { NativeBridge, nativeNavigationHandler } from "../../../src/core/browser/NativeBridge.ts"
import { MemoryLogger } from "../../../src/testing/memory/MemoryLogger.ts"
import { MemoryNativeBridge } from "../../../src/testing/memory/MemoryNativeBridge.ts"

describe("NativeBridge", () => {
  const webkit = (postMessage: (m: unknown) => void) => ({
    webkit: { messageHandlers: { [nativeNavigationHandler]: { postMessage } } }
  })

  it.effect(`posts { type: "navigate", url } to window.webkit.messageHandlers.${nativeNavigationHandler}`, () => {
    const posted: Array<unknown> = []
    return Effect.gen(function* () {
      const bridge = yield* NativeBridge
      assert.isTrue(yield* bridge.available)
      assert.isTrue(yield* bridge.navigate("https://www.example.com/home"))
      assert.deepStrictEqual(posted, [{ type: "navigate", url: "https://www.example.com/home" }])
    }).pipe(Effect.provide(NativeBridge.fromWindow(() => webkit((m) => posted.push(m)))))
  })

  it.effect("without the handler nothing is posted and navigate answers false", () =>
    Effect.gen(function* () {
      const bridge = yield* NativeBridge
      assert.isFalse(yield* bridge.available)
      assert.isFalse(yield* bridge.navigate("https://www.example.com/"))
    }).pipe(Effect.provide(NativeBridge.fromWindow(() => ({ webkit: { messageHandlers: {} } }))))
  )

  it.effect("outside a browser, and with NativeBridge.none, nothing is posted", () =>
    Effect.gen(function* () {
      assert.isFalse(yield* NativeBridge.use((b) => b.navigate("https://www.example.com/")))
      assert.isFalse(
        yield* NativeBridge.use((b) => b.navigate("https://www.example.com/")).pipe(Effect.provide(NativeBridge.none))
      )
    }).pipe(Effect.provide(NativeBridge.browser))
  )

  it.effect("a throwing handler is a Warning without the URL, and false", () =>
    Effect.gen(function* () {
      assert.isFalse(yield* NativeBridge.use((b) => b.navigate("https://www.example.com/?code=secret")))
      const logs = yield* MemoryLogger.use((l) => l.entries)
      assert.deepStrictEqual(
        logs.map((l) => [l.level, l.text]),
        [["Warn", "Native navigation failed: TypeError"]]
      )
      assert.notInclude(JSON.stringify(logs.map((l) => l.message)), "secret")
    }).pipe(
      Effect.provide(
        Layer.merge(
          NativeBridge.fromWindow(() =>
            webkit(() => {
              throw new TypeError("boom")
            })
          ),
          MemoryLogger.layer()
        )
      )
    )
  )

  it.effect("the memory bridge records posts and can be switched off", () =>
    Effect.gen(function* () {
      const control = yield* MemoryNativeBridge
      assert.isTrue(yield* NativeBridge.use((b) => b.navigate("a")))
      yield* control.setAvailable(false)
      assert.isFalse(yield* NativeBridge.use((b) => b.navigate("b")))
      assert.deepStrictEqual(yield* control.navigations, ["a"])
    }).pipe(Effect.provide(MemoryNativeBridge.layer()))
  )
})
