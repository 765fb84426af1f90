/**
 * The script sandbox outside a browser: the page side over a fake document (the frame it creates, the one window
 * message, the channel) with the test playing the sandbox document on the transferred port; and the sandbox
 * document's own script run in `node:vm` over a fake window (which messages it accepts, what it relays). That
 * the sandbox really has an opaque origin is proven in Chromium (test/e2e/scriptSandbox.test.ts).
 */
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import { MessageChannel, type MessagePort } from "node:worker_threads"
import * as vm from "node:vm"
import { ScriptRunner } from "../../../src/core/browser/ScriptRunner.ts"
import {
  sandboxBootstrap,
  sandboxDocument,
  sandboxedWorkerFactory,
  sandboxFlags,
  sandboxProtocol,
  type SandboxWindow
} from "../../../src/core/browser/scriptSandbox.ts"

const pageOrigin = "https://www.example.com"

interface FakePage {
  readonly window: SandboxWindow
  readonly frames: Array<FakeFrame>
}

interface FakeFrame {
  readonly attributes: Record<string, string>
  srcdoc: string
  title: string
  tabIndex: number
  referrerPolicy: string
  readonly style: { cssText: string }
  removed: boolean
  /** What was posted to the frame's window: message, target origin, transferred ports. */
  readonly posted: Array<{ message: unknown; targetOrigin: string; transfer: ReadonlyArray<MessagePort> }>
  load: () => void
}

/** A page whose frames fire `load` when the test says so; `play` answers as the sandbox document on the port. */
const fakePage = (play: (port: MessagePort, frame: FakeFrame) => void): FakePage => {
  const frames: Array<FakeFrame> = []
  const document = {
    createElement: () => {
      let onLoad: (() => void) | undefined
      const frame: FakeFrame & Record<string, unknown> = {
        attributes: {},
        srcdoc: "",
        title: "",
        tabIndex: 0,
        referrerPolicy: "",
        style: { cssText: "" },
        removed: false,
        posted: [],
        setAttribute(name: string, value: string) {
          frame.attributes[name] = value
        },
        addEventListener(_: "load", listener: () => void) {
          onLoad = listener
        },
        remove() {
          frame.removed = true
        },
        contentWindow: {
          postMessage: (message: unknown, targetOrigin: string, transfer: ReadonlyArray<MessagePort>) => {
            frame.posted.push({ message, targetOrigin, transfer })
            const port = transfer[0]
            if (port !== undefined) play(port, frame)
          }
        },
        load: () => onLoad?.()
      }
      frames.push(frame)
      return frame
    },
    body: { appendChild: (frame: FakeFrame) => setTimeout(() => frame.load()) }
  }
  return {
    frames,
    window: {
      location: { origin: pageOrigin },
      document: document as unknown as Document,
      MessageChannel: MessageChannel as unknown as typeof globalThis.MessageChannel
    }
  }
}

/** The sandbox document played in Node: runs the source in a fresh vm context and relays its messages. */
const runInVm = (port: MessagePort) => {
  port.once("message", ({ source }: { source: string }) => {
    const context: Record<string, unknown> = {}
    context["self"] = context
    context["postMessage"] = (data: unknown) => port.postMessage({ event: "message", data })
    try {
      vm.runInNewContext(source, context, { timeout: 1000 })
    } catch {
      port.postMessage({ event: "error" })
    }
  })
}

const run = (page: FakePage, source: string, expectedSymbols: ReadonlyArray<string>) =>
  Effect.flatMap(ScriptRunner, (runner) =>
    runner.run({ source, expectedSymbols, calls: 1, timeLimit: "10 seconds" })
  ).pipe(Effect.provide(ScriptRunner.fromWorkerFactory(sandboxedWorkerFactory(page.window))))

describe("script sandbox (page side)", () => {
  it.effect("a hidden frame sandboxed to scripts only; one port-carrying message to its window; the run's values", () =>
    Effect.gen(function* () {
      const page = fakePage((port) => runInVm(port))
      const values = yield* run(page, "var answer = function () { return 6 * 7 }", ["answer"])
      assert.deepStrictEqual(values, { answer: 42 })
      const [frame, ...more] = page.frames
      assert.strictEqual(more.length, 0)
      // scripts only: no allow-same-origin (the frame's origin is opaque), no forms, popups or top navigation
      assert.strictEqual(frame!.attributes["sandbox"], "allow-scripts")
      assert.strictEqual(sandboxFlags, "allow-scripts")
      assert.strictEqual(frame!.attributes["aria-hidden"], "true")
      assert.include(frame!.style.cssText, "display:none")
      assert.strictEqual(frame!.referrerPolicy, "no-referrer")
      assert.strictEqual(frame!.srcdoc, sandboxDocument(pageOrigin))
      // exactly one window message: the protocol tag and the port, nothing else (no script, no secret)
      assert.strictEqual(frame!.posted.length, 1)
      assert.deepStrictEqual(frame!.posted[0]!.message, { protocol: sandboxProtocol })
      assert.strictEqual(frame!.posted[0]!.targetOrigin, "*")
      assert.strictEqual(frame!.posted[0]!.transfer.length, 1)
      // the run is over: the frame (and with it the worker) is gone
      assert.isTrue(frame!.removed)
    })
  )

  it.effect("a worker that could not start is kind load; a script error is run; an unreadable relay is badResult", () =>
    Effect.gen(function* () {
      const answer = (relay: unknown) => fakePage((port) => port.once("message", () => port.postMessage(relay)))
      const kinds = []
      for (const relay of [
        { event: "startFailed" },
        { event: "error" },
        { event: "messageerror" },
        { event: "nonsense" },
        "x"
      ]) {
        const page = answer(relay)
        kinds.push((yield* Effect.flip(run(page, "var a = 1", ["a"]))).reason)
        assert.isTrue(page.frames[0]!.removed)
      }
      assert.deepStrictEqual(kinds, ["load", "run", "badResult", "badResult", "badResult"])
    })
  )
})

