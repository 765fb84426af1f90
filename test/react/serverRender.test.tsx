/**
 * Server rendering in Node (no DOM) with the app's typed hooks: the server's layer is the app's clients over
 * `serverPlatformLayer({ config })` (the services of the page's `browserPlatformLayer`, built for a process with no
 * page), prefetched, rendered with `renderToString` under the app's own Provider, and dehydrated; nothing is logged
 * at Warning or above, building the layer included.
 */
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as ManagedRuntime from "effect/ManagedRuntime"
import { browserPlatformLayer, serverPlatformLayer } from "platform-web-client"
import { UsersApi } from "platform-web-client/api/users"
import { Challenges } from "platform-web-client/challenge"
import { UsersClient } from "platform-web-client/clients"
import { createPlatformHooks, endpointQuery, QueryClient } from "platform-web-client/react"
import { jsonResponse, MemoryLogger, StubFetch } from "platform-web-client/testing"
import { renderToString } from "react-dom/server"
import { assert, describe, it } from "vitest"

const config = { user: { id: 1, authenticated: true } }
const app = createPlatformHooks(
  UsersClient.layer.pipe(Layer.provideMerge(browserPlatformLayer({ config, challenges: Challenges.browser })))
)
const MeQuery = endpointQuery(UsersClient, UsersApi, "users", "getAuthenticatedUser", { staleTime: "1 minute" })

function Greeting() {
  const me = app.useQuery(MeQuery)
  return <h1>{me._tag === "Success" ? `Hello, ${me.value.displayName}` : me._tag}</h1>
}

describe("server rendering with serverPlatformLayer", () => {
  it("prefetch, renderToString under the app's Provider, dehydrate: one request, no warning", async () => {
    assert.strictEqual(typeof document, "undefined")
    const serverLayer = UsersClient.layer.pipe(
      Layer.provideMerge(serverPlatformLayer({ config, challenges: true })),
      // the test's fetch (a server uses Node's); the logger to see what was logged
      Layer.provideMerge(
        Layer.merge(
          StubFetch.layer(() => jsonResponse({ id: 1, name: "ada", displayName: "Ada" })),
          MemoryLogger.layer()
        )
      )
    )
    const runtime = ManagedRuntime.make(serverLayer)
    const client = QueryClient.make({ context: runtime.contextEffect })
    await Effect.runPromise(client.fetchQuery(MeQuery, undefined))
    // the app's Provider over the services just built (not a second build)
    const built = Layer.succeedContext(await runtime.context())
    const html = renderToString(
      <app.Provider layer={built} queryClient={client}>
        <Greeting />
      </app.Provider>
    )
    assert.strictEqual(html, "<h1>Hello, Ada</h1>")
    const state = JSON.stringify(client.dehydrate())
    assert.include(state, '"displayName":"Ada"')
    const sent = await runtime.runPromise(
      Effect.map(StubFetch, (stub) => stub.requests.map((r) => new URL(r.url).pathname))
    )
    assert.deepStrictEqual(sent, ["/v1/users/authenticated"])
    const logs = await runtime.runPromise(Effect.flatMap(MemoryLogger, (logger) => logger.entries))
    assert.deepStrictEqual(
      logs.filter((l) => l.level === "Warn" || l.level === "Error" || l.level === "Fatal"),
      []
    )
    client.dispose()
    await runtime.dispose()
  })
})
