/**
 * The games service against its published documents: universe ids comma-joined, place ids and image tokens as
 * repeated keys, a pass list's required `limit` and coded `sortOrder`, the server type as its code in the path, the
 * recommendations' `PaginationKey`/`MaxRows`/`IsTruncatedResultsEnabled`, creator lists' page sizes; answers with
 * every documented field in the documented form (integer enums) and the live form (names, new values, extra
 * fields). The root-place lookup is `GET /v1/games` (the spec's `POST /v1/games` is not in the document).
 */
import * as Effect from "effect/Effect"
import { GamesClient } from "../../../src/platform/clients/PlatformClients.ts"
import { gameListItem } from "../clients/fixtures.ts"
import { contractCases, type Fixture } from "./harness.ts"

const games = <A, E>(f: (client: GamesClient["Service"]) => Effect.Effect<A, E>) => Effect.flatMap(GamesClient, f)

const same = (answer: unknown): Fixture => ({ answer, decoded: answer })
const page = (data: ReadonlyArray<unknown>) => ({ previousPageCursor: null, nextPageCursor: "next", data })

/** A game detail with every documented field, the avatar type as its code. */
const detailDocumented = {
  id: 1001,
  rootPlaceId: 100010,
  name: "Brave Tycoon",
  description: "Build it.",
  sourceName: "Brave Tycoon",
  sourceDescription: "Build it.",
  creator: { id: 7, name: "Maker", type: "User", isRNVAccount: false, hasVerifiedBadge: false },
  price: null,
  allowedGearGenres: ["Adventure"],
  allowedGearCategories: [],
  isGenreEnforced: false,
  copyingAllowed: false,
  playing: 1234,
  visits: 999999,
  maxPlayers: 20,
  created: "2020-01-01T00:00:00Z",
  updated: "2026-06-01T00:00:00Z",
  studioAccessToApisAllowed: false,
  createVipServersAllowed: true,
  universeAvatarType: 3,
  genre: "Town and City",
  genre_l1: "Roleplay",
  genre_l2: "Life",
  isAllGenre: false,
  isFavoritedByUser: false,
  favoritedCount: 5000,
  licenseDescription: ""
}
const detailDocumentedDecoded = { ...detailDocumented, universeAvatarType: "MorphToR15" }
/** The same game live: the avatar type by name, a genre field the document does not list. */
const detailLive = { ...detailDocumented, universeAvatarType: "PlayerChoice", gameRating: { ageRating: "9+" } }
const { gameRating: _rating, ...detailLiveKept } = detailLive
const detailLiveDecoded = detailLiveKept

const listItem = {
  ...gameListItem,
  isShowSponsoredLabel: false,
  nativeAdData: "",
  analyticsIdentifier: "algo=1",
  ageRecommendationDisplayName: "Maturity: Minimal",
  minimumAge: 0
}

const server = {
  id: "8d3b3a0e-0000-4000-8000-000000000001",
  maxPlayers: 20,
  playing: 12,
  playerTokens: ["a", "b"],
  players: [{ playerToken: "a", id: 5, name: "alice", displayName: "Alice" }],
  fps: 59.9,
  ping: 80,
  name: null,
  vipServerId: null,
  accessCode: null,
  owner: null
}
const privateServer = {
  ...server,
  id: "8d3b3a0e-0000-4000-8000-000000000002",
  name: "Our place",
  vipServerId: 77,
  accessCode: "8d3b3a0e-0000-4000-8000-00000000a11c",
  owner: { id: 5, name: "alice", displayName: "Alice", hasVerifiedBadge: false }
}

/** A creator's game as documented (creator type and root place type as codes) and live (names). */
const creatorGameDocumented = {
  id: 1001,
  name: "Brave Tycoon",
  description: null,
  creator: { id: 9001, name: "Builders", type: 1 },
  rootPlace: { id: 100010, name: "Brave Tycoon", type: 9 },
  created: "2020-01-01T00:00:00Z",
  updated: "2026-06-01T00:00:00Z",
  placeVisits: 999999
}
const creatorGameDocumentedDecoded = {
  ...creatorGameDocumented,
  creator: { id: 9001, name: "Builders", type: "Group" },
  rootPlace: { id: 100010, name: "Brave Tycoon", type: "Place" }
}
const creatorGameLive = {
  ...creatorGameDocumented,
  creator: { id: 9001, name: "Builders", type: "Group" },
  rootPlace: { id: 100010, name: "Brave Tycoon", type: "Place" },
  creatorType: "Group"
}
const creatorGameLiveDecoded = creatorGameDocumentedDecoded
const creatorPages = {
  documented: { answer: page([creatorGameDocumented]), decoded: page([creatorGameDocumentedDecoded]) },
  live: {
    answer: page([creatorGameLive, { ...creatorGameLive, id: 1002, creator: { id: 3, type: "Studio" } }]),
    decoded: page([
      creatorGameLiveDecoded,
      { ...creatorGameLiveDecoded, id: 1002, creator: { id: 3, type: { _tag: "Unknown", value: "Studio" } } }
    ])
  }
}

