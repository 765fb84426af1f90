/**
 * Example: a React page with the library's hooks.
 *
 * `PlatformProvider` runs the app's layer once; `useEffectResult` runs an effect per component and renders its
 * state (loading, value, typed failure); `usePager` pages a cursor list with cached pages. In a browser page the
 * layer is `browserPlatformLayer()`; the test next to this file (examples/react-page.test.tsx) renders the same
 * page over `testPlatformLayer` from `platform-web-client/testing`. The full demo (`npm start`) is a bigger example.
 */
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import { PlatformHttp, type ResponseError } from "../src/index.ts"
import { useEffectResult, usePager } from "../src/react/index.ts"

const Friend = Schema.Struct({ id: Schema.Number, displayName: Schema.String })
const FriendsPage = Schema.Struct({ data: Schema.Array(Friend), nextPageCursor: Schema.NullOr(Schema.String) })
const Profile = Schema.Struct({ id: Schema.Number, displayName: Schema.String })

/** The signed-in user's name: one effect, three states. */
export function Greeting() {
  const profile = useEffectResult(
    () => Effect.flatMap(PlatformHttp, (http) => http.get({ service: "users", path: "/v1/users/authenticated" }, { schema: Profile })),
    []
  )
  if (profile._tag === "Loading") return <h1>Loading…</h1>
  if (profile._tag === "Failure") {
    const error = profile.error
    return <h1 role="alert">{error._tag === "ResponseError" ? `Sign-in check failed (${(error as ResponseError).status})` : error._tag}</h1>
  }
  if (profile._tag === "Defect") return <h1 role="alert">Something went wrong</h1>
  return <h1>Hello, {profile.value.displayName}</h1>
}

/** The user's friends, two per page, with next/previous. */
export function Friends(props: { readonly userId: number }) {
  const pager = usePager({
    pageSize: 2,
    loadSize: 4,
    fetch: (request) =>
      Effect.flatMap(PlatformHttp, (http) =>
        http.get({ service: "friends", path: `/v1/users/${props.userId}/friends` }, {
          params: { cursor: request.cursor, limit: request.count },
          schema: FriendsPage
        })).pipe(Effect.map((page) => ({ items: page.data, nextPageCursor: page.nextPageCursor })))
  }, [props.userId])
  return (
    <section>
      <ul>{pager.items.map((friend) => <li key={friend.id}>{friend.displayName}</li>)}</ul>
      <button disabled={!pager.canPrevious} onClick={pager.previous}>Previous</button>
      <span>page {pager.page}</span>
      <button disabled={!pager.canNext} onClick={pager.next}>Next</button>
    </section>
  )
}

/** The page. */
export function FriendsPageView() {
  return (
    <main>
      <Greeting />
      <Friends userId={1} />
    </main>
  )
}
