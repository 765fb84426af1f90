/**
 * Every group of the games service as the emulator serves it, one file per group beside this one.
 *
 * @module
 */
import { Layer } from "effect"
import { CreatorGamesHandlers } from "./creatorGames.ts"
import { GameDetailsHandlers } from "./gameDetails.ts"
import { GameRecommendationsHandlers } from "./gameRecommendations.ts"
import { GamesHandlers } from "./games.ts"
import { GameServersHandlers } from "./gameServers.ts"

/** Handlers of every group of the games service. */
export const GamesServiceHandlers = Layer.mergeAll(
  GamesHandlers,
  GameDetailsHandlers,
  GameServersHandlers,
  GameRecommendationsHandlers,
  CreatorGamesHandlers
)
