import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import * as Fiber from "effect/Fiber"
import * as Scope from "effect/Scope"
import * as Stream from "effect/Stream"
import { type WorkerLike, WorkerHost } from "../../../src/core/browser/WorkerHost.ts"
import { WorkerPort, type WorkerScopeLike } from "../../../src/core/browser/WorkerPort.ts"
import { MemoryLogger } from "../../../src/testing/memory/MemoryLogger.ts"

type Listener = (event: { readonly data?: unknown }) => void

class FakeWorker implements WorkerLike {
  readonly listeners = new Map<string, Set<Listener>>()
  readonly received: Array<unknown> = []
  terminated = false
  readonly url: string
  constructor(url: string) {
    this.url = url
  }
  postMessage(message: unknown) {
    if (message === "uncloneable") throw new DOMException("could not be cloned", "DataCloneError")
    this.received.push(message)
  }
  terminate() {
    this.terminated = true
  }
  addEventListener(type: string, listener: Listener) {
    if (!this.listeners.has(type)) this.listeners.set(type, new Set())
    this.listeners.get(type)!.add(listener)
  }
  removeEventListener(type: string, listener: Listener) {
    this.listeners.get(type)?.delete(listener)
  }
  fire(type: string, data?: unknown) {
    for (const l of this.listeners.get(type) ?? []) l({ data })
  }
  count() {
    let n = 0
    for (const set of this.listeners.values()) n += set.size
    return n
  }
}

describe("WorkerHost.fromConstructor", () => {
  it.effect("spawns, relays messages both ways (none lost before reading), terminates on scope close", () =>
    Effect.gen(function* () {
      const made: Array<FakeWorker> = []
      const host = yield* Effect.provide(
        WorkerHost,
        WorkerHost.fromConstructor(() => (url) => {
          const w = new FakeWorker(url)
          made.push(w)
          return w
        })
      )
      const scope = yield* Scope.make()
      const connection = yield* Scope.provide(host.spawn("https://www.example.com/w.js"), scope)
      const worker = made[0]!
      assert.strictEqual(worker.url, "https://www.example.com/w.js")
      worker.fire("message", { n: 1 })
      worker.fire("message", { n: 2 })
      const fiber = yield* Effect.forkChild(Stream.runCollect(Stream.take(connection.messages, 3)))
      yield* Effect.yieldNow
      worker.fire("message", { n: 3 })
      assert.deepStrictEqual(yield* Fiber.join(fiber), [{ n: 1 }, { n: 2 }, { n: 3 }])
      yield* connection.post({ hello: true })
      assert.deepStrictEqual(worker.received, [{ hello: true }])
      const refused = yield* Effect.flip(connection.post("uncloneable"))
      assert.strictEqual(refused.message, "Worker post failed: DataCloneError")
      yield* Scope.close(scope, Exit.void)
      assert.isTrue(worker.terminated)
      assert.strictEqual(worker.count(), 0)
    })
  )

  it.effect("a worker error fails the message stream with runtime", () =>
    Effect.gen(function* () {
      let worker: FakeWorker | undefined
      const error = yield* Effect.scoped(
        Effect.gen(function* () {
          const host = yield* WorkerHost
          const connection = yield* host.spawn("/w.js")
          worker!.fire("error")
          return yield* Effect.flip(Stream.runDrain(connection.messages))
        })
      ).pipe(Effect.provide(WorkerHost.fromConstructor(() => (url) => (worker = new FakeWorker(url)))))
      assert.strictEqual(error.operation, "runtime")
      assert.strictEqual(error.message, "Worker runtime failed")
    })
  )

  it.effect("no Worker support, or a constructor that throws, fails the spawn", () =>
    Effect.gen(function* () {
      const unsupported = yield* Effect.scoped(Effect.flatMap(WorkerHost, (h) => Effect.flip(h.spawn("/w.js")))).pipe(
        Effect.provide(WorkerHost.fromConstructor(() => undefined))
      )
      assert.strictEqual(unsupported.message, "Worker spawn failed: Worker is not supported")
      const throwing = yield* Effect.scoped(
        Effect.flatMap(WorkerHost, (h) => Effect.flip(h.spawn("https://other.example/w.js")))
      ).pipe(
        Effect.provide(
          WorkerHost.fromConstructor(() => () => {
            throw new DOMException("cross-origin", "SecurityError")
          })
        )
      )
      assert.strictEqual(throwing.message, "Worker spawn failed: SecurityError")
    })
  )
})

describe("WorkerPort.fromScope", () => {
  it.effect("reads posted messages and posts back; an uncloneable message is dropped with a Warning", () =>
    Effect.gen(function* () {
      const listeners = new Set<Listener>()
      const posted: Array<unknown> = []
      const scope: WorkerScopeLike = {
        postMessage: (m) => {
          if (m === "uncloneable") throw new Error("no")
          posted.push(m)
        },
        addEventListener: (_t, l) => void listeners.add(l),
        removeEventListener: (_t, l) => void listeners.delete(l)
      }
      const port = yield* Effect.provide(WorkerPort, WorkerPort.fromScope(scope))
      const fiber = yield* Effect.forkChild(Stream.runCollect(Stream.take(port.messages, 2)))
      yield* Effect.yieldNow
      for (const l of listeners) l({ data: "a" })
      for (const l of listeners) l({ data: "b" })
      assert.deepStrictEqual(yield* Fiber.join(fiber), ["a", "b"])
      assert.strictEqual(listeners.size, 0)
      yield* port.post({ type: "pulse", sequence: 1 })
      yield* port.post("uncloneable")
      assert.deepStrictEqual(posted, [{ type: "pulse", sequence: 1 }])
      const lines = yield* (yield* MemoryLogger).entries
      assert.deepStrictEqual(
        lines.map((l) => l.text),
        ["Worker message dropped: it could not be cloned"]
      )
    }).pipe(Effect.provide(MemoryLogger.layer()))
  )
})
