/**
 * The games client's calls that no published document describes (the game list with its `model.` parameters, a
 * game's icon, place metadata, sorts): method, path, query and body, and the decoding of realistic answers. The
 * published calls are in test/platform/contracts/games.test.ts.
 */
import * as Effect from "effect/Effect"
import { GamesClient } from "../../../src/platform/clients/PlatformClients.ts"
import { requestCases } from "./harness.ts"

const games = <A, E>(f: (client: GamesClient["Service"]) => Effect.Effect<A, E>) => Effect.flatMap(GamesClient, f)

const listItem = {
  universeId: 1001,
  placeId: 100010,
  name: "Brave Tycoon",
  playerCount: 1234,
  totalUpVotes: 900,
  totalDownVotes: 100,
  creatorId: 7,
  creatorName: "Maker",
  creatorType: "User",
  creatorHasVerifiedBadge: false,
  price: null,
  genre: "Town and City",
  gameDescription: "Build it.",
  imageToken: "T_1001_icon",
  isSponsored: false,
  analyticsIdentifier: null
}
const detail = {
  id: 1001,
  rootPlaceId: 100010,
  name: "Brave Tycoon",
  description: "Build it.",
  creator: { id: 7, name: "Maker", type: "User", hasVerifiedBadge: false, isRNVAccount: false },
  price: null,
  playing: 1234,
  visits: 999999,
  maxPlayers: 20,
  favoritedCount: 5000,
  genre: "Town and City",
  created: "2020-01-01T00:00:00Z",
  updated: "2026-06-01T00:00:00Z",
  universeAvatarType: "MorphToR15",
  copyingAllowed: false
}
const { copyingAllowed: _c, ...detailDecoded } = { ...detail, creator: { id: 7, name: "Maker", type: "User", hasVerifiedBadge: false } }
const server = { id: "8d3b3a0e-0000-4000-8000-000000000001", maxPlayers: 20, playing: 12, playerTokens: ["a", "b"], fps: 59.9, ping: 80 }
const creatorGame = {
  id: 1001,
  name: "Brave Tycoon",
  description: null,
  creator: { id: 9001, type: "Group" },
  rootPlace: { id: 100010, type: "Place" },
  created: "2020-01-01T00:00:00Z",
  updated: "2026-06-01T00:00:00Z",
  placeVisits: 999999
}
const page = (data: ReadonlyArray<unknown>) => ({ previousPageCursor: null, nextPageCursor: "next", data })

requestCases("GamesClient", [
  {
    name: "listGames",
    call: games((c) =>
      c.games.listGames({
        query: { "model.sortToken": "popular", "model.keyword": "tycoon", "model.startRows": 0, "model.maxRows": 2, "model.isKeywordSuggestionEnabled": true }
      })
    ),
    method: "GET",
    path: "/games/v1/games/list",
    query: { "model.sortToken": "popular", "model.keyword": "tycoon", "model.startRows": "0", "model.maxRows": "2", "model.isKeywordSuggestionEnabled": "true" },
    response: { games: [listItem], hasMoreRows: true, nextPageExclusiveStartId: null, suggestedKeyword: null, featuredSearchUniverseId: 0 },
    expected: { games: [listItem], hasMoreRows: true, nextPageExclusiveStartId: null, suggestedKeyword: null }
  },
  {
    name: "getGameIcon",
    call: games((c) => c.gameDetails.getGameIcon({ params: { universeId: 1001 } })),
    method: "GET",
    path: "/games/v1/games/1001/icon",
    response: { imageId: 4411, url: "https://cdn.test/icon.png" }
  },
  {
    name: "postPlaceMetadata",
    call: games((c) => c.gameServers.postPlaceMetadata({ params: { placeId: 100010 }, payload: { includeUniverse: true } })),
    method: "POST",
    path: "/games/v1/games/places/100010/metadata",
    body: { includeUniverse: true },
    response: { placeId: 100010, universeId: 1001, name: "Brave Tycoon", description: "Build it.", isRootPlace: true, maxPlayers: 20 }
  },
  {
    name: "getGameSorts",
    call: games((c) => c.gameRecommendations.getGameSorts({ query: { "model.gameSortsContext": "HomeSorts" } })),
    method: "GET",
    path: "/games/v1/games/sorts",
    query: { "model.gameSortsContext": "HomeSorts" },
    response: {
      sorts: [{ token: "popular", name: "Popular", displayName: "Popular", gameSetTypeId: 1, timeOptionsAvailable: false, genreOptionsAvailable: false, numberOfRows: 1, isDefaultSort: true }],
      pageContext: { pageId: "p-1", isSeeAllPage: null }
    }
  }
])
