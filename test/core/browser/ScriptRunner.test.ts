/**
 * The ScriptRunner protocol and harness, outside a browser: the worker is simulated with a `node:vm` context
 * (only in tests) that runs the same source the browser worker would get (script + harness).
 */
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Fiber from "effect/Fiber"
import { TestClock } from "effect/testing"
import * as vm from "node:vm"
import {
  ScriptRunner,
  scriptHarness,
  type ScriptWorkerFactory,
  type ScriptWorker
} from "../../../src/core/browser/ScriptRunner.ts"
import { waitFor } from "../challenge/harness.ts"

interface Simulation {
  readonly factory: ScriptWorkerFactory
  readonly sources: Array<string>
  terminated: number
  released: number
  started: number
}

const simulate = (answer?: (worker: ScriptWorker) => void): Simulation => {
  const sim: Simulation = {
    sources: [],
    terminated: 0,
    released: 0,
    started: 0,
    factory: (source) => {
      sim.sources.push(source)
      const worker: ScriptWorker = {
        onmessage: null,
        onerror: null,
        onmessageerror: null,
        terminate: () => void sim.terminated++
      }
      setTimeout(() => {
        sim.started++
        if (answer !== undefined) return answer(worker)
        const sandbox: Record<string, unknown> = {}
        sandbox["self"] = sandbox
        sandbox["postMessage"] = (data: unknown) =>
          setTimeout(() => worker.onmessage?.({ data: structuredClone(data) }))
        try {
          vm.runInNewContext(source, sandbox, { timeout: 1000 })
        } catch {
          worker.onerror?.({ preventDefault: () => undefined })
        }
      })
      return { worker, release: () => void sim.released++ }
    }
  }
  return sim
}

const run = (sim: Simulation, source: string, expectedSymbols: ReadonlyArray<string>, calls = 1) =>
  Effect.flatMap(ScriptRunner, (runner) =>
    runner.run({ source, expectedSymbols, calls, timeLimit: "10 seconds" })
  ).pipe(Effect.provide(ScriptRunner.fromWorkerFactory(sim.factory)))

describe("ScriptRunner (worker protocol and harness)", () => {
  it.effect("values of global symbols: functions are called (awaited), other values taken as they are", () =>
    Effect.gen(function* () {
      const sim = simulate()
      const values = yield* run(
        sim,
        "var n = 3; function f() { return 'x' } self.g = async function () { return [1, null] }",
        ["n", "f", "g"]
      )
      assert.deepStrictEqual(values, { n: 3, f: "x", g: [1, null] })
      assert.strictEqual(sim.terminated, 1)
      assert.strictEqual(sim.released, 1)
      assert.isTrue(sim.sources[0]!.startsWith("var n = 3;"))
      assert.isTrue(sim.sources[0]!.endsWith(scriptHarness(["n", "f", "g"], 1)))
    })
  )

  it.effect("with several calls a function's value is the list of its results", () =>
    Effect.gen(function* () {
      const values = yield* run(simulate(), "var i = 0; function next() { return ++i }", ["next"], 3)
      assert.deepStrictEqual(values, { next: [1, 2, 3] })
    })
  )

  it.effect("a missing symbol (or a top-level let, which is not a global property) is missingSymbol", () =>
    Effect.gen(function* () {
      const error = yield* Effect.flip(run(simulate(), "let hidden = 1; var shown = 2", ["shown", "hidden"]))
      assert.strictEqual(error.reason, "missingSymbol")
      assert.strictEqual(error.symbol, "hidden")
    })
  )

  it.effect("a script that throws, a call that rejects, or values JSON cannot encode are run failures", () =>
    Effect.gen(function* () {
      for (const source of [
        "throw new Error('boom')",
        "this is not javascript",
        "async function f() { throw 1 }",
        "var f = function () { return 10n }"
      ]) {
        const sim = simulate()
        const error = yield* Effect.flip(run(sim, source, ["f"]))
        assert.strictEqual(error.reason, "run", source)
        assert.strictEqual(sim.terminated, 1)
      }
    })
  )

  it.effect("a worker that answers something else is badResult", () =>
    Effect.gen(function* () {
      for (const data of [{ ok: true, values: "[1]" }, { ok: true, values: "{" }, "hello", { ok: false }]) {
        const error = yield* Effect.flip(
          run(
            simulate((w) => w.onmessage?.({ data })),
            "",
            []
          )
        )
        assert.strictEqual(error.reason, "badResult")
      }
    })
  )

  it.effect("a worker that cannot be created is load", () =>
    Effect.gen(function* () {
      const error = yield* Effect.flip(
        Effect.flatMap(ScriptRunner, (r) =>
          r.run({ source: "", expectedSymbols: [], calls: 1, timeLimit: "1 second" })
        ).pipe(
          Effect.provide(
            ScriptRunner.fromWorkerFactory(() => {
              throw new Error("blocked by CSP")
            })
          )
        )
      )
      assert.strictEqual(error.reason, "load")
    })
  )

  it.effect("the time limit terminates the worker and fails with timeout (TestClock)", () =>
    Effect.gen(function* () {
      const sim = simulate(() => undefined)
      const fiber = yield* Effect.forkChild(
        Effect.flip(run(sim, "var f = function () { return new Promise(function () {}) }", ["f"]))
      )
      yield* waitFor(Effect.sync(() => sim.started === 1))
      yield* TestClock.adjust("9999 millis")
      assert.isUndefined(fiber.pollUnsafe())
      assert.strictEqual(sim.terminated, 0)
      yield* TestClock.adjust("1 millis")
      const error = yield* Fiber.join(fiber)
      assert.strictEqual(error.reason, "timeout")
      assert.strictEqual(sim.terminated, 1)
      assert.strictEqual(sim.released, 1)
    })
  )
})
