import { assert, describe, it } from "@effect/vitest"
import * as Cause from "effect/Cause"
import * as Context from "effect/Context"
import * as Deferred from "effect/Deferred"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import * as Fiber from "effect/Fiber"
import * as Layer from "effect/Layer"
import * as Scope from "effect/Scope"
import { TestClock } from "effect/testing"
import * as challengeChunk from "../../../src/core/wiring/challengeCode.ts"
import * as signingChunk from "../../../src/core/wiring/signingCode.ts"
import { loadChallengeCode } from "../../../src/core/wiring/challengeChunk.ts"
import { onDemand, OnDemandLoadTimeout } from "../../../src/core/wiring/onDemand.ts"
import { loadSigningCode } from "../../../src/core/wiring/signingChunk.ts"

class Greeting extends Context.Service<Greeting, { readonly text: string }>()("test/Greeting") {}

/** A module that never arrives: the fetch of its chunk stalls. */
const stalled = () => new Promise<never>(() => {})

/** The failure of a run, as an Error's message (a rejected import arrives wrapped by Effect.tryPromise). */
const failureMessage = <A>(exit: Exit.Exit<A, unknown>) => {
  if (Exit.isSuccess(exit)) return "succeeded"
  const error = Cause.squash(exit.cause) as Error & { readonly _tag?: string }
  return (error._tag === "UnknownError" ? (error.cause as Error) : error).message
}

describe("onDemand", () => {
  it.effect("loads nothing until run; then loads and runs once, with the layer's context and in its scope", () =>
    Effect.gen(function* () {
      let loads = 0
      let runs = 0
      const finalized: Array<string> = []
      const scope = yield* Scope.make()
      const load = yield* onDemand(
        () => {
          loads++
          return Promise.resolve("module")
        },
        (module) =>
          Effect.gen(function* () {
            runs++
            yield* Effect.addFinalizer(() => Effect.sync(() => void finalized.push("built")))
            return `${(yield* Greeting).text} from the ${module}`
          })
      ).pipe(Effect.provideService(Greeting, { text: "hello" }), Scope.provide(scope))
      assert.strictEqual(loads, 0)
      assert.deepStrictEqual(
        [yield* load, yield* load, loads, runs],
        ["hello from the module", "hello from the module", 1, 1]
      )
      assert.deepStrictEqual(finalized, [])
      yield* Scope.close(scope, Exit.void)
      assert.deepStrictEqual(finalized, ["built"])
    })
  )

  it.effect("callers while it loads wait for the same load", () =>
    Effect.gen(function* () {
      let loads = 0
      const gate = yield* Deferred.make<void>()
      const load = yield* onDemand(
        () => Promise.resolve(++loads),
        (n) => Effect.as(Deferred.await(gate), n)
      )
      const fibers = yield* Effect.forEach([1, 2, 3], () => Effect.forkChild(load, { startImmediately: true }))
      yield* Deferred.succeed(gate, undefined)
      assert.deepStrictEqual(yield* Effect.forEach(fibers, Fiber.join), [1, 1, 1])
      assert.strictEqual(loads, 1)
    }).pipe(Effect.scoped)
  )

  it.effect("a caller giving up does not cancel the load for the others", () =>
    Effect.gen(function* () {
      const gate = yield* Deferred.make<void>()
      const load = yield* onDemand(
        () => Promise.resolve("loaded"),
        (text) => Effect.as(Deferred.await(gate), text)
      )
      const first = yield* Effect.forkChild(load, { startImmediately: true })
      const second = yield* Effect.forkChild(load, { startImmediately: true })
      yield* Fiber.interrupt(first)
      yield* Deferred.succeed(gate, undefined)
      assert.strictEqual(yield* Fiber.join(second), "loaded")
    }).pipe(Effect.scoped)
  )

  it.effect("a failed load fails its callers and is forgotten: the next run loads again", () =>
    Effect.gen(function* () {
      let loads = 0
      const load = yield* onDemand(
        () => (++loads === 1 ? Promise.reject(new Error("chunk not found")) : Promise.resolve(loads)),
        Effect.succeed
      )
      assert.strictEqual(failureMessage(yield* Effect.exit(load)), "chunk not found")
      assert.deepStrictEqual([yield* load, yield* load, loads], [2, 2, 2])
    }).pipe(Effect.scoped)
  )

  it.effect(
    "a stalled load fails every caller waiting for it at the 10 s time-out, not before; the next run loads again",
    () =>
      Effect.gen(function* () {
        let loads = 0
        const load = yield* onDemand(() => (++loads === 1 ? stalled() : Promise.resolve("second")), Effect.succeed)
        const waiting = yield* Effect.forEach([1, 2], () =>
          Effect.forkChild(Effect.exit(load), { startImmediately: true })
        )
        yield* TestClock.adjust("9999 millis")
        assert.deepStrictEqual(
          waiting.map((f) => f.pollUnsafe()),
          [undefined, undefined]
        )
        yield* TestClock.adjust("1 millis")
        const exits = yield* Effect.forEach(waiting, Fiber.join)
        assert.deepStrictEqual(exits.map(failureMessage), [
          "the on-demand code did not load within 10000 ms",
          "the on-demand code did not load within 10000 ms"
        ])
        assert.deepStrictEqual([yield* load, loads], ["second", 2])
      }).pipe(Effect.scoped)
  )

  it.effect("OnDemandLoadTimeout sets the bound", () =>
    Effect.gen(function* () {
      const load = yield* onDemand(stalled, Effect.succeed)
      const waiting = yield* Effect.forkChild(Effect.exit(load), { startImmediately: true })
      yield* TestClock.adjust("2 seconds")
      assert.strictEqual(failureMessage(yield* Fiber.join(waiting)), "the on-demand code did not load within 2000 ms")
    }).pipe(Effect.scoped, Effect.provide(Layer.succeed(OnDemandLoadTimeout, "2 seconds")))
  )

  it("each dynamic import gives its chunk: the signers, the challenge flow", async () => {
    const signing = await loadSigningCode()
    assert.strictEqual(signing, signingChunk)
    assert.deepStrictEqual(Object.keys(signing).sort(), [
      "browserFrameSigner",
      "directSigner",
      "frameSigner",
      "framesOrigin",
      "makeBrowserDirectSigner",
      "makeDirectSigner"
    ])
    const challenges = await loadChallengeCode()
    assert.strictEqual(challenges, challengeChunk)
    assert.deepStrictEqual(Object.keys(challenges).sort(), [
      "makeBrowserChallengeInterceptor",
      "makeChallengeInterceptor"
    ])
  })
})
