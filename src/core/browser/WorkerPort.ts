/**
 * WorkerPort: the worker side of a dedicated Web Worker — the messages the page posts to it, and posting back.
 *
 * Worker programs (such as the page heartbeat's pulse worker) are written against this service, so they run in a
 * real worker ({@link WorkerPort.self}), in the page when workers are unavailable, and in tests with an in-memory
 * port. Messages are outside input: decode them with a Schema.
 *
 * @module
 */
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Queue from "effect/Queue"
import * as Stream from "effect/Stream"

/** The shape of the worker-side port. */
export interface WorkerPortShape {
  /** The messages posted to this worker (their `data`), from when the stream is run. */
  readonly messages: Stream.Stream<unknown>
  /** Post a message to the page. A message that cannot be cloned is dropped with a Warning. */
  readonly post: (message: unknown) => Effect.Effect<void>
}

/** The part of a worker's global scope the port uses. */
export interface WorkerScopeLike {
  postMessage(message: unknown): void
  addEventListener(type: "message", listener: (event: { readonly data?: unknown }) => void): void
  removeEventListener(type: "message", listener: (event: { readonly data?: unknown }) => void): void
}

const fromScope = (scope: WorkerScopeLike): WorkerPortShape => ({
  messages: Stream.callback<unknown>((queue) =>
    Effect.suspend(() => {
      const listener = (event: { readonly data?: unknown }) => void Queue.offerUnsafe(queue, event.data)
      scope.addEventListener("message", listener)
      return Effect.addFinalizer(() => Effect.sync(() => scope.removeEventListener("message", listener)))
    })
  ),
  post: (message) =>
    Effect.suspend(() => {
      try {
        scope.postMessage(message)
        return Effect.void
      } catch {
        return Effect.logWarning("Worker message dropped: it could not be cloned")
      }
    })
})

/** The worker side of a dedicated worker. */
export class WorkerPort extends Context.Service<WorkerPort, WorkerPortShape>()(
  "platform-web-client/core/browser/WorkerPort"
) {
  /** A port over a worker global scope (or anything shaped like one). */
  static fromScope(scope: WorkerScopeLike): Layer.Layer<WorkerPort> {
    return Layer.succeed(WorkerPort, fromScope(scope))
  }

  /** The port of the worker this code runs in (`self` of a dedicated worker). Use it in worker entry scripts only. */
  static readonly self: Layer.Layer<WorkerPort> = Layer.sync(WorkerPort, () =>
    fromScope(globalThis as unknown as WorkerScopeLike)
  )
}
