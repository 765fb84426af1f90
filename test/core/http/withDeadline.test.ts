/**
 * withDeadline (src/core/http/withDeadline.ts): under Effect's live clock over the shared deadline timer and one
 * child fiber, under TestClock through Effect.timeoutOrElse; the same outcomes either way: the effect's own exit in
 * time, `onTimeout` past the bound with the effect interrupted, the effect interrupted with its caller.
 */
import { assert, describe, it } from "@effect/vitest"
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import * as Fiber from "effect/Fiber"
import { TestClock } from "effect/testing"
import { withDeadline } from "../../../src/core/http/withDeadline.ts"

/** A service the caller provides. */
const Greeting = Context.Service<string>("test/withDeadline/Greeting")

const late = () => Effect.fail("late" as const)

/** An effect that never ends by itself, noting whether it was interrupted. */
const endless = () => {
  const seen = { interrupted: 0 }
  const effect = Effect.onInterrupt(Effect.never, () => Effect.sync(() => void seen.interrupted++))
  return { seen, effect }
}

describe("withDeadline under the live clock", () => {
  it.live("in time: the effect's value, or its failure as it was", () =>
    Effect.gen(function* () {
      assert.strictEqual(yield* withDeadline(Effect.as(Effect.sleep("1 millis"), 42), 1000, late), 42)
      const failure = { why: "its own" }
      assert.deepStrictEqual(yield* Effect.exit(withDeadline(Effect.fail(failure), 1000, late)), Exit.fail(failure))
      assert.strictEqual(yield* withDeadline(Effect.succeed("sync"), 1000, late), "sync")
    })
  )

  it.live("past the bound: onTimeout, and the effect interrupted", () =>
    Effect.gen(function* () {
      const { effect, seen } = endless()
      assert.deepStrictEqual(yield* Effect.exit(withDeadline(effect, 20, late)), Exit.fail("late"))
      assert.strictEqual(seen.interrupted, 1)
    })
  )

  it.live("past the bound, onTimeout is called once the effect's interruption is over (as Effect.timeoutOrElse)", () =>
    Effect.gen(function* () {
      const order: Array<string> = []
      const effect = Effect.onInterrupt(Effect.never, () => Effect.sync(() => void order.push("effect interrupted")))
      const onTimeout = () => {
        order.push("onTimeout")
        return late()
      }
      assert.deepStrictEqual(yield* Effect.exit(withDeadline(effect, 20, onTimeout)), Exit.fail("late"))
      assert.deepStrictEqual(order, ["effect interrupted", "onTimeout"])
    })
  )

  it.live("the effect sees the caller's services", () =>
    Effect.gen(function* () {
      const greeting = Effect.gen(function* () {
        yield* Effect.sleep("1 millis")
        return yield* Greeting
      })
      assert.strictEqual(yield* withDeadline(greeting, 1000, late), "hello")
    }).pipe(Effect.provideService(Greeting, "hello"))
  )

  it.live("the caller interrupted: the effect interrupted with it, onTimeout never runs", () =>
    Effect.gen(function* () {
      const { effect, seen } = endless()
      let timedOut = 0
      const fiber = yield* Effect.forkChild(
        withDeadline(effect, 30, () =>
          Effect.andThen(
            Effect.sync(() => void timedOut++),
            late()
          )
        )
      )
      yield* Effect.sleep("5 millis")
      yield* Fiber.interrupt(fiber)
      assert.strictEqual(seen.interrupted, 1)
      yield* Effect.sleep("50 millis")
      assert.strictEqual(timedOut, 0)
    })
  )
})

describe("withDeadline under TestClock", () => {
  it.effect("nothing before the bound; onTimeout at it exactly, the effect interrupted", () =>
    Effect.gen(function* () {
      const { effect, seen } = endless()
      const fiber = yield* Effect.forkChild(Effect.exit(withDeadline(effect, 100, late)))
      yield* TestClock.adjust("99 millis")
      assert.isUndefined(fiber.pollUnsafe())
      yield* TestClock.adjust("1 millis")
      assert.deepStrictEqual(yield* Fiber.join(fiber), Exit.fail("late"))
      assert.strictEqual(seen.interrupted, 1)
    })
  )
})
