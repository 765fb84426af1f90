// An ordinary page on this library, by its public entry points: the signed-in user's friends with presence and
// avatars (Friends, PresenceLookup and ThumbnailBatch batch the lookups), a paged list of the user's games (the typed
// games client in a Pager), a Follow button whose request the server may challenge (the pipeline re-sends the CSRF
// token and runs the challenge flow; ChallengeHost shows it), and the devtools panel as an app includes it while
// developing (`/react/devtools`: nothing in a production build). Compare with size/page-tanstack.tsx. It is built,
// not run, by scripts/size.ts; `tsc -p .` type-checks it.
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import { browserPlatformLayer, PlatformConfig } from "platform-web-client"
import { Challenges } from "platform-web-client/challenge"
import { FriendsClient, GamesClient, PresenceClient, ThumbnailsClient, UsersClient } from "platform-web-client/clients"
import { ChallengeHost, createPlatformHooks, Mutation, Query } from "platform-web-client/react"
import { makeDevtools, PlatformDevtools } from "platform-web-client/react/devtools"
import { type Friend, FriendListCache, Friends, PresenceLookup } from "platform-web-client/social"
import { ThumbnailBatch } from "platform-web-client/thumbnails"
import { createRoot } from "react-dom/client"

const devtools = makeDevtools()

const AppLayer = Layer.mergeAll(Friends.layer, ThumbnailBatch.layer, GamesClient.layer).pipe(
  Layer.provideMerge(Layer.merge(PresenceLookup.layer, FriendListCache.layer)),
  Layer.provideMerge(
    Layer.mergeAll(FriendsClient.layer, UsersClient.layer, PresenceClient.layer, ThumbnailsClient.layer)
  ),
  Layer.provideMerge(browserPlatformLayer({ challenges: Challenges.browser }).pipe(Layer.provide(devtools.layer)))
)

const app = createPlatformHooks(AppLayer)

const FriendsQuery = Query.make({
  name: "friends",
  run: () => Friends.use((friends) => friends.page("friends", { userSort: "StatusFrequents" })),
  staleTime: "30 seconds",
  reactivityKeys: () => ({ friends: ["me"] })
})

const AvatarQuery = Query.make({
  name: "avatar",
  run: (userId: number) =>
    ThumbnailBatch.use((thumbnails) =>
      thumbnails.get({ type: "AvatarHeadShot", targetId: userId, size: "48x48", isCircular: true })
    ),
  staleTime: "10 minutes"
})

const Follow = Mutation.make({
  name: "follow",
  run: (userId: number) =>
    FriendsClient.use((client) => client.friends.followUser({ params: { targetUserId: userId } })),
  invalidates: () => ({ friends: ["me"] })
})

function Avatar(props: { readonly userId: number }) {
  const avatar = app.useQuery(AvatarQuery, props.userId)
  return <img width={48} height={48} alt="" src={avatar._tag === "Success" ? (avatar.value.imageUrl ?? "") : ""} />
}

function FriendRow(props: { readonly friend: Friend }) {
  const { friend } = props
  const follow = app.useMutation(Follow)
  return (
    <li>
      <Avatar userId={friend.id} />
      <a href={friend.profileUrl}>{friend.displayName ?? friend.name}</a>
      <span>{friend.presence?.lastLocation ?? "offline"}</span>
      <button disabled={follow.state._tag === "Pending"} onClick={() => follow.mutate(friend.id)}>
        Follow
      </button>
      {follow.state._tag === "Failure" && <span role="alert">Could not follow</span>}
    </li>
  )
}

function FriendList() {
  const friends = app.useQuery(FriendsQuery)
  if (friends._tag !== "Success")
    return <p>{friends._tag === "Loading" ? "Loading friends…" : "Friends are unavailable"}</p>
  return (
    <ul>
      {friends.value.data.map((friend) => (
        <FriendRow key={friend.id} friend={friend} />
      ))}
    </ul>
  )
}

function GameList() {
  const games = app.usePager({
    pageSize: 10,
    fetch: (request) =>
      Effect.gen(function* () {
        const config = yield* PlatformConfig
        const client = yield* GamesClient
        const page = yield* client.creatorGames.getUserGames({
          params: { userId: config.user.id ?? 0 },
          query: { limit: 10, ...(request.cursor === undefined ? {} : { cursor: request.cursor }) }
        })
        return { items: page.data, nextPageCursor: page.nextPageCursor ?? undefined }
      })
  })
  return (
    <section>
      <ul>
        {games.items.map((game) => (
          <li key={game.id}>{game.name}</li>
        ))}
      </ul>
      <button disabled={!games.canPrevious} onClick={games.previous}>
        Previous
      </button>
      <button disabled={!games.canNext} onClick={games.next}>
        Next
      </button>
    </section>
  )
}

createRoot(document.getElementById("root")!).render(
  <app.Provider>
    <PlatformDevtools recorder={devtools} />
    <ChallengeHost />
    <FriendList />
    <GameList />
  </app.Provider>
)
