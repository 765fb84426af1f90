// The page of size/page-platform.tsx written by hand on TanStack Query + ky + DataLoader, with the same behaviour:
// the CSRF token read from the page's meta tag and re-sent once with the new token a 403 brings; presence and avatars
// batched with DataLoader (100 ids a call, a 250 ms window); the names of a friends page from one users lookup; the
// user's games as an infinite query; a Follow mutation that, answered 403 with the challenge headers, opens the
// challenge page in a frame, waits for its answer (from that frame and origin only, bounded) and sends again with the
// challenge headers; the friends list invalidated after a follow. Built, not run, by scripts/size.ts; `tsc -p .`
// type-checks it.
import {
  QueryClient,
  QueryClientProvider,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient
} from "@tanstack/react-query"
import DataLoader from "dataloader"
import ky, { isHTTPError } from "ky"
import { createRoot } from "react-dom/client"

const domain = location.hostname.split(".").slice(-2).join(".")
const host = (service: string) => `https://${service}.${domain}`
const wwwOrigin = host("www")
const me = Number(document.querySelector<HTMLElement>("meta[name=user-data]")?.dataset["userid"])
let csrfToken = document.querySelector<HTMLElement>("meta[name=csrf-token]")?.dataset["token"] ?? ""

const api = ky.create({
  credentials: "include",
  hooks: {
    beforeRequest: [
      ({ request }) => {
        if (request.method !== "GET" && csrfToken !== "") request.headers.set("x-csrf-token", csrfToken)
      }
    ],
    afterResponse: [
      ({ request, response, retryCount }) => {
        const token = response.headers.get("x-csrf-token")
        if (response.status !== 403 || token === null || retryCount > 0) return
        csrfToken = token
        const headers = new Headers(request.headers)
        headers.set("x-csrf-token", token)
        return ky.retry({ request: new Request(request, { headers }), code: "CSRF" })
      }
    ]
  }
})

interface User {
  readonly id: number
  readonly name?: string
  readonly displayName?: string
}
interface Presence {
  readonly userId: number
  readonly lastLocation?: string | null
}
interface Friend extends User {
  readonly presence: Presence | undefined
}
interface GamesPage {
  readonly data: ReadonlyArray<{ readonly id: number; readonly name: string }>
  readonly nextPageCursor?: string | null
}

const batched = { maxBatchSize: 100, batchScheduleFn: (run: () => void) => setTimeout(run, 250) }

const presence = new DataLoader<number, Presence | undefined>(
  async (ids) => {
    const answer = await api
      .post(`${host("presence")}/v1/presence/users`, { json: { userIds: ids } })
      .json<{ userPresences: ReadonlyArray<Presence> }>()
    const byId = new Map(answer.userPresences.map((p) => [p.userId, p]))
    return ids.map((id) => byId.get(id))
  },
  { ...batched, cache: false }
)

const avatarRequest = (id: number) => ({
  requestId: `${id}:AvatarHeadShot:48x48:Png:circular`,
  type: "AvatarHeadShot",
  targetId: id,
  size: "48x48",
  format: "Png",
  isCircular: true
})

const avatars = new DataLoader<number, string | undefined>(async (ids) => {
  const answer = await api
    .post(`${host("thumbnails")}/v1/batch`, { json: ids.map(avatarRequest) })
    .json<{ data: ReadonlyArray<{ requestId?: string | null; imageUrl?: string | null }> }>()
  const byRequest = new Map(answer.data.map((t) => [t.requestId, t.imageUrl ?? undefined]))
  return ids.map((id) => byRequest.get(avatarRequest(id).requestId))
}, batched)

const loadFriends = async (): Promise<ReadonlyArray<Friend>> => {
  const page = await api
    .get(`${host("friends")}/v1/users/${me}/friends/find`, { searchParams: { userSort: "StatusFrequents" } })
    .json<{ PageItems: ReadonlyArray<User> }>()
  const ids = page.PageItems.map((friend) => friend.id)
  if (ids.length === 0) return []
  const [users, presences] = await Promise.all([
    api.post(`${host("users")}/v1/users`, { json: { userIds: ids } }).json<{ data: ReadonlyArray<User> }>(),
    presence.loadMany(ids)
  ])
  const names = new Map(users.data.map((user) => [user.id, user]))
  return page.PageItems.map((friend, i) => {
    const found = presences[i]
    return { ...friend, ...names.get(friend.id), presence: found instanceof Error ? undefined : found }
  })
}

interface Challenge {
  readonly id: string
  readonly type: string
  readonly metadata: string
}

