/** The browser layer of ChallengeFrames over a fake window: frame creation, origin and source pre-check, removal. */
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import * as Queue from "effect/Queue"
import * as Scope from "effect/Scope"
import { ChallengeFrames, type ChallengeFramesWindow } from "../../../src/core/browser/ChallengeFrames.ts"

const fakeWindow = () => {
  const listeners = new Set<(event: MessageEvent) => void>()
  const contentWindow = { frame: "window" }
  const iframe = {
    contentWindow,
    id: "",
    title: "",
    referrerPolicy: "",
    loadListeners: [] as Array<() => void>,
    addEventListener(type: string, listener: () => void) {
      if (type === "load") this.loadListeners.push(listener)
    },
    src: "",
    attributes: {} as Record<string, string>,
    style: { cssText: "" },
    removed: false,
    setAttribute(name: string, value: string) {
      this.attributes[name] = value
    },
    remove() {
      this.removed = true
    }
  }
  const children: Array<unknown> = []
  const containerElement = { appendChild: (child: unknown) => void children.push(child) }
  const window = {
    location: { origin: "https://app.example.com" },
    document: { createElement: () => iframe } as unknown as Document,
    addEventListener: (_: "message", l: (event: MessageEvent) => void) => void listeners.add(l),
    removeEventListener: (_: "message", l: (event: MessageEvent) => void) => void listeners.delete(l)
  } satisfies ChallengeFramesWindow
  const dispatch = (origin: string, source: unknown, data: unknown) =>
    listeners.forEach((l) => l({ origin, source, data } as unknown as MessageEvent))
  return { window, iframe, contentWindow, containerElement, children, listeners, dispatch }
}

describe("ChallengeFrames.fromWindow", () => {
  it.effect(
    "appends a full-size frame (its id and allow policy, hidden until loaded) to the container and queues only messages from the frame's window and origin",
    () => {
      const fake = fakeWindow()
      return Effect.gen(function* () {
        const frames = yield* ChallengeFrames
        assert.strictEqual(frames.origin, "https://app.example.com")
        const scope = yield* Scope.make()
        const frame = yield* Scope.provide(
          frames.show({
            url: "https://www.example.com/challenge/cdn/hybrid?x=1",
            origin: "https://www.example.com",
            container: fake.containerElement,
            title: "Security challenge",
            id: "challenge-frame",
            allow: "publickey-credentials-get; publickey-credentials-create"
          }),
          scope
        )
        assert.deepStrictEqual(fake.children, [fake.iframe])
        assert.strictEqual(fake.iframe.src, "https://www.example.com/challenge/cdn/hybrid?x=1")
        assert.strictEqual(fake.iframe.title, "Security challenge")
        assert.strictEqual(fake.iframe.referrerPolicy, "no-referrer")
        assert.include(fake.iframe.style.cssText, "width:100%;height:100%")
        assert.strictEqual(fake.iframe.id, "challenge-frame")
        assert.strictEqual(fake.iframe.attributes["allow"], "publickey-credentials-get; publickey-credentials-create")
        // hidden until its document has loaded
        assert.include(fake.iframe.style.cssText, "visibility:hidden")
        assert.strictEqual(fake.iframe.loadListeners.length, 1)
        fake.iframe.loadListeners[0]!()
        assert.strictEqual((fake.iframe.style as { visibility?: string }).visibility, "visible")
        assert.isTrue(frame.isSource(fake.contentWindow))
        assert.isFalse(frame.isSource({}))
        assert.isFalse(frame.isSource(null))

        for (let i = 0; i < 1000; i++) fake.dispatch("https://evil.test", { other: i }, { flood: i })
        fake.dispatch("https://evil.test", null, "no source")
        // the frame's window, but another origin (the frame navigated away, or a look-alike): dropped too
        for (const origin of [
          "https://evil.test",
          "https://www.example.com.evil.test",
          "https://www.example.com/",
          "null"
        ]) {
          for (let i = 0; i < 100; i++) fake.dispatch(origin, fake.contentWindow, { flood: i })
        }
        fake.dispatch("https://www.example.com", fake.contentWindow, { hello: 1 })
        assert.deepStrictEqual(yield* Queue.take(frame.messages), {
          origin: "https://www.example.com",
          source: fake.contentWindow,
          data: { hello: 1 }
        })
        assert.strictEqual(yield* Queue.size(frame.messages), 0)

        yield* Scope.close(scope, Exit.void)
        assert.isTrue(fake.iframe.removed)
        assert.strictEqual(fake.listeners.size, 0)
      }).pipe(Effect.provide(ChallengeFrames.fromWindow(fake.window)))
    }
  )

  it.effect("a container that is not an element fails with Unavailable", () =>
    Effect.gen(function* () {
      const frames = yield* ChallengeFrames
      const error = yield* Effect.flip(
        Effect.scoped(
          frames.show({ url: "https://x.test", origin: "https://x.test", container: undefined, title: "t" })
        )
      )
      assert.strictEqual(error.reason, "Unavailable")
    }).pipe(Effect.provide(ChallengeFrames.fromWindow(fakeWindow().window)))
  )
})
