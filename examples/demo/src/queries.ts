/**
 * The demo's data, as the library's queries and mutations (platform-web-client/react `Query`, `Mutation`; read
 * through the typed hooks of ./app.ts). Each query is keyed by what it asks for; one request per key however many
 * components read it (StrictMode included), cached for its `staleTime`, the previous arguments' value shown while
 * new ones load.
 *
 * - the signed-in user; the pending friend requests;
 * - the game list, an infinite query by sort: 24 games a request (two screen pages), the next request's first row
 *   from the pages held; the catalog (sorts and bundles) and one bundle with its recommendations;
 * - a friend list of any kind as an infinite query: cursor pages of `Friends.fetchPage` (per page one `/friends/find`
 *   page, one users lookup, one batched presence POST; a failed page is the query's typed error, asked once),
 *   refetched when the page becomes visible again once 30 s old, so presence stays current;
 * - Follow: `friends.followUser` (the published `POST /v1/users/{targetUserId}/follow`, challenged by the emulator),
 *   which invalidates the friends list: the list's query refetches once.
 *
 * @module
 */
import { Effect } from "effect"
import { type FriendSort } from "platform-web-client/api/friends"
import { CatalogClient, FriendsClient, GamesClient, UsersClient } from "platform-web-client/clients"
import { Friends } from "platform-web-client/social"
import { type SocialListKind } from "platform-web-client/social"
import { InfiniteQuery, Mutation, Query } from "platform-web-client/react"

/** The reactivity key of the signed-in user's friends list: what Follow changes. */
const friendsKey = { friends: ["signed-in"] }

/** The signed-in user. */
export const CurrentUserQuery = Query.make({
  name: "currentUser",
  run: () => UsersClient.use((client) => client.users.getAuthenticatedUser()),
  staleTime: "5 minutes"
})

/** The signed-in user's pending friend requests (the first 100): a count needs no names or presence. */
export const FriendRequestsQuery = Query.make({
  name: "friendRequests",
  run: () => FriendsClient.use((client) => client.friendRequests.getFriendRequests({ query: { limit: 100 } })),
  staleTime: "30 seconds"
})

/**
 * Follow a user; the invalidated friends query asks the service again (`fetchPage` keeps no cache of its own under
 * the query's). Never retried here: the pipeline's CSRF and challenge re-sends are the only re-sends.
 */
export const Follow = Mutation.make({
  name: "follow",
  run: (userId: number) =>
    FriendsClient.use((client) => client.friends.followUser({ params: { targetUserId: userId } })),
  invalidates: () => friendsKey
})

/** Games fetched per request: two screen pages. */
export const gamesPerRequest = 24

/** Which games: a sort of the list and the first row of a request. */
export interface GamesRequest {
  readonly sort: string
  readonly start: number
}

/** `gamesPerRequest` games of the list from row `start`, and whether the list has more after them. */
const listGames = (request: GamesRequest) =>
  GamesClient.use((client) =>
    client.games.listGames({
      query: { "model.sortToken": request.sort, "model.startRows": request.start, "model.maxRows": gamesPerRequest }
    })
  ).pipe(Effect.map((answer) => ({ games: answer.games, hasMore: answer.hasMoreRows === true })))

/** One request of the game list: `gamesPerRequest` games from row `start`. */
export const GamesQuery = Query.make({ name: "games", run: listGames, staleTime: "5 minutes" })

/**
 * The game list in `sort` order as an infinite query: each page one request of `gamesPerRequest` games, the next
 * page's first row after the rows held, none once the list says it has no more. At most 40 pages (960 games) held.
 */
export const GamesPagesQuery = InfiniteQuery.make({
  name: "gamesPages",
  run: (sort: string, start: number) => listGames({ sort, start }),
  initialPageParam: 0,
  getNextPageParam: (last, _pages, start) => (last.hasMore ? start + last.games.length : undefined),
  maxPages: 40,
  staleTime: "5 minutes"
})

/** Which friend list: its kind and, for friends, the order. */
export interface FriendListRequest {
  readonly kind: SocialListKind
  readonly userSort?: FriendSort
}

/**
 * A friend list of the signed-in user as an infinite query: cursor pages of `Friends.fetchPage` (names and presence
 * merged in, the list's typed error), the next page from the last page's cursor. A cursor the list gave already
 * stops it with a PagingWalkError, as the Pager does.
 */
export const FriendListPagesQuery = InfiniteQuery.make({
  name: "friendListPages",
  run: (request: FriendListRequest, cursor: string | undefined) =>
    Friends.use((lists) =>
      lists.fetchPage(request.kind, {
        ...(request.userSort === undefined ? {} : { userSort: request.userSort }),
        ...(cursor === undefined ? {} : { cursor })
      })
    ),
  initialPageParam: undefined as string | undefined,
  getNextPageParam: (last) => last.nextPageCursor ?? undefined,
  maxPages: 20,
  staleTime: "30 seconds",
  refetchOnWindowFocus: true,
  reactivityKeys: () => friendsKey
})

/** The bundles the catalog screen lists (the emulator's first twelve). */
const bundleIds = Array.from({ length: 12 }, (_, i) => 501 + i)

/** The catalog's sorts and the listed bundles. */
export const CatalogQuery = Query.make({
  name: "catalog",
  run: () =>
    CatalogClient.use((client) =>
      Effect.all(
        {
          sorts: client.catalog.getCatalogSorts(),
          bundles: client.catalog.getBundlesDetails({ query: { bundleIds } })
        },
        { concurrency: "unbounded" }
      )
    ),
  staleTime: "5 minutes"
})

/** A bundle with the bundles recommended with it. */
export const BundleQuery = Query.make({
  name: "bundle",
  run: (bundleId: number) =>
    CatalogClient.use((client) =>
      Effect.all(
        {
          bundle: client.catalog.getBundleDetails({ params: { bundleId } }),
          recommended: Effect.map(
            client.catalog.getBundleRecommendations({ params: { bundleId }, query: { numItems: 4 } }),
            (answer) => answer.data
          )
        },
        { concurrency: "unbounded" }
      )
    ),
  staleTime: "5 minutes"
})
