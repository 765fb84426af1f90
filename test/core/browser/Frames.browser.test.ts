import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import * as Fiber from "effect/Fiber"
import * as Queue from "effect/Queue"
import * as Scope from "effect/Scope"
import { Window } from "happy-dom"
import { Frames, type FramesWindow, isExactOrigin } from "../../../src/core/browser/Frames.ts"

const makeWindow = () =>
  new Window({ url: "https://create.example.com/page", settings: { disableIframePageLoading: true } })

/** The Frames capability over a happy-dom window. */
const framesOver = (window: Window) =>
  Effect.provide(
    Effect.gen(function* () {
      return yield* Frames
    }),
    Frames.fromWindow(window as unknown as FramesWindow)
  )

/** Listen in a new scope for messages of `origin` from `source`; close the scope to stop. */
const listen = (
  frames: Effect.Success<ReturnType<typeof framesOver>>,
  origin: string,
  source: (s: unknown) => boolean
) =>
  Effect.gen(function* () {
    const scope = yield* Scope.make()
    const queue = yield* Scope.provide(scope)(frames.messages({ origin: (o) => o === origin, source }))
    return { scope, queue }
  })

describe("Frames over a window (happy-dom)", () => {
  it("isExactOrigin accepts serialised origins only", () => {
    assert.deepStrictEqual(
      [
        "https://www.example.com",
        "http://127.0.0.1:5174",
        "*",
        "/",
        "null",
        "",
        "https://www.example.com/",
        "https://www.example.com/hba",
        "https://WWW.example.com",
        "https://www.example.com:443",
        "www.example.com"
      ].map(isExactOrigin),
      [true, true, false, false, false, false, false, false, false, false, false]
    )
  })

  it.effect(
    "creates a hidden iframe (0×0, fixed, behind the page, its id), posts only to an exact origin, removes it with its scope",
    () =>
      Effect.gen(function* () {
        const window = makeWindow()
        const frames = yield* framesOver(window)
        assert.strictEqual(frames.origin, "https://create.example.com")
        const scope = yield* Scope.make()
        const frame = yield* Scope.provide(scope)(
          frames.hidden("https://www.example.com/hba/iframe", { id: "hba-frame" })
        )
        const iframe = window.document.querySelector("iframe")!
        assert.strictEqual(window.document.getElementById("hba-frame"), iframe)
        assert.strictEqual(iframe.getAttribute("src"), "https://www.example.com/hba/iframe")
        assert.strictEqual(iframe.getAttribute("aria-hidden"), "true")
        assert.strictEqual(iframe.tabIndex, -1)
        const style = iframe.style
        assert.deepStrictEqual(
          [style.position, style.width, style.height, style.zIndex, style.display],
          ["fixed", "0px", "0px", "-1", ""]
        )

        const posted: Array<[unknown, string]> = []
        Object.defineProperty(iframe, "contentWindow", {
          value: { postMessage: (m: unknown, o: string) => posted.push([m, o]) },
          configurable: true
        })
        for (const bad of ["*", "/", "https://www.example.com/hba/iframe"]) {
          const error = yield* Effect.flip(frame.post({ msg: "checkLoadedRequest" }, bad))
          assert.strictEqual(error.reason, "InvalidTargetOrigin")
        }
        yield* frame.post({ msg: "checkLoadedRequest" }, "https://www.example.com")
        assert.deepStrictEqual(posted, [[{ msg: "checkLoadedRequest" }, "https://www.example.com"]])
        assert.isTrue(frame.isSource(iframe.contentWindow))
        assert.isFalse(frame.isSource({}))
        assert.isFalse(frame.isSource(null))

        const loaded = yield* Effect.forkChild(frame.loaded)
        iframe.dispatchEvent(new window.Event("load"))
        yield* Fiber.join(loaded)
        yield* Scope.close(scope, Exit.void)
        assert.strictEqual(window.document.querySelectorAll("iframe").length, 0)
        yield* Effect.promise(() => window.happyDOM.close())
      })
  )

  it.effect("listens to message events while its scope is open; replies go to the source at an exact origin", () =>
    Effect.gen(function* () {
      const window = makeWindow()
      const frames = yield* framesOver(window)
      const replies: Array<[unknown, string]> = []
      const source = { postMessage: (m: unknown, o: string) => replies.push([m, o]) }
      const { queue, scope } = yield* listen(frames, "https://www.example.com", (s) => s === source)
      window.dispatchEvent(
        new window.MessageEvent("message", {
          origin: "https://www.example.com",
          data: { a: 1 },
          source: source as never
        })
      )
      const message = yield* Queue.take(queue)
      assert.deepStrictEqual(
        [message.origin, message.data, message.source === source],
        ["https://www.example.com", { a: 1 }, true]
      )
      assert.strictEqual((yield* Effect.flip(message.reply("x", "*"))).reason, "InvalidTargetOrigin")
      yield* message.reply("pong", "https://www.example.com")
      assert.deepStrictEqual(replies, [["pong", "https://www.example.com"]])
      yield* Scope.close(scope, Exit.void)
      window.dispatchEvent(
        new window.MessageEvent("message", { origin: "https://www.example.com", data: "late", source: source as never })
      )
      assert.strictEqual(Queue.sizeUnsafe(queue), 0)
      yield* Effect.promise(() => window.happyDOM.close())
    })
  )

  it.effect(
    "drops messages of any other origin or window on arrival: 10,000 junk messages, then the answer is there",
    () =>
      Effect.gen(function* () {
        const window = makeWindow()
        const frames = yield* framesOver(window)
        const frame = { postMessage: () => undefined }
        const other = { postMessage: () => undefined }
        const { queue, scope } = yield* listen(frames, "https://www.example.com", (s) => s === frame)
        const junk = [
          { origin: "https://evil.test", source: other },
          { origin: "https://evil.test", source: frame },
          { origin: "https://www.example.com", source: other },
          { origin: "https://www.example.com.evil.test", source: frame },
          { origin: "https://www.example.com/", source: frame },
          { origin: "null", source: frame },
          { origin: "https://www.example.com", source: null }
        ]
        for (let i = 0; i < 10_000; i++) {
          const { origin, source } = junk[i % junk.length]!
          window.dispatchEvent(new window.MessageEvent("message", { origin, data: { n: i }, source: source as never }))
        }
        assert.strictEqual(Queue.sizeUnsafe(queue), 0)
        window.dispatchEvent(
          new window.MessageEvent("message", {
            origin: "https://www.example.com",
            data: "answer",
            source: frame as never
          })
        )
        assert.strictEqual(Queue.sizeUnsafe(queue), 1)
        assert.strictEqual((yield* Queue.take(queue)).data, "answer")
        yield* Scope.close(scope, Exit.void)
        yield* Effect.promise(() => window.happyDOM.close())
      })
  )

  it.effect("a check that throws rejects the message; isParent is false in a top window", () =>
    Effect.gen(function* () {
      const window = makeWindow()
      const frames = yield* framesOver(window)
      assert.isFalse(frames.isParent(window))
      assert.isFalse(frames.isParent(null))
      const scope = yield* Scope.make()
      const queue = yield* Scope.provide(scope)(
        frames.messages({
          origin: () => {
            throw new Error("broken check")
          },
          source: () => true
        })
      )
      window.dispatchEvent(
        new window.MessageEvent("message", { origin: "https://www.example.com", data: 1, source: {} as never })
      )
      assert.strictEqual(Queue.sizeUnsafe(queue), 0)
      yield* Scope.close(scope, Exit.void)
      yield* Effect.promise(() => window.happyDOM.close())
    })
  )

  it("isParent recognises the framing window only", () => {
    const parent = {}
    const framed = { location: { origin: "https://www.example.com" }, parent } as unknown as FramesWindow
    const layer = Frames.fromWindow({
      ...framed,
      document: undefined as never,
      addEventListener: () => undefined,
      removeEventListener: () => undefined
    })
    const frames = Effect.runSync(
      Effect.provide(
        Effect.gen(function* () {
          return yield* Frames
        }),
        layer
      )
    )
    assert.isTrue(frames.isParent(parent))
    assert.isFalse(frames.isParent({}))
  })
})
