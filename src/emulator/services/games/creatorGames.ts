/**
 * The games of groups and users, and users' favourites, on the games service: cursor pages (limit 10/25/50/100 for
 * groups, 10/25/50 for users). Favourites: about one game in six per user, derived from the ids.
 *
 * @module
 */
import { Effect } from "effect"
import { HttpApiBuilder } from "effect/http-api"
import type { CreatorGame } from "../../../platform/api/games/creatorGames.ts"
import { EmulatorState } from "../../EmulatorState.ts"
import type { WorldUniverse } from "../../world/World.ts"
import { badRequest, hashOf, pageOf } from "../support.ts"
import { ServedGamesApi } from "./api.ts"

const creatorGame = (u: WorldUniverse): CreatorGame => ({
  id: u.id,
  name: u.name,
  description: u.description,
  creator: { id: u.creatorId, type: u.creatorType },
  rootPlace: { id: u.rootPlaceId, name: u.name, type: "Place" },
  created: u.created,
  updated: u.updated,
  placeVisits: u.visits
})

/** Handlers of the creators' games group. */
export const CreatorGamesHandlers = HttpApiBuilder.group(
  ServedGamesApi,
  "creatorGames",
  Effect.fn(function* (handlers) {
    const { world } = yield* EmulatorState
    const by = (type: "User" | "Group", id: number) =>
      world.universeList.filter((u) => u.creatorType === type && u.creatorId === id).map(creatorGame)
    return handlers.handleAll({
      getGroupGames: ({ params, query }) =>
        pageOf(`group-games:${params.groupId}`, by("Group", params.groupId), query, [10, 25, 50, 100]),
      getGroupGamesV2: ({ params, query }) =>
        pageOf(`group-games-v2:${params.groupId}`, by("Group", params.groupId), query, [10, 25, 50, 100]),
      getUserFavoriteGames: ({ params, query }) =>
        Effect.gen(function* () {
          if (!world.users.has(params.userId)) return yield* badRequest(1, "The user does not exist.", "unknown user")
          const favorites = world.universeList.filter((u) => hashOf(6, params.userId, u.id) === 0).map(creatorGame)
          return yield* pageOf(`favorites:${params.userId}`, favorites, query, [10, 25, 50])
        }),
      getUserGames: ({ params, query }) =>
        Effect.gen(function* () {
          if (!world.users.has(params.userId)) return yield* badRequest(1, "The user does not exist.", "unknown user")
          return yield* pageOf(`user-games:${params.userId}`, by("User", params.userId), query, [10, 25, 50])
        })
    })
  })
)
