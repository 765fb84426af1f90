import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Fiber from "effect/Fiber"
import * as Stream from "effect/Stream"
import { type LifecycleWindow, PageLifecycle } from "../../../src/core/browser/PageLifecycle.ts"

type Listener = (event: { readonly persisted?: unknown }) => void

const fakeWindow = (
  options: {
    entryType?: unknown
    legacyType?: unknown
    referrer?: unknown
    throwOnAdd?: boolean
  } = {}
) => {
  const listeners = new Set<Listener>()
  const w: LifecycleWindow = {
    performance: {
      getEntriesByType: (type) =>
        type === "navigation" && options.entryType !== undefined ? [{ type: options.entryType }] : [],
      navigation: { type: options.legacyType }
    },
    document: { referrer: options.referrer },
    addEventListener: (_type, listener) => {
      if (options.throwOnAdd === true) throw new Error("no listeners here")
      listeners.add(listener)
    },
    removeEventListener: (_type, listener) => void listeners.delete(listener)
  }
  return { w, listeners }
}

const run = <A, E>(w: LifecycleWindow | undefined, f: (l: PageLifecycle["Service"]) => Effect.Effect<A, E>) =>
  Effect.flatMap(PageLifecycle, f).pipe(Effect.provide(PageLifecycle.fromWindow(() => w)))

describe("PageLifecycle.fromWindow", () => {
  it.effect("reads the Navigation Timing type, else the legacy code, else fails", () =>
    Effect.gen(function* () {
      assert.strictEqual(yield* run(fakeWindow({ entryType: "reload" }).w, (l) => l.navigationType), "reload")
      assert.strictEqual(
        yield* run(fakeWindow({ entryType: "back_forward" }).w, (l) => l.navigationType),
        "back_forward"
      )
      assert.strictEqual(yield* run(fakeWindow({ legacyType: 2 }).w, (l) => l.navigationType), "back_forward")
      assert.strictEqual(yield* run(fakeWindow({ legacyType: 1 }).w, (l) => l.navigationType), "reload")
      const failed = yield* Effect.flip(
        run(fakeWindow({ entryType: "teleport", legacyType: 9 }).w, (l) => l.navigationType)
      )
      assert.strictEqual(failed._tag, "PageLifecycleError")
      assert.strictEqual(failed.operation, "navigationType")
      assert.strictEqual(failed.message, "The page's navigation type could not be read")
      assert.strictEqual(yield* run(undefined, (l) => l.navigationType), "navigate")
    })
  )

  it.effect("reads the referrer; anything but a string is empty", () =>
    Effect.gen(function* () {
      assert.strictEqual(
        yield* run(fakeWindow({ referrer: "https://a.example/" }).w, (l) => l.referrer),
        "https://a.example/"
      )
      assert.strictEqual(yield* run(fakeWindow({ referrer: 5 }).w, (l) => l.referrer), "")
      assert.strictEqual(yield* run(undefined, (l) => l.referrer), "")
    })
  )

  it.effect("emits on pageshow with persisted true only, and removes its listener when stopped", () =>
    Effect.gen(function* () {
      const { w, listeners } = fakeWindow()
      const fiber = yield* Effect.forkChild(run(w, (l) => Stream.runCollect(Stream.take(l.restoredFromCache, 2))))
      yield* Effect.yieldNow
      assert.strictEqual(listeners.size, 1)
      for (const persisted of [false, true, undefined, true]) for (const l of listeners) l({ persisted })
      assert.strictEqual((yield* Fiber.join(fiber)).length, 2)
      assert.strictEqual(listeners.size, 0)
    })
  )

  it.effect("a listener that cannot be added fails the stream with subscribe", () =>
    Effect.gen(function* () {
      const error = yield* Effect.flip(
        run(fakeWindow({ throwOnAdd: true }).w, (l) => Stream.runDrain(l.restoredFromCache))
      )
      assert.strictEqual(error.operation, "subscribe")
      assert.strictEqual(error.message, "The page lifecycle listener could not be added")
    })
  )
})