/** A fake window for the sandbox document's script: its parent, its listeners, Worker, Blob and URL. */
const sandboxWindow = (workerBehaviour: "start" | "throw" = "start") => {
  const parent = { page: true }
  const listeners = new Set<(event: unknown) => void>()
  const workers: Array<{ source: string; worker: Record<string, unknown> }> = []
  const window = {
    parent,
    addEventListener: (_: string, listener: (event: unknown) => void) => void listeners.add(listener),
    removeEventListener: (_: string, listener: (event: unknown) => void) => void listeners.delete(listener)
  }
  const context = {
    window,
    Blob: class {
      readonly parts: ReadonlyArray<string>
      constructor(parts: ReadonlyArray<string>) {
        this.parts = parts
      }
    },
    URL: { createObjectURL: (blob: { parts: ReadonlyArray<string> }) => `blob:null/${blob.parts.join("")}` },
    Worker: class {
      constructor(url: string) {
        if (workerBehaviour === "throw") throw new Error("blocked by policy")
        workers.push({ source: url.slice("blob:null/".length), worker: this as unknown as Record<string, unknown> })
      }
    },
    TypeError
  }
  vm.runInNewContext(sandboxBootstrap(pageOrigin), context)
  const dispatch = (event: { source: unknown; origin: string; data: unknown; ports?: ReadonlyArray<unknown> }) =>
    [...listeners].forEach((listener) => listener(event))
  return { parent, listeners, workers, dispatch }
}

/** A port as the sandbox document sees it: `onmessage` set by the script, `postMessage` recorded. */
const fakePort = () => {
  const sent: Array<unknown> = []
  const port: { onmessage: ((event: { data: unknown }) => void) | null; postMessage: (m: unknown) => void } = {
    onmessage: null,
    postMessage: (message) => void sent.push(message)
  }
  return { port, sent }
}

describe("script sandbox (the sandbox document's script)", () => {
  it("accepts only its parent window at the page's exact origin with the protocol tag and a port, and only once", () => {
    const frame = sandboxWindow()
    const ok = { protocol: sandboxProtocol }
    const rejected = [
      { source: { other: "window" }, origin: pageOrigin, data: ok },
      { source: null, origin: pageOrigin, data: ok },
      { source: frame.parent, origin: "https://evil.test", data: ok },
      { source: frame.parent, origin: "null", data: ok },
      { source: frame.parent, origin: `${pageOrigin}.evil.test`, data: ok },
      { source: frame.parent, origin: pageOrigin, data: { protocol: "something else" } },
      { source: frame.parent, origin: pageOrigin, data: null },
      { source: frame.parent, origin: pageOrigin, data: ok, noPort: true }
    ]
    const ports = rejected.map(() => fakePort())
    rejected.forEach(({ noPort, ...event }, i) =>
      frame.dispatch({ ...event, ports: noPort === true ? [] : [ports[i]!.port] })
    )
    assert.deepStrictEqual(
      ports.map((p) => p.port.onmessage),
      rejected.map(() => null)
    )
    assert.strictEqual(frame.listeners.size, 1)

    const accepted = fakePort()
    frame.dispatch({ source: frame.parent, origin: pageOrigin, data: ok, ports: [accepted.port] })
    assert.isFunction(accepted.port.onmessage)
    assert.strictEqual(frame.listeners.size, 0) // it stopped listening: no second port can be planted
  })

  it("starts one worker with the source and relays its messages and errors to the port", () => {
    const frame = sandboxWindow()
    const { port, sent } = fakePort()
    frame.dispatch({ source: frame.parent, origin: pageOrigin, data: { protocol: sandboxProtocol }, ports: [port] })
    port.onmessage!({ data: { source: "var a = 1" } })
    assert.isNull(port.onmessage) // one run per frame
    assert.deepStrictEqual(
      frame.workers.map((w) => w.source),
      ["var a = 1"]
    )
    const worker = frame.workers[0]!.worker as {
      onmessage: (e: { data: unknown }) => void
      onerror: (e: { preventDefault(): void }) => void
      onmessageerror: () => void
    }
    let prevented = 0
    worker.onmessage({ data: { ok: true, values: "{}" } })
    worker.onerror({ preventDefault: () => void prevented++ })
    worker.onmessageerror()
    assert.deepStrictEqual(sent, [
      { event: "message", data: { ok: true, values: "{}" } },
      { event: "error" },
      { event: "messageerror" }
    ])
    assert.strictEqual(prevented, 1)
  })

  it("a worker that cannot start, or a request without a script, is startFailed", () => {
    for (const [behaviour, request] of [
      ["throw", { source: "var a" }],
      ["start", { source: 42 }],
      ["start", null]
    ] as const) {
      const frame = sandboxWindow(behaviour)
      const { port, sent } = fakePort()
      frame.dispatch({ source: frame.parent, origin: pageOrigin, data: { protocol: sandboxProtocol }, ports: [port] })
      port.onmessage!({ data: request })
      assert.deepStrictEqual(sent, [{ event: "startFailed" }])
      assert.deepStrictEqual(frame.workers, [])
    }
  })

  it("the page's origin is written into the document as inert JSON", () => {
    assert.include(sandboxDocument("https://a.example"), JSON.stringify("https://a.example"))
    assert.notInclude(sandboxBootstrap("https://a.example</script><script>alert(1)//"), "</script>")
  })
})
