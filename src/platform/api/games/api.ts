/**
 * The games service: the game list and details, places, servers, passes, recommendations, and the games of
 * creators. Paths are relative to `PlatformConfig.baseUrls.games`.
 *
 * @module
 */
import * as HttpApi from "effect/http-api/HttpApi"
import * as OpenApi from "effect/http-api/OpenApi"
import { CreatorGamesGroup } from "./creatorGames.ts"
import { GameDetailsGroup } from "./gameDetails.ts"
import { GameRecommendationsGroup } from "./gameRecommendations.ts"
import { GamesGroup } from "./games.ts"
import { GameServersGroup } from "./gameServers.ts"

/** The games service. */
export class GamesApi extends HttpApi.make("games").add(
  GamesGroup,
  GameDetailsGroup,
  GameServersGroup,
  GameRecommendationsGroup,
  CreatorGamesGroup
).annotateMerge(OpenApi.annotations({ title: "Games", version: "v1" })) {}
