/**
 * The games client's calls that no published document describes (the game list with its `model.` parameters, a
 * game's icon, place metadata, sorts): method, path, query and body, and the decoding of realistic answers. The
 * published calls are in test/platform/contracts/games.test.ts.
 */
import * as Effect from "effect/Effect"
import { GamesClient } from "../../../src/platform/clients/PlatformClients.ts"
import { gameListItem as listItem } from "./fixtures.ts"
import { requestCases } from "./harness.ts"

const games = <A, E>(f: (client: GamesClient["Service"]) => Effect.Effect<A, E>) => Effect.flatMap(GamesClient, f)

requestCases("GamesClient", [
  {
    name: "listGames",
    call: games((c) =>
      c.games.listGames({
        query: {
          "model.sortToken": "popular",
          "model.keyword": "tycoon",
          "model.startRows": 0,
          "model.maxRows": 2,
          "model.isKeywordSuggestionEnabled": true
        }
      })
    ),
    method: "GET",
    path: "/games/v1/games/list",
    query: {
      "model.sortToken": "popular",
      "model.keyword": "tycoon",
      "model.startRows": "0",
      "model.maxRows": "2",
      "model.isKeywordSuggestionEnabled": "true"
    },
    response: {
      games: [listItem],
      hasMoreRows: true,
      nextPageExclusiveStartId: null,
      suggestedKeyword: null,
      featuredSearchUniverseId: 0
    },
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
    call: games((c) =>
      c.gameServers.postPlaceMetadata({ params: { placeId: 100010 }, payload: { includeUniverse: true } })
    ),
    method: "POST",
    path: "/games/v1/games/places/100010/metadata",
    body: { includeUniverse: true },
    response: {
      placeId: 100010,
      universeId: 1001,
      name: "Brave Tycoon",
      description: "Build it.",
      isRootPlace: true,
      maxPlayers: 20
    }
  },
  {
    name: "getGameSorts",
    call: games((c) => c.gameRecommendations.getGameSorts({ query: { "model.gameSortsContext": "HomeSorts" } })),
    method: "GET",
    path: "/games/v1/games/sorts",
    query: { "model.gameSortsContext": "HomeSorts" },
    response: {
      sorts: [
        {
          token: "popular",
          name: "Popular",
          displayName: "Popular",
          gameSetTypeId: 1,
          timeOptionsAvailable: false,
          genreOptionsAvailable: false,
          numberOfRows: 1,
          isDefaultSort: true
        }
      ],
      pageContext: { pageId: "p-1", isSeeAllPage: null }
    }
  }
])
