/**
 * The games client: every call's method, path, query (including the `model.`-prefixed ones) and body, and the
 * decoding of realistic answers.
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
    name: "getGames",
    call: games((c) => c.games.getGames({ query: { universeIds: [1001, 1002] } })),
    method: "GET",
    path: "/games/v1/games",
    query: { universeIds: "1001,1002" },
    response: { data: [{ ...detail, universeAvatarType: 3 }] },
    expected: { data: [detailDecoded] }
  },
  {
    name: "getGameThumbnail",
    call: games((c) => c.gameDetails.getGameThumbnail({ query: { imageToken: "T_1001_icon", width: 150, height: 150 } })),
    method: "GET",
    path: "/games/v1/games/game-thumbnail",
    query: { imageToken: "T_1001_icon", width: "150", height: "150" },
    response: { url: "https://cdn.test/1.png", final: true, retryToken: null, universeId: 1001, placeId: 100010 }
  },
  {
    name: "getGameThumbnails",
    call: games((c) => c.gameDetails.getGameThumbnails({ query: { imageTokens: ["T_1", "T_2"], width: 50, height: 50 } })),
    method: "GET",
    path: "/games/v1/games/game-thumbnails",
    query: { imageTokens: "T_1,T_2", width: "50", height: "50" },
    response: [{ url: "https://cdn.test/1.png", final: true }, { url: null, final: false, retryToken: "r2" }]
  },
  {
    name: "getGamesProductInfo",
    call: games((c) => c.gameDetails.getGamesProductInfo({ query: { universeIds: [1001] } })),
    method: "GET",
    path: "/games/v1/games/games-product-info",
    query: { universeIds: "1001" },
    response: { data: [{ universeId: 1001, isForSale: true, productId: 55, price: 25, sellerId: 7 }] }
  },
  {
    name: "getPlaceDetails",
    call: games((c) => c.gameDetails.getPlaceDetails({ query: { placeIds: [100010, 100011] } })),
    method: "GET",
    path: "/games/v1/games/multiget-place-details",
    query: { placeIds: "100010,100011" },
    response: [{
      placeId: 100010,
      name: "Brave Tycoon",
      description: "Build it.",
      url: "https://www.test/games/100010/Brave-Tycoon",
      builder: "Maker",
      builderId: 7,
      hasVerifiedBadge: false,
      isPlayable: true,
      reasonProhibited: "None",
      universeId: 1001,
      universeRootPlaceId: 100010,
      price: 0,
      imageToken: "T_1001_icon"
    }]
  },
  {
    name: "getPlayabilityStatus",
    call: games((c) => c.gameDetails.getPlayabilityStatus({ query: { universeIds: [1001, 1002] } })),
    method: "GET",
    path: "/games/v1/games/multiget-playability-status",
    query: { universeIds: "1001,1002" },
    response: [{ universeId: 1001, isPlayable: true, playabilityStatus: 1 }, { universeId: 1002, isPlayable: false, playabilityStatus: "GuestProhibited" }],
    expected: [{ universeId: 1001, isPlayable: true, playabilityStatus: "Playable" }, { universeId: 1002, isPlayable: false, playabilityStatus: "GuestProhibited" }]
  },
  {
    name: "getGameIcon",
    call: games((c) => c.gameDetails.getGameIcon({ params: { universeId: 1001 } })),
    method: "GET",
    path: "/games/v1/games/1001/icon",
    response: { imageId: 4411, url: "https://cdn.test/icon.png" }
  },
  {
    name: "getGameMedia",
    call: games((c) => c.gameDetails.getGameMedia({ params: { universeId: 1001 } })),
    method: "GET",
    path: "/games/v1/games/1001/media",
    response: { data: [{ id: 1, assetTypeId: 1, assetType: "Image", imageId: 4412, videoHash: null, videoTitle: null, approved: true, altText: "Lobby" }] }
  },
  {
    name: "getGameMediaV2",
    call: games((c) => c.gameDetails.getGameMediaV2({ params: { universeId: 1001 } })),
    method: "GET",
    path: "/games/v2/games/1001/media",
    response: { data: [{ assetTypeId: 33, assetType: "YouTubeVideo", imageId: null, videoHash: "abc", videoTitle: "Trailer", approved: true }] }
  },
  {
    name: "lookupGames",
    call: games((c) => c.gameDetails.lookupGames({ payload: { universeIds: [1001] } })),
    method: "POST",
    path: "/games/v1/games",
    body: { universeIds: [1001] },
    response: { data: [detail] },
    expected: { data: [detailDecoded] }
  },
  {
    name: "getGamePasses",
    call: games((c) => c.gameServers.getGamePasses({ params: { universeId: 1001 }, query: { limit: 10, sortOrder: "Asc" } })),
    method: "GET",
    path: "/games/v1/games/1001/game-passes",
    query: { limit: "10", sortOrder: "Asc" },
    response: page([{ id: 31, name: "VIP", displayName: "VIP", productId: 3131, price: 100, sellerName: "Maker", sellerId: 7, isOwned: false }])
  },
  {
    name: "getGameServers",
    call: games((c) =>
      c.gameServers.getGameServers({ params: { placeId: 100010, serverType: "Public" }, query: { sortOrder: "Desc", limit: 25, cursor: "c" } })
    ),
    method: "GET",
    path: "/games/v1/games/100010/servers/Public",
    query: { sortOrder: "Desc", limit: "25", cursor: "c" },
    response: page([server])
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
    name: "getRecommendationsByAlgorithm",
    call: games((c) =>
      c.gameRecommendations.getRecommendationsByAlgorithm({
        params: { algorithmName: "Homepage" },
        query: { "model.paginationKey": "k1", "model.maxRows": 6 }
      })
    ),
    method: "GET",
    path: "/games/v1/games/recommendations/algorithm/Homepage",
    query: { "model.paginationKey": "k1", "model.maxRows": "6" },
    response: { games: [listItem], nextPaginationKey: "k2" }
  },
  {
    name: "getRecommendationsForGame",
    call: games((c) => c.gameRecommendations.getRecommendationsForGame({ params: { universeId: 1001 }, query: { "model.maxRows": 6 } })),
    method: "GET",
    path: "/games/v1/games/recommendations/game/1001",
    query: { "model.maxRows": "6" },
    response: { games: [listItem], nextPaginationKey: null }
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
  },
  {
    name: "getGroupGames",
    call: games((c) => c.creatorGames.getGroupGames({ params: { groupId: 9001 }, query: { accessFilter: 2, limit: 10, sortOrder: "Asc" } })),
    method: "GET",
    path: "/games/v2/groups/9001/games",
    query: { accessFilter: "2", limit: "10", sortOrder: "Asc" },
    response: page([creatorGame])
  },
  {
    name: "getGroupGamesV2",
    call: games((c) => c.creatorGames.getGroupGamesV2({ params: { groupId: 9001 }, query: { cursor: "x" } })),
    method: "GET",
    path: "/games/v2/groups/9001/gamesV2",
    query: { cursor: "x" },
    response: page([creatorGame])
  },
  {
    name: "getUserFavoriteGames",
    call: games((c) => c.creatorGames.getUserFavoriteGames({ params: { userId: 1 }, query: { limit: 10 } })),
    method: "GET",
    path: "/games/v2/users/1/favorite/games",
    query: { limit: "10" },
    response: page([creatorGame])
  },
  {
    name: "getUserGames",
    call: games((c) => c.creatorGames.getUserGames({ params: { userId: 7 }, query: { accessFilter: 1 } })),
    method: "GET",
    path: "/games/v2/users/7/games",
    query: { accessFilter: "1" },
    response: page([{ ...creatorGame, creator: { id: 7, type: "User" } }])
  }
])