const challengeOf = (response: Response): Challenge | undefined => {
  const [id, type, metadata] = ["id", "type", "metadata"].map((name) => response.headers.get(`rblx-challenge-${name}`))
  return response.status === 403 && id && type && metadata ? { id, type, metadata } : undefined
}

/** Shows the challenge page in a frame; resolves with the metadata of its `challengeCompleted` answer. */
const solveChallenge = (challenge: Challenge) =>
  new Promise<unknown>((resolve, reject) => {
    const frame = document.createElement("iframe")
    frame.src = `${wwwOrigin}/challenge/cdn/hybrid?${new URLSearchParams({
      "challenge-type": "generic",
      "generic-challenge-type": challenge.type,
      "generic-challenge-id": challenge.id,
      "challenge-metadata-json": challenge.metadata,
      origin: location.hostname.split(".").slice(0, -2).join(".")
    })}`
    frame.allow = "publickey-credentials-get; publickey-credentials-create"
    frame.style.cssText = "position:fixed;inset:0;width:100%;height:100%;border:0;z-index:10000"
    const settle = (end: () => void) => {
      clearTimeout(timer)
      removeEventListener("message", onMessage)
      frame.remove()
      end()
    }
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== wwwOrigin || event.source !== frame.contentWindow) return
      const answer = event.data?.genericChallengeResponse
      if (answer?.type === "challengeCompleted") settle(() => resolve(answer.data?.metadata))
      else if (answer?.type === "challengeInvalidated") settle(() => reject(new Error("challenge failed")))
    }
    const timer = setTimeout(() => settle(() => reject(new Error("challenge timed out"))), 600_000)
    addEventListener("message", onMessage)
    document.body.append(frame)
  })

const follow = async (userId: number): Promise<unknown> => {
  const url = `${host("friends")}/v1/users/${userId}/follow`
  try {
    return await api.post(url).json()
  } catch (error) {
    const challenge = isHTTPError(error) ? challengeOf(error.response) : undefined
    if (challenge === undefined) throw error
    const metadata = await solveChallenge(challenge)
    return api
      .post(url, {
        headers: {
          "rblx-challenge-id": challenge.id,
          "rblx-challenge-type": challenge.type,
          "rblx-challenge-metadata": btoa(JSON.stringify(metadata))
        }
      })
      .json()
  }
}

function Avatar(props: { readonly userId: number }) {
  const avatar = useQuery({
    queryKey: ["avatar", props.userId],
    queryFn: () => avatars.load(props.userId),
    staleTime: 600_000
  })
  return <img width={48} height={48} alt="" src={avatar.data ?? ""} />
}

function FriendRow(props: { readonly friend: Friend }) {
  const { friend } = props
  const client = useQueryClient()
  const following = useMutation({
    mutationFn: follow,
    onSuccess: () => client.invalidateQueries({ queryKey: ["friends"] })
  })
  return (
    <li>
      <Avatar userId={friend.id} />
      <a href={`/users/${friend.id}/profile`}>{friend.displayName ?? friend.name}</a>
      <span>{friend.presence?.lastLocation ?? "offline"}</span>
      <button disabled={following.isPending} onClick={() => following.mutate(friend.id)}>
        Follow
      </button>
      {following.isError && <span role="alert">Could not follow</span>}
    </li>
  )
}

function FriendList() {
  const friends = useQuery({ queryKey: ["friends"], queryFn: loadFriends, staleTime: 30_000 })
  if (friends.data === undefined) return <p>{friends.isPending ? "Loading friends…" : "Friends are unavailable"}</p>
  return (
    <ul>
      {friends.data.map((friend) => (
        <FriendRow key={friend.id} friend={friend} />
      ))}
    </ul>
  )
}

function GameList() {
  const games = useInfiniteQuery({
    queryKey: ["games", me],
    queryFn: ({ pageParam }) =>
      api
        .get(`${host("games")}/v2/users/${me}/games`, {
          searchParams: { limit: 10, ...(pageParam === "" ? {} : { cursor: pageParam }) }
        })
        .json<GamesPage>(),
    initialPageParam: "",
    getNextPageParam: (last) => last.nextPageCursor ?? undefined
  })
  return (
    <section>
      <ul>
        {games.data?.pages
          .flatMap((page) => page.data)
          .map((game) => (
            <li key={game.id}>{game.name}</li>
          ))}
      </ul>
      <button disabled={!games.hasNextPage || games.isFetchingNextPage} onClick={() => games.fetchNextPage()}>
        More
      </button>
    </section>
  )
}

createRoot(document.getElementById("root")!).render(
  <QueryClientProvider client={new QueryClient({ defaultOptions: { mutations: { retry: false } } })}>
    <FriendList />
    <GameList />
  </QueryClientProvider>
)
