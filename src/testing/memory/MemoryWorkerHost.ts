/**
 * MemoryWorkerHost: Web Workers in memory. A spawned worker runs the worker program you give (written against
 * WorkerPort, such as the heartbeat's pulse worker) in a fiber of the spawn's scope, so TestClock drives it; the
 * control records the URLs spawned and the messages the page posted, and can post messages as a worker.
 *
 * @module
 */
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import type * as Layer from "effect/Layer"
import * as Stream from "effect/Stream"
import { makeWorkerChannel } from "../../core/browser/WorkerChannel.ts"
import { WorkerError, WorkerHost } from "../../core/browser/WorkerHost.ts"
import { WorkerPort, type WorkerPortShape } from "../../core/browser/WorkerPort.ts"
import { layerWithControl } from "./layerWithControl.ts"

/** How memory workers behave. */
export interface MemoryWorkerHostOptions {
  /** The program a worker spawned from `url` runs; undefined: the worker does nothing on its own. */
  readonly program?: (url: string) => Effect.Effect<void, never, WorkerPort> | undefined
  /** Every spawn fails, as on a page that cannot start workers. */
  readonly unsupported?: boolean
  /** Every worker fails at once with a `runtime` error, as when its script does not load. */
  readonly failAtRuntime?: boolean
}

/** The test-side control of memory workers. */
export interface MemoryWorkerHostShape {
  /** The URL of every spawn, in order (failed spawns included). */
  readonly spawned: Effect.Effect<ReadonlyArray<string>>
  /** How many workers are running (spawned, scope not closed). */
  readonly running: Effect.Effect<number>
  /** Every message the page posted to any worker, in order. */
  readonly posted: Effect.Effect<ReadonlyArray<unknown>>
  /** Post `message` to the page from every running worker. */
  readonly emit: (message: unknown) => Effect.Effect<void>
}

/** Control of the memory WorkerHost provided by {@link MemoryWorkerHost.layer}. */
export class MemoryWorkerHost extends Context.Service<MemoryWorkerHost, MemoryWorkerHostShape>()(
  "platform-web-client/testing/memory/MemoryWorkerHost"
) {
  /** Fresh memory workers. */
  static layer(options: MemoryWorkerHostOptions = {}): Layer.Layer<WorkerHost | MemoryWorkerHost> {
    return layerWithControl(WorkerHost, MemoryWorkerHost, () => {
      const spawned: Array<string> = []
      const posted: Array<unknown> = []
      const ports = new Set<WorkerPortShape>()
      return [
        WorkerHost.of({
          spawn: (url) =>
            Effect.gen(function* () {
              spawned.push(url)
              if (options.unsupported === true) {
                return yield* new WorkerError({ operation: "spawn", cause: "Worker is not supported" })
              }
              const channel = yield* makeWorkerChannel
              ports.add(channel.port)
              yield* Effect.addFinalizer(() => Effect.sync(() => void ports.delete(channel.port)))
              const program = options.program?.(url)
              if (program !== undefined) {
                yield* Effect.forkScoped(Effect.provideService(program, WorkerPort, channel.port))
              }
              return {
                messages:
                  options.failAtRuntime === true
                    ? Stream.fail(new WorkerError({ operation: "runtime" }))
                    : channel.connection.messages,
                post: (message: unknown) =>
                  Effect.andThen(
                    Effect.sync(() => void posted.push(message)),
                    channel.connection.post(message)
                  )
              }
            })
        }),
        MemoryWorkerHost.of({
          spawned: Effect.sync(() => [...spawned]),
          running: Effect.sync(() => ports.size),
          posted: Effect.sync(() => [...posted]),
          emit: (message) => Effect.forEach([...ports], (port) => port.post(message), { discard: true })
        })
      ]
    })
  }
}
