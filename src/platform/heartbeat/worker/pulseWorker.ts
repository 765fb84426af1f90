/**
 * The pulse worker's program: the worker side of the page heartbeat (see protocol.ts). It is written against
 * WorkerPort and Effect's Clock, so the same code runs in a Web Worker (src/heartbeat-worker.ts), inside the page when no
 * worker can be started, and in tests under TestClock.
 *
 * Why a worker: browsers throttle timers of background tabs heavily; a dedicated worker's timers keep a steadier
 * pace, so pulses stay close to the configured interval.
 *
 * @module
 */
import * as Effect from "effect/Effect"
import * as Fiber from "effect/Fiber"
import * as Schema from "effect/Schema"
import * as Stream from "effect/Stream"
import { WorkerPort } from "../../../core/browser/WorkerPort.ts"
import { type Pulse, ToPulseWorker } from "../protocol.ts"

const decode = Schema.decodeUnknownOption(ToPulseWorker)

/** Serve the protocol until the port's messages end: pulse while started, numbering pulses from 1 per start. */
export const runPulseWorker: Effect.Effect<void, never, WorkerPort> = Effect.gen(function* () {
  const port = yield* WorkerPort
  let loop: Fiber.Fiber<void> | undefined

  const stop = Effect.suspend(() => {
    const running = loop
    loop = undefined
    return running === undefined ? Effect.void : Fiber.interrupt(running)
  })

  const pulses = (intervalMs: number) =>
    Effect.gen(function* () {
      let sequence = 0
      while (true) {
        yield* Effect.sleep(intervalMs)
        sequence++
        const pulse: Pulse = { type: "pulse", sequence }
        yield* port.post(pulse)
      }
    })

  yield* port.messages.pipe(
    Stream.runForEach((raw) => {
      const message = decode(raw)
      if (message._tag === "None") return Effect.logDebug("Pulse worker: ignored a message outside the protocol")
      if (message.value.type === "stop") return stop
      const intervalMs = message.value.pulseIntervalMs
      return Effect.andThen(
        stop,
        Effect.map(Effect.forkChild(pulses(intervalMs)), (fiber) => void (loop = fiber))
      )
    }),
    Effect.ensuring(stop)
  )
})
