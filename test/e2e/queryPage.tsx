/**
 * The page of the React query test (test/e2e/query.test.ts), bundled with esbuild (React's development build, so
 * StrictMode rehearses every mount) and served from the emulator's www origin: an app made with
 * `createPlatformHooks` over `browserPlatformLayer` (real fetch, real storage), four components reading one friends
 * list, and a Follow button (a mutation invalidating that list). The test mounts it with `window.mountQueryPage`.
 */
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import { StrictMode } from "react"
import { createRoot } from "react-dom/client"
import type { PlatformConfigInput } from "../../src/core/config/PlatformConfig.ts"
import { PlatformHttp } from "../../src/core/http/PlatformHttp.ts"
import { browserPlatformLayer } from "../../src/core/wiring/platformLayer.ts"
import { endpointQuery } from "../../src/core/query/endpointQuery.ts"
import * as Mutation from "../../src/core/query/Mutation.ts"
import { FriendsApi } from "../../src/platform/api/friends.ts"
import { FriendsClient } from "../../src/platform/clients/PlatformClients.ts"
import { createPlatformHooks } from "../../src/react/createPlatformHooks.tsx"

declare global {
  interface Window {
    mountQueryPage: (config: PlatformConfigInput) => void
  }
}

const FriendsQuery = endpointQuery(FriendsClient, FriendsApi, "friends", "getFriends", {
  staleTime: "5 minutes",
  reactivityKeys: (request) => ({ friends: [request.params.userId] })
})

const Follow = Mutation.make({
  name: "follow",
  run: (userId: number) =>
    Effect.asVoid(
      PlatformHttp.use((http) => http.post({ service: "friends", path: `/v1/users/${userId}/follow` }, { body: {} }))
    ),
  invalidates: () => ({ friends: [1] })
})

window.mountQueryPage = (config) => {
  const app = createPlatformHooks(FriendsClient.layer.pipe(Layer.provideMerge(browserPlatformLayer({ config }))))

  function Friends() {
    const view = app.useQuery(FriendsQuery, { params: { userId: 1 }, query: {} })
    return (
      <li className="friends" data-state={view._tag} data-waiting={String(view.waiting)}>
        {view._tag === "Success" ? view.value.data.length : view._tag === "Failure" ? view.error._tag : view._tag}
      </li>
    )
  }

  function FollowButton() {
    const follow = app.useMutation(Follow)
    return (
      <button id="follow" data-state={follow.state._tag} onClick={() => follow.mutate(2)}>
        Follow
      </button>
    )
  }

  createRoot(document.getElementById("root")!).render(
    <StrictMode>
      <app.Provider>
        <ul>
          <Friends />
          <Friends />
          <Friends />
          <Friends />
        </ul>
        <FollowButton />
      </app.Provider>
    </StrictMode>
  )
}
