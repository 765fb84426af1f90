// @vitest-environment happy-dom
import * as Effect from "effect/Effect"
import * as ManagedRuntime from "effect/ManagedRuntime"
import { act, useState } from "react"
import { hydrateRoot } from "react-dom/client"
import { renderToString } from "react-dom/server"
import { assert, describe, it } from "vitest"
import * as QueryClient from "../../src/core/query/QueryClient.ts"
import type { QueryEvent } from "../../src/core/query/QueryEvent.ts"
import { PlatformProvider } from "../../src/react/PlatformProvider.tsx"
import { useQueryClient } from "../../src/react/useQueryClient.ts"
import { useQuery } from "../../src/react/useQuery.ts"
import { until } from "./dom.ts"
import { FriendsQuery, makeFriendsService, names } from "./friendsApp.ts"

function Friends() {
  const view = useQuery(FriendsQuery, { params: { userId: 1 }, query: {} })
  return <p id="friends">{view._tag === "Success" ? names(view.value) : view._tag}</p>
}

/** Records the browser client's events (what the devtools panel would show). */
function EventLog(props: { readonly into: Array<QueryEvent> }) {
  const client = useQueryClient()
  // subscribed on the first render, before the query is first read (a test-only shortcut)
  useState(() => client.events.subscribe((e) => e && props.into.push(e)))
  return null
}

describe("SSR", () => {
  it("prefetch on the server, dehydrate, hydrate in the browser: the same markup and no request repeated", async () => {
    // the server: prefetch, render, dehydrate
    const server = makeFriendsService()
    const runtime = ManagedRuntime.make(server.layer)
    const serverClient = QueryClient.make({ context: runtime.contextEffect })
    const prefetch = Effect.runPromise(serverClient.fetch(FriendsQuery, { params: { userId: 1 }, query: {} }))
    await until(() => server.pending() === 1, "the server's request")
    server.answerAll()
    await prefetch
    const html = renderToString(
      <PlatformProvider runtime={runtime} queryClient={serverClient}><Friends /></PlatformProvider>
    )
    assert.strictEqual(html, `<p id="friends">ada,bo</p>`)
    const state = JSON.parse(JSON.stringify(serverClient.dehydrate()))
    serverClient.dispose()
    await runtime.dispose()

    // the browser: hydrate the markup with the state
    const browser = makeFriendsService()
    const container = document.createElement("div")
    container.innerHTML = html
    document.body.appendChild(container)
    const recoverable: Array<unknown> = []
    const events: Array<QueryEvent> = []
    const root = await act(async () =>
      hydrateRoot(
        container,
        <PlatformProvider layer={browser.layer} dehydratedState={state}>
          <EventLog into={events} />
          <Friends />
        </PlatformProvider>,
        { onRecoverableError: (error) => recoverable.push(error) }
      )
    )
    assert.strictEqual(container.innerHTML, `<p id="friends">ada,bo</p>`)
    for (let i = 0; i < 5; i++) await act(() => new Promise<void>((resolve) => setTimeout(resolve, 0)))
    assert.deepStrictEqual(browser.received.length, 0)
    assert.deepStrictEqual(recoverable, [])
    assert.deepStrictEqual(events.map((e) => e._tag), ["Hydrated"])
    act(() => root.unmount())
    container.remove()
  })

  it("a page whose state does not decode renders and fetches (the bad state is logged, not thrown)", async () => {
    const browser = makeFriendsService()
    const container = document.createElement("div")
    document.body.appendChild(container)
    const { createRoot } = await import("react-dom/client")
    const root = createRoot(container)
    act(() =>
      root.render(
        <PlatformProvider layer={browser.layer} dehydratedState={{ not: "a state" }}>
          <Friends />
        </PlatformProvider>
      )
    )
    await until(() => browser.pending() === 1, "the request")
    await act(async () => browser.answerAll())
    await until(() => container.textContent === "ada,bo", "the names")
    act(() => root.unmount())
    container.remove()
  })
})
