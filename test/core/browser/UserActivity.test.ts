import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Fiber from "effect/Fiber"
import * as Stream from "effect/Stream"
import { activityEvents, type ActivityTarget, UserActivity } from "../../../src/core/browser/UserActivity.ts"

describe("UserActivity.fromTarget", () => {
  it("maps the eleven activity events of BEAT-9 to DOM events", () => {
    assert.deepStrictEqual(
      activityEvents.map((e) => e.name),
      [
        "click",
        "double-click",
        "focus",
        "hover",
        "key press",
        "mouse down",
        "mouse enter",
        "mouse over",
        "scroll",
        "touch move",
        "touch start"
      ]
    )
    assert.deepStrictEqual(
      activityEvents.map((e) => e.domEvent),
      [
        "click",
        "dblclick",
        "focus",
        "mousemove",
        "keydown",
        "mousedown",
        "mouseenter",
        "mouseover",
        "scroll",
        "touchmove",
        "touchstart"
      ]
    )
  })

  it.effect("listens in the capture phase, passively, and removes every listener when the stream stops", () =>
    Effect.gen(function* () {
      const listeners = new Map<string, () => void>()
      const options: Array<unknown> = []
      const target: ActivityTarget = {
        addEventListener: (type, listener, o) => {
          listeners.set(type, listener)
          options.push(o)
        },
        removeEventListener: (type, listener) => {
          if (listeners.get(type) === listener) listeners.delete(type)
        }
      }
      const fiber = yield* Effect.forkChild(
        Effect.flatMap(UserActivity, (a) => Stream.runCollect(Stream.take(a.events, 3))).pipe(
          Effect.provide(UserActivity.fromTarget(() => target))
        )
      )
      yield* Effect.yieldNow
      assert.strictEqual(listeners.size, 11)
      assert.deepStrictEqual(options[0], { capture: true, passive: true })
      listeners.get("dblclick")!()
      listeners.get("mousemove")!()
      listeners.get("touchstart")!()
      assert.deepStrictEqual(yield* Fiber.join(fiber), ["double-click", "hover", "touch start"])
      assert.strictEqual(listeners.size, 0)
    })
  )

  it.effect("a target that refuses listeners fails the stream and keeps none", () =>
    Effect.gen(function* () {
      const added = new Set<string>()
      const target: ActivityTarget = {
        addEventListener: (type) => {
          if (type === "focus") throw new Error("no")
          added.add(type)
        },
        removeEventListener: (type) => void added.delete(type)
      }
      const error = yield* Effect.flip(
        Effect.flatMap(UserActivity, (a) => Stream.runDrain(a.events)).pipe(
          Effect.provide(UserActivity.fromTarget(() => target))
        )
      )
      assert.strictEqual(error.message, "User activity listeners could not be added")
      assert.strictEqual(added.size, 0)
    })
  )
})
