// @vitest-environment happy-dom
import * as Context from "effect/Context"
import * as Deferred from "effect/Deferred"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as ManagedRuntime from "effect/ManagedRuntime"
import { act, createElement } from "react"
import { assert, describe, it } from "vitest"
import * as Pager from "../../src/core/paging/Pager.ts"
import { PlatformProvider } from "../../src/react/PlatformProvider.tsx"
import { usePager, usePagerState } from "../../src/react/usePager.ts"
import { makeSource } from "../core/paging/source.ts"
import { settle, until, useDom } from "./dom.ts"

const dom = useDom()

const inProvider = (child: ReturnType<typeof createElement>) =>
  createElement(PlatformProvider<never>, { layer: Layer.empty }, child)
const inRuntime = (runtime: ManagedRuntime.ManagedRuntime<never, never>, child?: ReturnType<typeof createElement>) =>
  createElement(PlatformProvider<never>, { runtime }, child)

const text = (id: string) => dom.container.querySelector(`#${id}`)!.textContent
const click = (id: string) => act(() => (dom.container.querySelector(`#${id}`) as HTMLButtonElement).click())

/** A list with a pager: the items, the status line, and buttons disabled by the pager's rules. */
function List(props: { readonly view: ReturnType<typeof usePagerState<string, unknown>> }) {
  const { view } = props
  const button = (id: string, enabled: boolean, onClick: () => void) =>
    createElement("button", { id, disabled: !enabled, onClick }, id)
  return createElement(
    "div",
    null,
    createElement("p", { id: "items" }, view.items.join(",")),
    createElement(
      "p",
      { id: "status" },
      `${view.status} page ${view.page}${view.error ? ` ${view.error.message}` : ""}`
    ),
    button("first", view.canFirst, view.first),
    button("previous", view.canPrevious, view.previous),
    button("next", view.canNext, view.next),
    button("reload", view.canReload, view.reload)
  )
}

function Friends(props: { readonly source: ReturnType<typeof makeSource>; readonly filter: string }) {
  const view = usePager<string, unknown, string>(
    { pageSize: 2, loadSize: 4, fetch: props.source.fetch, parameters: { filter: props.filter } },
    [props.filter]
  )
  return createElement(List, { view })
}

describe("usePager", () => {
  it("loads page 1 on mount, then pages with the buttons, which follow the pager's rules", async () => {
    const source = makeSource(6)
    act(() => dom.root.render(inProvider(createElement(Friends, { source, filter: "a" }))))
    await settle()
    assert.strictEqual(text("items"), "item-0,item-1")
    assert.strictEqual(text("status"), "Idle page 1")
    assert.isTrue((dom.container.querySelector("#previous") as HTMLButtonElement).disabled)
    click("next")
    await settle()
    assert.strictEqual(text("items"), "item-2,item-3")
    assert.strictEqual(source.requests.length, 1)
    click("next")
    await settle()
    assert.strictEqual(text("items"), "item-4,item-5")
    assert.isTrue((dom.container.querySelector("#next") as HTMLButtonElement).disabled)
    click("previous")
    await settle()
    assert.strictEqual(text("status"), "Idle page 2")
  })

  it("works under a provider whose layer is built asynchronously; fetch gets the provider's services", async () => {
    class Prefix extends Context.Service<Prefix, string>()("test/Prefix") {}
    const layer = Layer.effect(Prefix, Effect.as(Effect.sleep("5 millis"), "friend"))
    function Prefixed() {
      const view = usePager<string, unknown, never, Prefix>({
        pageSize: 2,
        fetch: ({ count }) =>
          Effect.map(Prefix, (prefix) => ({ items: Array.from({ length: count }, (_, i) => `${prefix} ${i}`) }))
      })
      return createElement(List, { view })
    }
    act(() => dom.root.render(createElement(PlatformProvider<Prefix>, { layer }, createElement(Prefixed))))
    await settle()
    await settle()
    assert.strictEqual(text("items"), "friend 0,friend 1")
  })

  it("makes a new pager when deps change, with the new parameters", async () => {
    const source = makeSource(6)
    const render = (filter: string) =>
      act(() => dom.root.render(inProvider(createElement(Friends, { source, filter }))))
    render("a")
    await settle()
    render("b")
    await settle()
    assert.deepStrictEqual(
      source.requests.map((r) => r.parameters),
      [{ filter: "a" }, { filter: "b" }]
    )
    assert.strictEqual(text("status"), "Idle page 1")
  })

  it("shows the paging error of a failed load", async () => {
    const source = makeSource(6, { failCall: (call) => call === 1 })
    act(() => dom.root.render(inProvider(createElement(Friends, { source, filter: "a" }))))
    await settle()
    assert.strictEqual(text("status"), "Idle page 1 Unable to get items")
    click("reload")
    await settle()
    assert.strictEqual(text("status"), "Idle page 1")
    assert.strictEqual(text("items"), "item-0,item-1")
  })

  it("follows a pager driven from outside React, and shows Loading while it fetches", async () => {
    // The fetch waits for the test to let it go (an explicit promise): "Loading" is asserted while the fetch is
    // certainly in flight. (It used to sleep 30 ms of real time against a 10 ms settle, and failed under load.)
    const runtime = ManagedRuntime.make(Layer.empty)
    const source = makeSource(6)
    const gate = await runtime.runPromise(Deferred.make<void>())
    const fetch: typeof source.fetch = (request) => Effect.andThen(Deferred.await(gate), source.fetch(request))
    const pager = await runtime.runPromise(Pager.make<string, unknown, string>({ pageSize: 3, fetch }))
    function Outside() {
      return createElement(List, { view: usePagerState(pager) })
    }
    act(() => dom.root.render(inRuntime(runtime, createElement(Outside))))
    assert.strictEqual(text("status"), "Idle page 1")
    let loading: Promise<unknown> = Promise.resolve()
    act(() => {
      loading = runtime.runPromise(pager.first)
    })
    await until(() => text("status") === "Loading page 1", "Loading")
    assert.isTrue((dom.container.querySelector("#first") as HTMLButtonElement).disabled)
    assert.deepStrictEqual(source.requests, [])
    await act(async () => {
      await runtime.runPromise(Deferred.succeed(gate, undefined))
      await loading
    })
    assert.strictEqual(text("items"), "item-0,item-1,item-2")
    await runtime.dispose()
  })

  it("interrupts a running load on unmount; the pager returns to Idle", async () => {
    const runtime = ManagedRuntime.make(Layer.empty)
    const source = makeSource(6)
    const fetch: typeof source.fetch = (request) => Effect.andThen(Effect.never, source.fetch(request))
    const pager = await runtime.runPromise(Pager.make<string, unknown, string>({ pageSize: 3, fetch }))
    function Outside() {
      const view = usePagerState(pager)
      return createElement("button", { id: "go", onClick: view.first }, view.status)
    }
    act(() => dom.root.render(inRuntime(runtime, createElement(Outside))))
    click("go")
    await until(() => pager.current().status === "Loading", "the load")
    act(() => dom.root.render(inRuntime(runtime)))
    await until(() => pager.current().status === "Idle", "the interruption")
    await runtime.dispose()
  })
})
