// @vitest-environment happy-dom
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as ManagedRuntime from "effect/ManagedRuntime"
import { act, createElement } from "react"
import { createRoot, type Root } from "react-dom/client"
import { afterEach, assert, beforeEach, describe, it } from "vitest"
import { ChallengeComponent } from "../../src/core/challenge/presenters/ChallengeComponent.ts"
import type { ChallengeError } from "../../src/core/challenge/ChallengeError.ts"
import { pageMessage } from "../../src/core/challenge/presenters/messages.ts"
import { PlatformHttp } from "../../src/core/http/PlatformHttp.ts"
import { ChallengeHost } from "../../src/react/ChallengeHost.tsx"
import { PlatformProvider } from "../../src/react/PlatformProvider.tsx"
import { MemoryChallengeFrames } from "../../src/testing/MemoryChallengeFrames.ts"
import { MemoryLogger } from "../../src/testing/memory/MemoryLogger.ts"
import { StubFetch } from "../../src/testing/StubFetch.ts"
import { appUrl, domChallengeLayer, platform, wwwOrigin } from "../core/challenge/harness.ts"

;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true

let container: HTMLElement
let root: Root
let runtime: ManagedRuntime.ManagedRuntime<Layer.Success<ReturnType<typeof domChallengeLayer>>, never>

beforeEach(() => {
  container = document.createElement("div")
  document.body.appendChild(container)
  root = createRoot(container)
  runtime = ManagedRuntime.make(domChallengeLayer(platform()))
})
afterEach(async () => {
  await act(async () => root.unmount())
  container.remove()
  await runtime.dispose()
})

const until = async (condition: () => boolean | Promise<boolean>, what: string) => {
  for (let i = 0; i < 200; i++) {
    if (await condition()) return
    await act(async () => new Promise((resolve) => setTimeout(resolve, 5)))
  }
  throw new Error(`timed out waiting for ${what}`)
}

const render = (element: ReturnType<typeof createElement>) => act(async () => root.render(element))
const provider = (...children: Array<ReturnType<typeof createElement>>) =>
  createElement(PlatformProvider<any>, { runtime: runtime as ManagedRuntime.ManagedRuntime<any, any> }, ...children)
const host = () => provider(createElement(ChallengeHost))
const dialog = () => container.querySelector<HTMLElement>("[role=dialog]")
const available = () => runtime.runPromise(Effect.flatMap(ChallengeComponent, (c) => c.available))
const frames = () => runtime.runPromise(Effect.flatMap(MemoryChallengeFrames, (f) => f.frames))
const post = () => runtime.runPromiseExit(Effect.flatMap(PlatformHttp, (http) => http.post(appUrl, { body: {} })))
const postAsFrame = (data: unknown) =>
  runtime.runPromise(Effect.flatMap(MemoryChallengeFrames, (f) => f.postAsFrame(data, wwwOrigin)))

describe("ChallengeHost", () => {
  it("makes the challenge component available while mounted, with a hidden locked modal of type 4", async () => {
    assert.isFalse(await available())
    await render(host())
    await until(available, "the host to attach")
    const modal = dialog()!
    assert.isTrue(modal.hidden)
    assert.strictEqual(modal.getAttribute("aria-modal"), "true")
    assert.strictEqual(modal.getAttribute("aria-label"), "Security challenge")
    assert.strictEqual(modal.getAttribute("data-modal-type"), "4")
    assert.strictEqual(modal.getAttribute("data-locked"), "true")
    await render(provider())
    await until(async () => !(await available()), "the host to detach")
  })

  it("shows the frame in the modal during a challenge; the page's completion closes it and the request succeeds", async () => {
    await render(host())
    await until(available, "the host to attach")
    const pending = post()
    await until(async () => (await frames()).length === 1, "the frame")
    const [frame] = await frames()
    assert.strictEqual(frame!.container, container.querySelector("[data-challenge-container]"))
    await until(() => dialog()!.hidden === false, "the modal to open")
    assert.strictEqual(dialog()!.getAttribute("data-challenge-type"), "Captcha")

    const escape = new KeyboardEvent("keydown", { key: "Escape", bubbles: true, cancelable: true })
    await act(async () => void dialog()!.dispatchEvent(escape))
    assert.isTrue(escape.defaultPrevented)
    assert.isFalse(dialog()!.hidden)

    await postAsFrame(pageMessage("challengeCompleted", { challengeMetadata: { captchaToken: "tok" } }))
    const exit = await pending
    assert.strictEqual(exit._tag, "Success")
    await until(() => dialog()!.hidden === true, "the modal to close")
    assert.isTrue((await frames())[0]!.removed)
  })

  it("abandoning in the page rejects the request with the typed error", async () => {
    await render(host())
    await until(available, "the host to attach")
    const pending = post()
    await until(async () => (await frames()).length === 1, "the frame")
    await postAsFrame(pageMessage("challengeAbandoned"))
    const exit = await pending
    assert.strictEqual(exit._tag, "Failure")
    if (exit._tag === "Failure") {
      const reason = exit.cause.reasons.find((r) => r._tag === "Fail")
      const error = (reason as unknown as { error: ChallengeError }).error
      assert.strictEqual(error._tag, "ChallengeError")
      assert.strictEqual(error.reason, "abandoned")
    }
    await until(() => dialog()!.hidden === true, "the modal to close")
  })

  it("unmounting the host during a challenge removes the frame and abandons the challenge", async () => {
    await render(host())
    await until(available, "the host to attach")
    const pending = post()
    await until(async () => (await frames()).length === 1, "the frame")
    await render(provider())
    const exit = await pending
    assert.strictEqual(exit._tag, "Failure")
    assert.isTrue((await frames())[0]!.removed)
  })

  it("without a host a challenged request gets its original error and the missing component is logged", async () => {
    const exit = await post()
    assert.strictEqual(exit._tag, "Failure")
    const lines = await runtime.runPromise(Effect.flatMap(MemoryLogger, (l) => l.entries))
    assert.deepStrictEqual(
      lines.filter((l) => l.level === "Error").map((l) => l.text),
      ["Got challenge but challenge component not available"]
    )
    assert.strictEqual((await runtime.runPromise(Effect.map(StubFetch, (s) => s.requests))).length, 1)
  })
})
