/**
 * The games service: the game list and details, places, servers, passes, recommendations, and the games of
 * creators. Paths are relative to `PlatformConfig.baseUrls.games`.
 *
 * @module
 */
import { api } from "../definition.ts"
import { CreatorGamesGroup } from "./creatorGames.ts"
import { GameDetailsGroup } from "./gameDetails.ts"
import { GameRecommendationsGroup } from "./gameRecommendations.ts"
import { GamesGroup } from "./games.ts"
import { GameServersGroup } from "./gameServers.ts"

/** The games service. */
export const GamesApi = api(
  "games",
  { title: "Games", version: "v1" },
  GamesGroup,
  GameDetailsGroup,
  GameServersGroup,
  GameRecommendationsGroup,
  CreatorGamesGroup
)
