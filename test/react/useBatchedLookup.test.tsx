// @vitest-environment happy-dom
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as ManagedRuntime from "effect/ManagedRuntime"
import { act, createElement } from "react"
import { assert, describe, it } from "vitest"
import { unretriableItem } from "../../src/core/batch/BatchFailure.ts"
import * as BatchProcessor from "../../src/core/batch/BatchProcessor.ts"
import { PlatformProvider } from "../../src/react/PlatformProvider.tsx"
import { type BatchProcessorSource, useBatchedLookup } from "../../src/react/useBatchedLookup.ts"
import { settle as settleFor, useDom } from "./dom.ts"

/** An app-wide processor as a service: names by user id; id 0 does not exist. */
class UserNames extends Context.Service<UserNames, BatchProcessor.BatchProcessor<number, string>>()("test/UserNames") {}

const makeApp = () => {
  const calls: Array<ReadonlyArray<number>> = []
  const layer = Layer.effect(
    UserNames,
    BatchProcessor.make({
      waitMs: 5,
      process: (ids: ReadonlyArray<number>) =>
        Effect.sync(() => {
          calls.push([...ids])
          return ids.map((id) => (id === 0 ? unretriableItem("no such user") : `user ${id}`))
        })
    })
  )
  return { calls, runtime: ManagedRuntime.make(layer) }
}

const dom = useDom()

const settle = () => settleFor(30)

function Name(props: { readonly id: number; readonly source: BatchProcessorSource<number, string, UserNames> }) {
  const result = useBatchedLookup(props.source, props.id)
  const text =
    result._tag === "Success" ? result.value : result._tag === "Failure" ? `${result.error.reason}` : result._tag
  return createElement("li", null, text)
}

const renderNames = (
  runtime: ManagedRuntime.ManagedRuntime<UserNames, never>,
  ids: ReadonlyArray<number>,
  source: BatchProcessorSource<number, string, UserNames> = UserNames
) =>
  act(() =>
    dom.root.render(
      createElement(
        PlatformProvider<UserNames>,
        { runtime },
        createElement("ul", null, ...ids.map((id, i) => createElement(Name, { key: i, id, source })))
      )
    )
  )

const texts = () => [...dom.container.querySelectorAll("li")].map((li) => li.textContent)

describe("useBatchedLookup", () => {
  it("rows rendered together make one batched call; a missing user renders its failure", async () => {
    const { calls, runtime } = makeApp()
    renderNames(runtime, [1, 2, 0, 2])
    assert.deepStrictEqual(texts(), ["Loading", "Loading", "Loading", "Loading"])
    await settle()
    assert.deepStrictEqual(texts(), ["user 1", "user 2", "unretriableFailure", "user 2"])
    assert.deepStrictEqual(calls, [[1, 2, 0]])
    await runtime.dispose()
  })

  it("given the processor itself, a value it holds renders at once, without Loading or a call", async () => {
    const { calls, runtime } = makeApp()
    const processor = await runtime.runPromise(UserNames)
    renderNames(runtime, [3], processor)
    await settle()
    assert.deepStrictEqual(texts(), ["user 3"])
    act(() => dom.root.render(createElement("p")))
    renderNames(runtime, [3], processor)
    assert.deepStrictEqual(texts(), ["user 3"])
    assert.strictEqual(calls.length, 1)
    await runtime.dispose()
  })

  it("a new key starts a new lookup and never shows the old key's value", async () => {
    const { runtime } = makeApp()
    renderNames(runtime, [4])
    await settle()
    renderNames(runtime, [5])
    assert.deepStrictEqual(texts(), ["Loading"])
    await settle()
    assert.deepStrictEqual(texts(), ["user 5"])
    await runtime.dispose()
  })
})
