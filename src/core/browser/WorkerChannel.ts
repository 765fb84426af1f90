/**
 * WorkerChannel: an in-memory pair of a page-side {@link WorkerConnection} and a worker-side {@link WorkerPortShape},
 * connected by queues. It runs a worker program inside the page (when the page cannot start a real worker) and in
 * tests, with the same message protocol as a real worker. Messages are passed as they are (not cloned).
 *
 * @module
 */
import * as Effect from "effect/Effect"
import * as Queue from "effect/Queue"
import type * as Scope from "effect/Scope"
import * as Stream from "effect/Stream"
import type { WorkerConnection, WorkerError } from "./WorkerHost.ts"
import type { WorkerPortShape } from "./WorkerPort.ts"

/** Both ends of an in-memory worker channel. */
export interface WorkerChannel {
  /** The page's end. */
  readonly connection: WorkerConnection
  /** The worker's end. */
  readonly port: WorkerPortShape
}

/** A new channel; its queues are shut down when the scope closes. */
export const makeWorkerChannel: Effect.Effect<WorkerChannel, never, Scope.Scope> = Effect.gen(function* () {
  const toWorker = yield* Queue.unbounded<unknown>()
  const toPage = yield* Queue.unbounded<unknown, WorkerError>()
  yield* Effect.addFinalizer(() => Effect.andThen(Queue.shutdown(toWorker), Queue.shutdown(toPage)))
  return {
    connection: {
      messages: Stream.fromQueue(toPage),
      post: (message) => Effect.asVoid(Queue.offer(toWorker, message))
    },
    port: {
      messages: Stream.fromQueue(toWorker),
      post: (message) => Effect.asVoid(Queue.offer(toPage, message))
    }
  }
})
