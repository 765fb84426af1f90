/**
 * The signed-in user's friends with avatars and presence: the friends query (../queries.ts: the library's Friends
 * service, one page with names and presence merged in, presence from one batched POST for up to 100 friends).
 * Avatars come from ThumbnailBatch (one batched call for every picture on screen). Each card has a Follow button
 * (a challenged action, a mutation that refetches this list). The heading shows the pending friend requests as a
 * notification count (capped at 500, shown `500+`), and `refreshing…` while the list is refetched (the cards stay).
 *
 * Keep in mind: the list waits for its presence (the presence window is 250 ms). A list that cannot be loaded is the
 * query's typed error, shown with a Retry (the query's refetch); friends whose presence could not be loaded say so.
 */
import { type UserPresence } from "platform-web-client/api/presence"
import { type Friend, notificationCountLabel } from "platform-web-client/social"
import { demo } from "../app.ts"
import { describeError } from "../errors.ts"
import { headshot } from "../pictures.ts"
import { FriendListPagesQuery, FriendRequestsQuery } from "../queries.ts"
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

function Presence(props: { readonly presence: UserPresence | undefined }) {
  if (props.presence === undefined) return <span className="presence unknown">Presence unavailable</span>
  const { text, tone } = presenceLabel(props.presence)
  return (
    <span className={`presence ${tone}`} data-testid="presence">
      {text}
    </span>
  )
}

function FriendCard(props: { readonly friend: Friend }) {
  const { friend } = props
  const name = friend.displayName ?? friend.name ?? `User ${friend.id}`
  return (
    <li className="friend" data-testid="friend">
      <Thumb request={headshot(friend.id)} alt={`Avatar of ${name}`} className="avatar" />
      <div className="friend-text">
        <strong>{name}</strong>
        <span className="muted">@{friend.name}</span>
        <Presence presence={friend.presence} />
      </div>
      <FollowButton userId={friend.id} name={name} />
    </li>
  )
}

/**
 * The signed-in user's pending friend requests (the first 100), as a capped notification count; nothing until
 * known. A count needs no names or presence, so this is the typed client's call rather than a Friends page (which
 * would look up the presence of every requester).
 */
function FriendRequestCount() {
  const requests = demo.useQuery(FriendRequestsQuery)
  if (requests._tag !== "Success") return null
  return (
    <span className="count" title="Friend requests" data-testid="friend-request-count">
      {notificationCountLabel("friendRequests", requests.value.data.length)} requests
    </span>
  )
}

/** The signed-in user's friends, by status, then by how often the user plays with them. */
const friendsList = { kind: "friends", userSort: "StatusFrequents" } as const

/**
 * The friends panel, over the friends list's infinite query: loading rows, then the cards of the pages held with a
 * "More friends" button while the list has more, an empty state, or the list's typed error with a Retry.
 */
export function FriendsPanel() {
  const friends = demo.useInfiniteQuery(FriendListPagesQuery, friendsList)
  const shown = friends.data?.pages.flatMap((page) => page.data) ?? []
  return (
    <section
      className="panel friends"
      aria-labelledby="friends-title"
      data-testid="friends"
      data-waiting={friends.waiting}
    >
      <h2 id="friends-title">
        Friends{" "}
        {friends.data !== undefined && (
          <span className="count" data-testid="friend-count">
            {shown.length}
            {friends.hasNextPage ? "+" : ""}
          </span>
        )}{" "}
        <FriendRequestCount />
        {friends._tag === "Success" && friends.waiting && <span className="muted refreshing"> refreshing…</span>}
      </h2>
      {friends._tag === "Loading" && (
        <ul className="friend-list">
          {Array.from({ length: 6 }, (_, i) => (
            <li key={i} className="friend shimmer-row" />
          ))}
        </ul>
      )}
      {friends._tag === "Success" && shown.length === 0 && <p className="empty">No friends to show.</p>}
      {shown.length > 0 && (
        <ul className="friend-list">
          {shown.map((f) => (
            <FriendCard key={f.id} friend={f} />
          ))}
        </ul>
      )}
      {friends._tag === "Success" && friends.hasNextPage && (
        <button
          type="button"
          onClick={friends.fetchNextPage}
          disabled={friends.isFetchingNextPage}
          data-testid="more-friends"
        >
          {friends.isFetchingNextPage ? "Loading…" : "More friends"}
        </button>
      )}
      {friends._tag === "Failure" && (
        <p className="error-text" role="alert" data-testid="friends-error">
          {describeError(friends.error)}{" "}
          <button
            type="button"
            onClick={friends.data === undefined ? friends.refetch : friends.fetchNextPage}
            disabled={friends.waiting}
          >
            Retry
          </button>
        </p>
      )}
      {friends._tag === "Defect" && (
        <p className="error-text" role="alert">
          Unexpected error while loading friends.
        </p>
      )}
    </section>
  )
}
