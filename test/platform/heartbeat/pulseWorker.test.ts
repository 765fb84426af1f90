import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Fiber from "effect/Fiber"
import * as Queue from "effect/Queue"
import * as Stream from "effect/Stream"
import { TestClock } from "effect/testing"
import { makeWorkerChannel } from "../../../src/core/browser/WorkerChannel.ts"
import { WorkerPort } from "../../../src/core/browser/WorkerPort.ts"
import { runPulseWorker } from "../../../src/platform/heartbeat/worker/pulseWorker.ts"

/** The worker program on one end of a channel; the page end's messages collected into a queue. */
const harness = Effect.gen(function* () {
  const channel = yield* makeWorkerChannel
  yield* Effect.forkScoped(Effect.provideService(runPulseWorker, WorkerPort, channel.port))
  const received = yield* Queue.unbounded<unknown>()
  yield* Effect.forkScoped(Stream.runForEach(channel.connection.messages, (m) => Queue.offer(received, m)))
  const drain = Effect.flatMap(Effect.yieldNow, () => Queue.clear(received))
  return { post: channel.connection.post, drain }
})

describe("pulse worker (worker side, TestClock)", () => {
  it.effect("pulses every interval after start, numbered from 1", () =>
    Effect.gen(function* () {
      const { drain, post } = yield* harness
      yield* post({ type: "start", pulseIntervalMs: 20_000 })
      yield* TestClock.adjust(19_999)
      assert.deepStrictEqual(yield* drain, [])
      yield* TestClock.adjust(1)
      assert.deepStrictEqual(yield* drain, [{ type: "pulse", sequence: 1 }])
      yield* TestClock.adjust(40_000)
      assert.deepStrictEqual(yield* drain, [
        { type: "pulse", sequence: 2 },
        { type: "pulse", sequence: 3 }
      ])
    })
  )

  it.effect("a new start restarts the interval and the numbering; stop stops", () =>
    Effect.gen(function* () {
      const { drain, post } = yield* harness
      yield* post({ type: "start", pulseIntervalMs: 1000 })
      yield* TestClock.adjust(2500)
      assert.strictEqual((yield* drain).length, 2)
      yield* post({ type: "start", pulseIntervalMs: 5000 })
      yield* TestClock.adjust(4999)
      assert.deepStrictEqual(yield* drain, [])
      yield* TestClock.adjust(1)
      assert.deepStrictEqual(yield* drain, [{ type: "pulse", sequence: 1 }])
      yield* post({ type: "stop" })
      yield* TestClock.adjust(60_000)
      assert.deepStrictEqual(yield* drain, [])
    })
  )

  it.effect("ignores messages outside the protocol", () =>
    Effect.gen(function* () {
      const { drain, post } = yield* harness
      for (const bad of [null, "start", { type: "start" }, { type: "start", pulseIntervalMs: 0 }, { type: "go" }])
        yield* post(bad)
      yield* TestClock.adjust(100_000)
      assert.deepStrictEqual(yield* drain, [])
      yield* post({ type: "start", pulseIntervalMs: 10 })
      yield* TestClock.adjust(10)
      assert.deepStrictEqual(yield* drain, [{ type: "pulse", sequence: 1 }])
    })
  )

  it.effect("stops pulsing when its port's messages end", () =>
    Effect.gen(function* () {
      const channel = yield* makeWorkerChannel
      const fiber = yield* Effect.forkChild(
        Effect.provideService(runPulseWorker, WorkerPort, {
          messages: Stream.make({ type: "start", pulseIntervalMs: 10 }),
          post: channel.port.post
        })
      )
      yield* TestClock.adjust(100)
      assert.isDefined(fiber.pollUnsafe())
      yield* Fiber.join(fiber)
    })
  )
})
