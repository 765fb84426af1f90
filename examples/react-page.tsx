/**
 * Example: a React page with the library's hooks.
 *
 * `createPlatformHooks(PageLayer)` gives the page a provider and hooks checked against its layer: a query whose
 * client the layer does not provide does not compile. `useQuery` reads the signed-in user through the typed users
 * client, straight from its HttpApi definition (`endpointQuery`): one request however many components ask, cached,
 * typed errors; `usePager` pages a cursor list. In a browser page the layer is `browserPlatformLayer()`; the test next
 * to this file (examples/react-page.test.tsx) renders the same page over `testPlatformLayer` from
 * `platform-web-client/testing`, given to the Provider. docs/react.md has the whole story; the full demo
 * (`npm start`) is a bigger example.
 */
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Schema from "effect/Schema"
import { browserPlatformLayer, PlatformHttp } from "platform-web-client"
import { UsersApi } from "platform-web-client/api/users"
import { UsersClient } from "platform-web-client/clients"
import { createPlatformHooks, endpointQuery } from "platform-web-client/react"

const Friend = Schema.Struct({ id: Schema.Number, displayName: Schema.String })
const FriendsPage = Schema.Struct({ data: Schema.Array(Friend), nextPageCursor: Schema.NullOr(Schema.String) })

/** The typed clients the page uses, over any core layer. */
export const PageClients = UsersClient.layer

/** What the page runs on in a browser. */
export const PageLayer = PageClients.pipe(Layer.provideMerge(browserPlatformLayer()))

/** The page's provider and hooks, typed by its layer. */
export const page = createPlatformHooks(PageLayer)

/** The signed-in user, from the users API definition; fresh for a minute. */
export const MeQuery = endpointQuery(UsersClient, UsersApi, "users", "getAuthenticatedUser", { staleTime: "1 minute" })

/** The signed-in user's name: one query, its states, its typed error. */
export function Greeting() {
  const me = page.useQuery(MeQuery)
  if (me._tag === "Loading") return <h1>Loading…</h1>
  if (me._tag === "Failure") {
    const error = me.error
    return (
      <h1 role="alert">{error._tag === "ResponseError" ? `Sign-in check failed (${error.status})` : error._tag}</h1>
    )
  }
  if (me._tag === "Defect") return <h1 role="alert">Something went wrong</h1>
  return <h1>Hello, {me.value.displayName}</h1>
}

/** The user's friends, two per page, with next/previous. */
export function Friends(props: { readonly userId: number }) {
  const pager = page.usePager(
    {
      pageSize: 2,
      loadSize: 4,
      fetch: (request) =>
        // eslint-disable-next-line react-hooks/rules-of-hooks -- an Effect service's `use`, not React's `use` hook
        PlatformHttp.use((http) =>
          http.get(
            { service: "friends", path: `/v1/users/${props.userId}/friends` },
            {
              params: { cursor: request.cursor, limit: request.count },
              schema: FriendsPage
            }
          )
        ).pipe(Effect.map((list) => ({ items: list.data, nextPageCursor: list.nextPageCursor })))
    },
    [props.userId]
  )
  return (
    <section>
      <ul>
        {pager.items.map((friend) => (
          <li key={friend.id}>{friend.displayName}</li>
        ))}
      </ul>
      <button disabled={!pager.canPrevious} onClick={pager.previous}>
        Previous
      </button>
      <span>page {pager.page}</span>
      <button disabled={!pager.canNext} onClick={pager.next}>
        Next
      </button>
    </section>
  )
}

/** The page: two components read the signed-in user (one request). */
export function FriendsPageView() {
  return (
    <main>
      <Greeting />
      <Friends userId={1} />
      <footer>
        <Greeting />
      </footer>
    </main>
  )
}
