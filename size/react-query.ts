// Our React data layer on a platform page: the baseline of size/react-platform.ts with a query (useQuery), a
// mutation (useMutation) that invalidates it, and SSR hydration instead of useEffectResult. Compare with
// size/react-tanstack.ts (the same page with TanStack Query over fetch).
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import { createElement } from "react"
import { createRoot } from "react-dom/client"
import { browserPlatformLayer, PlatformHttp } from "platform-web-client"
import { Mutation, PlatformProvider, Query, useMutation, useQuery } from "platform-web-client/react"

const FriendList = Schema.Array(Schema.String)

const Friends = Query.make({
  name: "friends",
  run: (userId: number) =>
    PlatformHttp.use((http) =>
      http.get({ service: "friends", path: `/v1/users/${userId}/friends` }, { schema: FriendList })
    ),
  staleTime: "30 seconds",
  reactivityKeys: (userId) => ({ friends: [userId] }),
  schema: { success: FriendList }
})

const Follow = Mutation.make({
  name: "follow",
  run: (userId: number) =>
    PlatformHttp.use((http) => Effect.asVoid(http.post({ service: "friends", path: `/v1/users/${userId}/follow` }))),
  invalidates: () => ({ friends: [1] })
})

function Page() {
  const friends = useQuery(Friends, 1)
  const follow = useMutation(Follow)
  return createElement(
    "div",
    null,
    createElement("p", null, friends._tag === "Success" ? friends.value.join(", ") : friends._tag),
    createElement("button", { onClick: () => follow.mutate(2) }, follow.state._tag)
  )
}

const state = document.getElementById("state")?.textContent
createRoot(document.getElementById("root")!).render(
  createElement(
    PlatformProvider<PlatformHttp>,
    { layer: browserPlatformLayer(), dehydratedState: state ? JSON.parse(state) : undefined },
    createElement(Page)
  )
)