const media = {
  id: 1,
  assetTypeId: 1,
  assetType: "Image",
  imageId: 4412,
  videoHash: null,
  videoTitle: null,
  approved: true,
  altText: "Lobby"
}
const mediaV2 = {
  assetTypeId: 33,
  assetType: "YouTubeVideo",
  imageId: null,
  videoHash: "abc",
  videoTitle: "Trailer",
  approved: true,
  altText: null
}
const tokenThumbnail = {
  url: "https://cdn.test/1.png",
  cdnUrl: "https://cdn.test/1.png",
  final: true,
  retryToken: null,
  universeId: 1001,
  placeId: 100010
}
const place = {
  placeId: 100010,
  name: "Brave Tycoon",
  description: "Build it.",
  sourceName: "Brave Tycoon",
  sourceDescription: "Build it.",
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
}
const pass = {
  id: 31,
  name: "VIP",
  displayName: "VIP",
  productId: 3131,
  price: 100,
  sellerName: "Maker",
  sellerId: 7,
  isOwned: false
}

contractCases("games", [
  {
    published: "GET /v1/games",
    method: "games.getGames",
    call: games((c) => c.games.getGames({ query: { universeIds: [1001, 1002] } })),
    path: "/games/v1/games",
    query: [["universeIds", "1001,1002"]],
    documented: { answer: { data: [detailDocumented] }, decoded: { data: [detailDocumentedDecoded] } },
    live: { answer: { data: [detailLive] }, decoded: { data: [detailLiveDecoded] } }
  },
  {
    published: "GET /v1/games/game-thumbnail",
    method: "gameDetails.getGameThumbnail",
    call: games((c) =>
      c.gameDetails.getGameThumbnail({ query: { imageToken: "T_1001_icon", height: 150, width: 150 } })
    ),
    path: "/games/v1/games/game-thumbnail",
    query: [
      ["imageToken", "T_1001_icon"],
      ["height", "150"],
      ["width", "150"]
    ],
    documented: same(tokenThumbnail),
    live: {
      answer: { ...tokenThumbnail, final: false, url: null, cdnUrl: null, retryToken: "r1", state: "Pending" },
      decoded: { ...tokenThumbnail, final: false, url: null, cdnUrl: null, retryToken: "r1" }
    }
  },
  {
    published: "GET /v1/games/game-thumbnails",
    method: "gameDetails.getGameThumbnails",
    call: games((c) =>
      c.gameDetails.getGameThumbnails({ query: { imageTokens: ["T_1", "T_2"], height: 50, width: 50 } })
    ),
    path: "/games/v1/games/game-thumbnails",
    query: [
      ["imageTokens", "T_1"],
      ["imageTokens", "T_2"],
      ["height", "50"],
      ["width", "50"]
    ],
    documented: same([tokenThumbnail, { ...tokenThumbnail, universeId: 1002, placeId: 100020 }]),
    live: {
      answer: [{ url: null, final: false, retryToken: "r2", extra: 1 }],
      decoded: [{ url: null, final: false, retryToken: "r2" }]
    }
  },
  {
    published: "GET /v1/games/games-product-info",
    method: "gameDetails.getGamesProductInfo",
    call: games((c) => c.gameDetails.getGamesProductInfo({ query: { universeIds: [1001, 1003] } })),
    path: "/games/v1/games/games-product-info",
    query: [["universeIds", "1001,1003"]],
    documented: same({ data: [{ universeId: 1001, isForSale: true, productId: 55, price: 25, sellerId: 7 }] }),
    live: {
      answer: {
        data: [
          { universeId: 1003, isForSale: false, productId: null, price: null, sellerId: null, fiatPurchaseData: null }
        ]
      },
      decoded: { data: [{ universeId: 1003, isForSale: false, productId: null, price: null, sellerId: null }] }
    }
  },
  {
    published: "GET /v1/games/multiget-place-details",
    method: "gameDetails.getPlaceDetails",
    call: games((c) => c.gameDetails.getPlaceDetails({ query: { placeIds: [100010, 100011] } })),
    path: "/games/v1/games/multiget-place-details",
    query: [
      ["placeIds", "100010"],
      ["placeIds", "100011"]
    ],
    documented: same([place]),
    live: {
      answer: [{ ...place, sourceName: null, sourceDescription: null, fiatPurchaseData: null }],
      decoded: [{ ...place, sourceName: null, sourceDescription: null }]
    }
  },
  {
    published: "GET /v1/games/multiget-playability-status",
    method: "gameDetails.getPlayabilityStatus",
    call: games((c) => c.gameDetails.getPlayabilityStatus({ query: { universeIds: [1001, 1002] } })),
    path: "/games/v1/games/multiget-playability-status",
    query: [["universeIds", "1001,1002"]],
    documented: {
      answer: [
        { universeId: 1001, isPlayable: true, playabilityStatus: 1 },
        { universeId: 1002, isPlayable: false, playabilityStatus: 19 }
      ],
      decoded: [
        { universeId: 1001, isPlayable: true, playabilityStatus: "Playable" },
        { universeId: 1002, isPlayable: false, playabilityStatus: "ContextualPlayabilityUnverifiedSeventeenPlusUser" }
      ]
    },
    live: {
      answer: [
        { universeId: 1001, isPlayable: false, playabilityStatus: "GuestProhibited" },
        {
          universeId: 1002,
          isPlayable: false,
          playabilityStatus: "ContextualPlayabilityExperienceBlockedParentalControls",
          unplayableDisplayText: "Blocked"
        }
      ],
      decoded: [
        { universeId: 1001, isPlayable: false, playabilityStatus: "GuestProhibited" },
        {
          universeId: 1002,
          isPlayable: false,
          playabilityStatus: { _tag: "Unknown", value: "ContextualPlayabilityExperienceBlockedParentalControls" }
        }
      ]
    }
  },
  {
    published: "GET /v1/games/{universeId}/media",
    method: "gameDetails.getGameMedia",
    call: games((c) => c.gameDetails.getGameMedia({ params: { universeId: 1001 } })),
    path: "/games/v1/games/1001/media",
    documented: same({ data: [media] }),
    live: {
      answer: {
        data: [
          {
            ...media,
            id: 2,
            assetTypeId: 33,
            assetType: "YouTubeVideo",
            imageId: null,
            videoHash: "abc",
            videoTitle: "Trailer"
          }
        ]
      },
      decoded: {
        data: [
          {
            ...media,
            id: 2,
            assetTypeId: 33,
            assetType: "YouTubeVideo",
            imageId: null,
            videoHash: "abc",
            videoTitle: "Trailer"
          }
        ]
      }
    }
  },
  {
    published: "GET /v2/games/{universeId}/media",
    method: "gameDetails.getGameMediaV2",
    call: games((c) => c.gameDetails.getGameMediaV2({ params: { universeId: 1001 } })),
    path: "/games/v2/games/1001/media",
    documented: same({ data: [mediaV2] }),
    live: {
      answer: {
        data: [
          {
            ...mediaV2,
            assetType: "Image",
            assetTypeId: 1,
            imageId: 4412,
            videoHash: null,
            approved: false,
            pending: true
          }
        ]
      },
      decoded: {
        data: [{ ...mediaV2, assetType: "Image", assetTypeId: 1, imageId: 4412, videoHash: null, approved: false }]
      }
    }
  },
  {
    published: "GET /v1/games/{universeId}/game-passes",
    method: "gameServers.getGamePasses",
    call: games((c) =>
      c.gameServers.getGamePasses({
        params: { universeId: 1001 },
        query: { limit: 12, sortOrder: "Asc", cursor: "p1" }
      })
    ),
    path: "/games/v1/games/1001/game-passes",
    query: [
      ["limit", "12"],
      ["sortOrder", "1"],
      ["cursor", "p1"]
    ],
    documented: same(page([pass])),
    live: {
      answer: page([
        { ...pass, price: null, productId: null, isOwned: true, sellerName: "Maker", thumbnailTargetId: 1 }
      ]),
      decoded: page([{ ...pass, price: null, productId: null, isOwned: true }])
    }
  },
  {
    published: "GET /v1/games/{placeId}/servers/{serverType}",
    method: "gameServers.getGameServers",
    call: games((c) =>
      c.gameServers.getGameServers({
        params: { placeId: 100010, serverType: "Friend" },
        query: { sortOrder: "Desc", excludeFullGames: true, limit: 25, cursor: "c" }
      })
    ),
    path: "/games/v1/games/100010/servers/1",
    query: [
      ["sortOrder", "2"],
      ["excludeFullGames", "true"],
      ["limit", "25"],
      ["cursor", "c"]
    ],
    documented: same(page([server, privateServer])),
    live: { answer: page([{ ...server, region: "us-east" }]), decoded: page([server]) }
  },
  {
    published: "GET /v1/games/recommendations/algorithm/{algorithmName}",
    method: "gameRecommendations.getRecommendationsByAlgorithm",
    call: games((c) =>
      c.gameRecommendations.getRecommendationsByAlgorithm({
        params: { algorithmName: "Homepage" },
        query: { PaginationKey: "k1", MaxRows: 6, IsTruncatedResultsEnabled: true }
      })
    ),
    path: "/games/v1/games/recommendations/algorithm/Homepage",
    query: [
      ["PaginationKey", "k1"],
      ["MaxRows", "6"],
      ["IsTruncatedResultsEnabled", "true"]
    ],
    documented: same({ games: [listItem], nextPaginationKey: "k2" }),
    live: {
      answer: { games: [{ ...listItem, isShowSponsoredLabel: null, layoutDataBySort: {} }], nextPaginationKey: null },
      decoded: { games: [{ ...listItem, isShowSponsoredLabel: null }], nextPaginationKey: null }
    }
  },
  {
    published: "GET /v1/games/recommendations/game/{universeId}",
    method: "gameRecommendations.getRecommendationsForGame",
    call: games((c) =>
      c.gameRecommendations.getRecommendationsForGame({
        params: { universeId: 1001 },
        query: { MaxRows: 6, IsTruncatedResultsEnabled: false }
      })
    ),
    path: "/games/v1/games/recommendations/game/1001",
    query: [
      ["MaxRows", "6"],
      ["IsTruncatedResultsEnabled", "false"]
    ],
    documented: same({ games: [listItem], nextPaginationKey: null }),
    live: {
      answer: { games: [], nextPaginationKey: null, requestId: "x" },
      decoded: { games: [], nextPaginationKey: null }
    }
  },
  {
    published: "GET /v2/groups/{groupId}/games",
    method: "creatorGames.getGroupGames",
    call: games((c) =>
      c.creatorGames.getGroupGames({
        params: { groupId: 9001 },
        query: { accessFilter: "Public", limit: 100, sortOrder: "Asc" }
      })
    ),
    path: "/games/v2/groups/9001/games",
    query: [
      ["accessFilter", "2"],
      ["limit", "100"],
      ["sortOrder", "Asc"]
    ],
    ...creatorPages
  },
  {
    published: "GET /v2/groups/{groupId}/gamesV2",
    method: "creatorGames.getGroupGamesV2",
    call: games((c) =>
      c.creatorGames.getGroupGamesV2({ params: { groupId: 9001 }, query: { cursor: "x", limit: 50 } })
    ),
    path: "/games/v2/groups/9001/gamesV2",
    query: [
      ["cursor", "x"],
      ["limit", "50"]
    ],
    ...creatorPages
  },
  {
    published: "GET /v2/users/{userId}/favorite/games",
    method: "creatorGames.getUserFavoriteGames",
    call: games((c) =>
      c.creatorGames.getUserFavoriteGames({ params: { userId: 1 }, query: { limit: 50, accessFilter: "Public" } })
    ),
    path: "/games/v2/users/1/favorite/games",
    query: [
      ["limit", "50"],
      ["accessFilter", "2"]
    ],
    ...creatorPages
  },
  {
    published: "GET /v2/users/{userId}/games",
    method: "creatorGames.getUserGames",
    call: games((c) =>
      c.creatorGames.getUserGames({ params: { userId: 7 }, query: { accessFilter: "All", sortOrder: "Desc" } })
    ),
    path: "/games/v2/users/7/games",
    query: [
      ["accessFilter", "1"],
      ["sortOrder", "Desc"]
    ],
    ...creatorPages
  }
])
