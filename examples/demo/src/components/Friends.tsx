/**
 * The signed-in user's friends with avatars and presence. The friends list is one call; every card then asks for
 * its avatar and its presence through batch processors, so 42 cards make one thumbnails call and one presence
 * call (the latter a POST: the first one meets the CSRF check). Each card has a Follow button (a challenged action).
 * The heading shows the pending friend requests as a notification count (capped at 500, shown `500+`).
 */
import { Effect } from "effect"
import { useDemo } from "../DemoContext.ts"
import { describeError } from "../errors.ts"
import {
  FriendsClient,
  type FriendUser,
  notificationCountLabel,
  useBatchedLookup,
  useEffectResult,
  type UserPresence
} from "../lib.ts"
import { FollowButton } from "./FollowButton.tsx"
import { Thumb } from "./Thumb.tsx"

const presenceLabel = (presence: UserPresence): { readonly text: string; readonly tone: string } => {
  switch (presence.userPresenceType) {
    case "InGame":
      return { text: `Playing ${presence.lastLocation ?? "a game"}`, tone: "in-game" }
    case "InStudio":
      return { text: `Building in Studio`, tone: "in-studio" }
    case "Online":
      return { text: "Online", tone: "online" }
    default:
      return { text: "Offline", tone: "offline" }
  }
}

function Presence(props: { readonly userId: number }) {
  const api = useDemo()
  const result = useBatchedLookup(api.presences, props.userId)
  if (result._tag === "Loading") return <span className="presence loading">…</span>
  if (result._tag !== "Success") {
    return <span className="presence unknown" title={result._tag === "Failure" ? describeError(result.error) : ""}>Presence unavailable</span>
  }
  const { text, tone } = presenceLabel(result.value)
  return <span className={`presence ${tone}`} data-testid="presence">{text}</span>
}

function FriendCard(props: { readonly friend: FriendUser }) {
  const api = useDemo()
  const { friend } = props
  const name = friend.displayName ?? friend.name ?? `User ${friend.id}`
  return (
    <li className="friend" data-testid="friend">
      <Thumb source={api.headshots} id={friend.id} alt={`Avatar of ${name}`} className="avatar" />
      <div className="friend-text">
        <strong>{name}</strong>
        <span className="muted">@{friend.name}</span>
        <Presence userId={friend.id} />
      </div>
      <FollowButton userId={friend.id} name={name} />
    </li>
  )
}

/** The signed-in user's pending friend requests (the first 100), as a capped notification count; nothing until known. */
function FriendRequestCount() {
  const requests = useEffectResult(
    () =>
      FriendsClient.use((client) => client.friendRequests.getFriendRequests({ query: { limit: 100 } })).pipe(
        Effect.provide(FriendsClient.layer)
      ),
    []
  )
  if (requests._tag !== "Success") return null
  return (
    <span className="count" title="Friend requests" data-testid="friend-request-count">
      {notificationCountLabel("friendRequests", requests.value.data.length)} requests
    </span>
  )
}

/** The friends panel of `userId`: loading rows, an empty state, a typed error, or the cards. */
export function Friends(props: { readonly userId: number }) {
  const api = useDemo()
  const friends = useEffectResult(
    () => api.friends.getFriends({ params: { userId: props.userId }, query: { userSort: "StatusFrequents" } }),
    [api, props.userId]
  )
  return (
    <section className="panel friends" aria-labelledby="friends-title">
      <h2 id="friends-title">
        Friends {friends._tag === "Success" && <span className="count" data-testid="friend-count">{friends.value.data.length}</span>}
        {" "}
        <FriendRequestCount />
      </h2>
      {friends._tag === "Loading" && (
        <ul className="friend-list">{Array.from({ length: 6 }, (_, i) => <li key={i} className="friend shimmer-row" />)}</ul>
      )}
      {friends._tag === "Failure" && <p className="error-text" role="alert">{describeError(friends.error)}</p>}
      {friends._tag === "Defect" && <p className="error-text" role="alert">Unexpected error while loading friends.</p>}
      {friends._tag === "Success" && friends.value.data.length === 0 && <p className="empty">No friends yet.</p>}
      {friends._tag === "Success" && friends.value.data.length > 0 && (
        <ul className="friend-list">{friends.value.data.map((f) => <FriendCard key={f.id} friend={f} />)}</ul>
      )}
    </section>
  )
}
