/**
 * WorkerHost: the page side of Web Workers — start a dedicated worker from a script URL, talk to it with
 * messages, terminate it when done.
 *
 * A worker lives as long as the Scope it was spawned in. Its messages are outside input: decode them with a
 * Schema. `spawn` fails with {@link WorkerError} (`spawn`) when the page cannot start a worker (no Worker support,
 * a script URL of another origin); the message stream fails with `runtime` when the worker reports an error
 * (its script failed to load or threw) or a message could not be cloned.
 *
 * @module
 */
import * as Cause from "effect/Cause"
import * as Context from "effect/Context"
import * as Data from "effect/Data"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Queue from "effect/Queue"
import type * as Scope from "effect/Scope"
import * as Stream from "effect/Stream"
import { errorName } from "./errorSummary.ts"

/** A worker could not be started (`spawn`), failed while running (`runtime`), or refused a message (`post`). */
export class WorkerError extends Data.TaggedError("WorkerError")<{
  readonly operation: "spawn" | "runtime" | "post"
  readonly cause?: unknown
}> {
  override get message(): string {
    const cause =
      this.cause === undefined ? "" : `: ${typeof this.cause === "string" ? this.cause : errorName(this.cause)}`
    return `Worker ${this.operation} failed${cause}`
  }
}

/** A running worker, from the page's side. */
export interface WorkerConnection {
  /** The messages the worker posts (their `data`), in order; fails when the worker reports an error. */
  readonly messages: Stream.Stream<unknown, WorkerError>
  /** Post a message (structured-cloned) to the worker. */
  readonly post: (message: unknown) => Effect.Effect<void, WorkerError>
}

/** The shape of the worker host. */
export interface WorkerHostShape {
  /** Start a classic dedicated worker from `url`; it is terminated when the scope closes. */
  readonly spawn: (url: string) => Effect.Effect<WorkerConnection, WorkerError, Scope.Scope>
}

/** The part of a `Worker` the host uses. */
export interface WorkerLike {
  postMessage(message: unknown): void
  terminate(): void
  addEventListener(
    type: "message" | "error" | "messageerror",
    listener: (event: { readonly data?: unknown }) => void
  ): void
  removeEventListener(
    type: "message" | "error" | "messageerror",
    listener: (event: { readonly data?: unknown }) => void
  ): void
}

const fromConstructor = (make: () => ((url: string) => WorkerLike) | undefined): WorkerHostShape => ({
  spawn: (url) =>
    Effect.gen(function* () {
      const construct = make()
      if (construct === undefined)
        return yield* new WorkerError({ operation: "spawn", cause: "Worker is not supported" })
      const worker = yield* Effect.try({
        try: () => construct(url),
        catch: (cause) => new WorkerError({ operation: "spawn", cause })
      })
      yield* Effect.addFinalizer(() => Effect.sync(() => worker.terminate()))
      // Messages are buffered from the start, so none posted before the stream is read is lost.
      const inbox = yield* Queue.unbounded<unknown, WorkerError>()
      const onMessage = (event: { readonly data?: unknown }) => void Queue.offerUnsafe(inbox, event.data)
      const onError = () => void Queue.failCauseUnsafe(inbox, Cause.fail(new WorkerError({ operation: "runtime" })))
      worker.addEventListener("message", onMessage)
      worker.addEventListener("error", onError)
      worker.addEventListener("messageerror", onError)
      yield* Effect.addFinalizer(() =>
        Effect.sync(() => {
          worker.removeEventListener("message", onMessage)
          worker.removeEventListener("error", onError)
          worker.removeEventListener("messageerror", onError)
        })
      )
      return {
        messages: Stream.fromQueue(inbox),
        post: (message: unknown) =>
          Effect.try({
            try: () => worker.postMessage(message),
            catch: (cause) => new WorkerError({ operation: "post", cause })
          })
      }
    })
})

/** True when `url` is on another origin than the page. */
const isCrossOrigin = (url: string): boolean => {
  try {
    return typeof location !== "undefined" && new URL(url, location.href).origin !== location.origin
  } catch {
    return false
  }
}

/** `new Worker(url)`, or for a cross-origin script a `blob:` trampoline revoked when the worker is terminated. */
const browserWorker = (url: string): WorkerLike => {
  if (!isCrossOrigin(url)) return new Worker(url) as unknown as WorkerLike
  const source = new Blob([`importScripts(${JSON.stringify(new URL(url, location.href).href)})`], {
    type: "text/javascript"
  })
  const blobUrl = URL.createObjectURL(source)
  let worker: Worker
  try {
    worker = new Worker(blobUrl)
  } catch (error) {
    URL.revokeObjectURL(blobUrl)
    throw error
  }
  const terminate = worker.terminate.bind(worker)
  return Object.assign(worker, {
    terminate: () => {
      terminate()
      URL.revokeObjectURL(blobUrl)
    }
  }) as unknown as WorkerLike
}

/** Starting Web Workers. */
export class WorkerHost extends Context.Service<WorkerHost, WorkerHostShape>()(
  "platform-web-client/core/browser/WorkerHost"
) {
  /** Workers made by `make` (undefined: workers are not supported). */
  static fromConstructor(make: () => ((url: string) => WorkerLike) | undefined): Layer.Layer<WorkerHost> {
    return Layer.succeed(WorkerHost, fromConstructor(make))
  }

  /**
   * The browser's `Worker`; outside a browser (or without Worker support) every spawn fails. A script on another
   * origin (which `new Worker` refuses) is started through a same-origin `blob:` script that `importScripts` it;
   * where the page's content security policy forbids that too, the spawn fails.
   */
  static readonly browser: Layer.Layer<WorkerHost> = WorkerHost.fromConstructor(() =>
    typeof Worker === "undefined" ? undefined : browserWorker
  )
}
