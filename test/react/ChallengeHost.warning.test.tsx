// @vitest-environment happy-dom
/**
 * `<ChallengeHost/>` under a layer that cannot raise a challenge says so: one Warning per runtime through the app's
 * logger, however many hosts mount; under a layer with the challenge flow it says nothing and attaches.
 */
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as ManagedRuntime from "effect/ManagedRuntime"
import { ChallengeHost, noChallengeFlowWarning, PlatformProvider } from "platform-web-client/react"
import { jsonResponse, MemoryLogger, testPlatformLayer } from "platform-web-client/testing"
import { act, StrictMode } from "react"
import { assert, describe, it } from "vitest"
import { settle, until, useDom } from "./dom.ts"

const handler = () => jsonResponse({})

const warnings = (runtime: ManagedRuntime.ManagedRuntime<MemoryLogger, never>) =>
  runtime.runPromise(
    Effect.map(
      Effect.flatMap(MemoryLogger, (logger) => logger.entries),
      (entries) => entries.filter((e) => e.level === "Warn").map((e) => e.text)
    )
  )

/** The Warning lines once there is one (a macrotask at a time, at most 200). */
const firstWarnings = async (runtime: ManagedRuntime.ManagedRuntime<MemoryLogger, never>) => {
  for (let i = 0; i < 200; i++) {
    const logged = await warnings(runtime)
    if (logged.length > 0) return logged
    await settle(0)
  }
  throw new Error("no warning was logged")
}

describe("ChallengeHost without a challenge flow", () => {
  const dom = useDom()

  it("renders nothing and logs one Warning naming the fix, once per runtime (two hosts, StrictMode)", async () => {
    const runtime = ManagedRuntime.make(Layer.merge(testPlatformLayer(handler), MemoryLogger.layer()))
    act(() =>
      dom.root.render(
        <StrictMode>
          <PlatformProvider runtime={runtime}>
            <ChallengeHost />
            <ChallengeHost />
          </PlatformProvider>
        </StrictMode>
      )
    )
    const logged = await firstWarnings(runtime)
    await settle() // the hosts' other effect runs (StrictMode runs each twice) have run too
    assert.deepStrictEqual(logged, [noChallengeFlowWarning])
    assert.deepStrictEqual(await warnings(runtime), [noChallengeFlowWarning])
    assert.isNull(dom.container.querySelector("[role=dialog]"))
    await runtime.dispose()
  })

  it("with the challenge flow in the layer: no warning, the host's modal is there", async () => {
    const runtime = ManagedRuntime.make(
      Layer.merge(testPlatformLayer(handler, {}, { challenges: true }), MemoryLogger.layer())
    )
    act(() =>
      dom.root.render(
        <PlatformProvider runtime={runtime}>
          <ChallengeHost />
        </PlatformProvider>
      )
    )
    await until(() => dom.container.querySelector("[role=dialog]") !== null, "the host's modal")
    assert.deepStrictEqual(await warnings(runtime), [])
    await runtime.dispose()
  })
})
