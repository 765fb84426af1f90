/**
 * platform-web-client/api/games: the games service: game lists and details, places, media, passes, servers,
 * recommendations and creators' games. Its definition (`GamesApi`: the typed client's, the emulator's and the OpenAPI
 * document's), one definition per endpoint (a page that calls one endpoint alone, with `platformCall` of
 * `platform-web-client/clients`, loads only that one) and the schemas of its requests and answers.
 *
 * @module
 */
export { GamesApi } from "../platform/api/games/api.ts"
export {
  AccessFilter,
  CreatorGame,
  CreatorGamesGroup,
  CreatorGamesPage,
  CreatorGamesQuery,
  getGroupGames,
  getGroupGamesV2,
  getUserFavoriteGames,
  getUserGames,
  UserGamesQuery
} from "../platform/api/games/creatorGames.ts"
export {
  GameDetailsGroup,
  GameIcon,
  GameImageThumbnail,
  GameMediaItem,
  GameProductInfo,
  getGameIcon,
  getGameMedia,
  getGameMediaV2,
  getGamesProductInfo,
  getGameThumbnail,
  getGameThumbnails,
  getPlaceDetails,
  getPlayabilityStatus,
  PlaceDetails,
  Playability,
  PlayabilityStatus
} from "../platform/api/games/gameDetails.ts"
export {
  GameRecommendations,
  GameRecommendationsGroup,
  GameSort,
  GameSorts,
  getGameSorts,
  getRecommendationsByAlgorithm,
  getRecommendationsForGame,
  RecommendationsQuery
} from "../platform/api/games/gameRecommendations.ts"
export {
  GameCreator,
  GameDetail,
  GameListItem,
  GameListQuery,
  GameListResponse,
  GamesGroup,
  getGames,
  listGames,
  maxGameListRows,
  maxUniverseIdsPerLookup,
  UniverseAvatarType
} from "../platform/api/games/games.ts"
export {
  GamePass,
  GamePassesQuery,
  GameServer,
  GameServerOwner,
  GameServerPlayer,
  GameServersGroup,
  GameServersQuery,
  GamesPageQuery,
  getGamePasses,
  getGameServers,
  PlaceMetadata,
  PlaceMetadataRequest,
  postPlaceMetadata,
  ServerType
} from "../platform/api/games/gameServers.ts"
