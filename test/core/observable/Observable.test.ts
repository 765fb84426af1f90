import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import * as Fiber from "effect/Fiber"
import * as Scope from "effect/Scope"
import * as Stream from "effect/Stream"
import * as SubscriptionRef from "effect/SubscriptionRef"
import { afterEach, beforeEach } from "vitest"
import * as Observable from "../../../src/core/observable/Observable.ts"

describe("Observable", () => {
  const reported: Array<unknown> = []
  const global = globalThis as { reportError?: unknown }
  let saved: unknown
  beforeEach(() => {
    reported.length = 0
    saved = global.reportError
    global.reportError = (error: unknown) => reported.push(error)
  })
  afterEach(() => {
    global.reportError = saved
  })

  it("get answers the value now; subscribers hear every later value, in order, until they unsubscribe", () => {
    const ref = Observable.make(1)
    const a: Array<number> = []
    const b: Array<number> = []
    const stopA = ref.subscribe((n) => a.push(n))
    ref.subscribe((n) => b.push(n))
    assert.strictEqual(ref.get(), 1)
    ref.set(2)
    ref.set(2)
    stopA()
    ref.set(3)
    assert.deepStrictEqual([ref.get(), a, b], [3, [2, 2], [2, 2, 3]])
  })

  it("the same listener subscribed twice is told twice and unsubscribed one subscription at a time", () => {
    const ref = Observable.make("")
    const seen: Array<string> = []
    const listener = (s: string) => void seen.push(s)
    const first = ref.subscribe(listener)
    ref.subscribe(listener)
    ref.set("x")
    first()
    ref.set("y")
    assert.deepStrictEqual(seen, ["x", "x", "y"])
  })

  it("a listener (un)subscribing during a change does not change who hears that change", () => {
    const ref = Observable.make(0)
    const seen: Array<string> = []
    let stopB = () => {}
    ref.subscribe((n) => {
      seen.push(`a${n}`)
      stopB()
      ref.subscribe((m) => void seen.push(`c${m}`))
    })
    stopB = ref.subscribe((n) => void seen.push(`b${n}`))
    ref.set(1)
    ref.set(2)
    assert.deepStrictEqual(seen, ["a1", "b1", "a2", "c2"])
  })

  it("a listener that throws is reported; the others are told and set does not throw", () => {
    const ref = Observable.make(0)
    const seen: Array<number> = []
    ref.subscribe(() => {
      throw new Error("listener failed")
    })
    ref.subscribe((n) => void seen.push(n))
    ref.set(1)
    assert.deepStrictEqual([seen, reported.map((e) => (e as Error).message)], [[1], ["listener failed"]])
  })

  it.effect("listen follows the value until its scope closes", () =>
    Effect.gen(function* () {
      const ref = Observable.make(0)
      const seen: Array<number> = []
      const scope = yield* Scope.make()
      yield* Scope.provide(
        Observable.listen(ref, (n) => seen.push(n)),
        scope
      )
      ref.set(1)
      yield* Scope.close(scope, Exit.void)
      ref.set(2)
      assert.deepStrictEqual(seen, [1])
    })
  )

  it.effect("changes is the value now, then every change, as a Stream", () =>
    Effect.gen(function* () {
      const ref = Observable.make("a")
      const fiber = yield* Effect.forkChild(Stream.runCollect(Stream.take(Observable.changes(ref), 3)), {
        startImmediately: true
      })
      yield* Effect.yieldNow
      ref.set("b")
      ref.set("c")
      ref.set("d")
      assert.deepStrictEqual(yield* Fiber.join(fiber), ["a", "b", "c"])
    })
  )

  it.effect("fromSubscriptionRef: get reads the ref; subscribers hear every later value until they unsubscribe", () =>
    Effect.gen(function* () {
      const ref = yield* SubscriptionRef.make(1)
      const observable = Observable.fromSubscriptionRef(ref)
      assert.strictEqual(observable.get(), 1)
      const heard: Array<number> = []
      const unsubscribe = observable.subscribe((n) => heard.push(n))
      yield* Effect.yieldNow
      yield* SubscriptionRef.set(ref, 2)
      yield* SubscriptionRef.set(ref, 3)
      yield* Effect.yieldNow
      assert.deepStrictEqual(heard, [2, 3])
      assert.strictEqual(observable.get(), 3)
      unsubscribe()
      yield* SubscriptionRef.set(ref, 4)
      yield* Effect.yieldNow
      assert.deepStrictEqual(heard, [2, 3])
    })
  )
})
