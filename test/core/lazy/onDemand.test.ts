import { assert, describe, it } from "@effect/vitest"
import * as Context from "effect/Context"
import * as Deferred from "effect/Deferred"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import * as Fiber from "effect/Fiber"
import * as Scope from "effect/Scope"
import { onDemand } from "../../../src/core/lazy/onDemand.ts"

class Greeting extends Context.Service<Greeting, { readonly text: string }>()("test/Greeting") {}

describe("onDemand", () => {
  it.effect("loads nothing until run; then loads and runs once, with the given context and scope", () =>
    Effect.gen(function*() {
      let loads = 0
      let runs = 0
      const finalized: Array<string> = []
      const scope = yield* Scope.make()
      const load = onDemand(
        () => {
          loads++
          return Promise.resolve(Effect.gen(function*() {
            runs++
            yield* Effect.addFinalizer(() => Effect.sync(() => void finalized.push("built")))
            return `${(yield* Greeting).text}, world`
          }))
        },
        scope,
        Context.make(Greeting, { text: "hello" })
      )
      assert.strictEqual(loads, 0)
      assert.deepStrictEqual([yield* load, yield* load, loads, runs], ["hello, world", "hello, world", 1, 1])
      assert.deepStrictEqual(finalized, [])
      yield* Scope.close(scope, Exit.void)
      assert.deepStrictEqual(finalized, ["built"])
    }))

  it.effect("callers while it loads wait for the same load", () =>
    Effect.gen(function*() {
      let loads = 0
      const gate = yield* Deferred.make<void>()
      const load = onDemand(
        () => {
          loads++
          return Promise.resolve(Effect.as(Deferred.await(gate), loads))
        },
        yield* Effect.scope,
        Context.empty()
      )
      const fibers = yield* Effect.forEach([1, 2, 3], () => Effect.forkChild(load, { startImmediately: true }))
      yield* Deferred.succeed(gate, undefined)
      assert.deepStrictEqual(yield* Effect.forEach(fibers, Fiber.join), [1, 1, 1])
      assert.strictEqual(loads, 1)
    }).pipe(Effect.scoped))

  it.effect("a caller giving up does not cancel the load for the others", () =>
    Effect.gen(function*() {
      const gate = yield* Deferred.make<void>()
      const load = onDemand(() => Promise.resolve(Effect.as(Deferred.await(gate), "loaded")), yield* Effect.scope, Context.empty())
      const first = yield* Effect.forkChild(load, { startImmediately: true })
      const second = yield* Effect.forkChild(load, { startImmediately: true })
      yield* Fiber.interrupt(first)
      yield* Deferred.succeed(gate, undefined)
      assert.strictEqual(yield* Fiber.join(second), "loaded")
    }).pipe(Effect.scoped))

  it.effect("a failed load fails its callers and is forgotten: the next run loads again", () =>
    Effect.gen(function*() {
      let loads = 0
      const load = onDemand(
        () => ++loads === 1 ? Promise.reject(new Error("chunk not found")) : Promise.resolve(Effect.succeed(loads)),
        yield* Effect.scope,
        Context.empty()
      )
      const failed = yield* Effect.exit(load)
      assert.isTrue(Exit.isFailure(failed))
      assert.deepStrictEqual([yield* load, yield* load, loads], [2, 2, 2])
    }).pipe(Effect.scoped))
})
