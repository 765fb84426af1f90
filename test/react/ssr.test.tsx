// @vitest-environment happy-dom
// @vitest-environment-options {"settings":{"fetch":{"disableSameOriginPolicy":true}}}
/**
 * Server-side rendering with the query layer, against the platform's msw handlers (platform-web-client/testing/msw):
 * the seeded world answers the friends call on the "server" and would answer any repeated call in the "browser".
 */
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as ManagedRuntime from "effect/ManagedRuntime"
import { setupServer } from "msw/node"
import { act, useState } from "react"
import { hydrateRoot } from "react-dom/client"
import { renderToString } from "react-dom/server"
import { afterAll, afterEach, assert, beforeAll, describe, it } from "vitest"
import { PlatformConfig } from "../../src/core/config/PlatformConfig.ts"
import * as QueryClient from "../../src/core/query/QueryClient.ts"
import type { QueryEvent } from "../../src/core/query/QueryEvent.ts"
import { platformLayer } from "../../src/core/wiring/platformLayer.ts"
import { platformHandlers } from "../../src/emulator/msw.ts"
import { FriendsClient } from "../../src/platform/clients/PlatformClients.ts"
import { PlatformProvider } from "../../src/react/PlatformProvider.tsx"
import { useQueryClient } from "../../src/react/useQueryClient.ts"
import { useQuery } from "../../src/react/useQuery.ts"
import { MemoryKeyValueStore } from "../../src/testing/memory/MemoryKeyValueStore.ts"
import { MemoryTelemetry } from "../../src/testing/memory/MemoryTelemetry.ts"
import { until } from "./dom.ts"
import { FriendsQuery, names } from "./friendsApp.ts"

const platform = platformHandlers({ seed: 11 })
const mock = setupServer(...platform.handlers)
beforeAll(() => mock.listen({ onUnhandledFrame: "error" }))
afterEach(() => platform.state.log.clear())
afterAll(async () => {
  mock.close()
  await platform.dispose()
})

/** The friends client over the real pipeline, configured for the msw handlers' origin. */
const friendsLayer = () =>
  FriendsClient.layer.pipe(
    Layer.provideMerge(platformLayer()),
    Layer.provideMerge(
      Layer.mergeAll(
        PlatformConfig.layer({ baseUrls: platform.baseUrls }),
        MemoryKeyValueStore.layer(),
        MemoryTelemetry.layer()
      )
    )
  )

/** `METHOD path` of every request the handlers answered. */
const requests = () => platform.state.log.since(0).entries.map((e) => `${e.method} ${e.url.replace(/\?.*$/, "")}`)

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
    const runtime = ManagedRuntime.make(friendsLayer())
    const serverClient = QueryClient.make({ context: runtime.contextEffect })
    const expected = names(
      await Effect.runPromise(serverClient.fetchQuery(FriendsQuery, { params: { userId: 1 }, query: {} }))
    )
    assert.notStrictEqual(expected, "")
    assert.deepStrictEqual(requests(), ["GET /friends/v1/users/1/friends"])
    const html = renderToString(
      <PlatformProvider runtime={runtime} queryClient={serverClient}>
        <Friends />
      </PlatformProvider>
    )
    assert.strictEqual(html, `<p id="friends">${expected}</p>`)
    const state = JSON.parse(JSON.stringify(serverClient.dehydrate()))
    serverClient.dispose()
    await runtime.dispose()

    // the browser: hydrate the markup with the state
    platform.state.log.clear()
    const container = document.createElement("div")
    container.innerHTML = html
    document.body.appendChild(container)
    const recoverable: Array<unknown> = []
    const events: Array<QueryEvent> = []
    const root = await act(async () =>
      hydrateRoot(
        container,
        <PlatformProvider layer={friendsLayer()} dehydratedState={state}>
          <EventLog into={events} />
          <Friends />
        </PlatformProvider>,
        { onRecoverableError: (error) => recoverable.push(error) }
      )
    )
    assert.strictEqual(container.innerHTML, `<p id="friends">${expected}</p>`)
    for (let i = 0; i < 5; i++) await act(() => new Promise<void>((resolve) => setTimeout(resolve, 0)))
    assert.deepStrictEqual(requests(), [])
    assert.deepStrictEqual(recoverable, [])
    assert.deepStrictEqual(
      events.map((e) => e._tag),
      ["Hydrated"]
    )
    act(() => root.unmount())
    container.remove()
  })

  it("a page whose state does not decode renders and fetches (the bad state is logged, not thrown)", async () => {
    const expected = names(
      await Effect.runPromise(
        FriendsClient.use((client) => client.friends.getFriends({ params: { userId: 1 }, query: {} })).pipe(
          Effect.provide(friendsLayer())
        )
      )
    )
    platform.state.log.clear()
    const container = document.createElement("div")
    document.body.appendChild(container)
    const { createRoot } = await import("react-dom/client")
    const root = createRoot(container)
    act(() =>
      root.render(
        <PlatformProvider layer={friendsLayer()} dehydratedState={{ not: "a state" }}>
          <Friends />
        </PlatformProvider>
      )
    )
    await until(() => container.textContent === expected, "the names")
    assert.deepStrictEqual(requests(), ["GET /friends/v1/users/1/friends"])
    act(() => root.unmount())
    container.remove()
  })
})
