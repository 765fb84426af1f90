// @vitest-environment happy-dom
import { act, createElement, StrictMode } from "react"
import { assert, describe, it } from "vitest"
import * as Context from "effect/Context"
import * as Data from "effect/Data"
import * as Deferred from "effect/Deferred"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as ManagedRuntime from "effect/ManagedRuntime"
import { PlatformProvider } from "../../src/react/PlatformProvider.tsx"
import { type EffectResult, useEffectResult } from "../../src/react/useEffectResult.ts"
import { settle, thrownBy, useDom } from "./dom.ts"

class Greeting extends Context.Service<
  Greeting,
  { readonly hello: (name: string) => Effect.Effect<string, NotFound> }
>()("test/Greeting") {}
class NotFound extends Data.TaggedError("NotFound")<{ readonly name: string }> {}

const greetingLayer = Layer.succeed(Greeting, {
  hello: (name) => (name === "nobody" ? Effect.fail(new NotFound({ name })) : Effect.succeed(`hello ${name}`))
})

const describeResult = (r: EffectResult<string, NotFound>) =>
  r._tag === "Success" ? r.value : r._tag === "Failure" ? `failed: ${r.error._tag} ${r.error.name}` : r._tag

function Hello(props: { readonly name: string }) {
  const result = useEffectResult(() => Greeting.use((g) => g.hello(props.name)), [props.name])
  return createElement("p", null, describeResult(result))
}

const dom = useDom()

describe("PlatformProvider + useEffectResult", () => {
  it("renders loading, then the value, and re-runs when deps change", async () => {
    act(() =>
      dom.root.render(
        <PlatformProvider layer={greetingLayer}>
          <Hello name="ada" />
        </PlatformProvider>
      )
    )
    assert.strictEqual(dom.container.textContent, "Loading")
    await settle()
    assert.strictEqual(dom.container.textContent, "hello ada")
    act(() =>
      dom.root.render(
        <PlatformProvider layer={greetingLayer}>
          <Hello name="bob" />
        </PlatformProvider>
      )
    )
    await settle()
    assert.strictEqual(dom.container.textContent, "hello bob")
  })

  it("survives StrictMode's mount-unmount-mount rehearsal and disposes of its runtime on a real unmount", async () => {
    let released = 0
    const counted = Layer.effectDiscard(Effect.addFinalizer(() => Effect.sync(() => void released++)))
    const layer = Layer.merge(greetingLayer, counted)
    act(() =>
      dom.root.render(
        <StrictMode>
          <PlatformProvider layer={layer}>
            <Hello name="strict" />
          </PlatformProvider>
        </StrictMode>
      )
    )
    await settle()
    assert.strictEqual(dom.container.textContent, "hello strict")
    assert.strictEqual(released, 0)
    act(() => dom.root.render(<StrictMode />))
    await settle()
    assert.strictEqual(released, 1)
  })

  it("renders a typed failure", async () => {
    act(() =>
      dom.root.render(
        <PlatformProvider layer={greetingLayer}>
          <Hello name="nobody" />
        </PlatformProvider>
      )
    )
    await settle()
    assert.strictEqual(dom.container.textContent, "failed: NotFound nobody")
  })

  it("interrupts the running effect on unmount", async () => {
    const runtime = ManagedRuntime.make(Layer.empty)
    const interrupted = await runtime.runPromise(Deferred.make<void>())
    function Pending() {
      const result = useEffectResult(
        () => Effect.never.pipe(Effect.onInterrupt(() => Deferred.succeed(interrupted, undefined))),
        []
      )
      return createElement("p", null, result._tag)
    }
    act(() =>
      dom.root.render(
        <PlatformProvider runtime={runtime}>
          <Pending />
        </PlatformProvider>
      )
    )
    await settle()
    assert.strictEqual(dom.container.textContent, "Loading")
    act(() => dom.root.render(<PlatformProvider runtime={runtime} />))
    await runtime.runPromise(Deferred.await(interrupted))
    assert.isTrue(await runtime.runPromise(Deferred.isDone(interrupted)))
    await runtime.dispose()
  })

  it("useRuntime outside a provider is a clear programming error", () => {
    function Orphan() {
      useEffectResult(() => Effect.succeed(1), [])
      return null
    }
    const errors = thrownBy(() => act(() => dom.root.render(createElement(Orphan))))
    assert.isTrue(
      errors.some((e) => e instanceof Error && e.message === "useRuntime must be used inside a <PlatformProvider>")
    )
  })
})
