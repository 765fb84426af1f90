/**
 * The game list and game details of the games service.
 *
 * Game list: `model.sortToken` picks the order (`popular`: most players first, the default; `top-rated`: best
 * vote ratio; `new`: newest first; an unknown token falls back to `popular`), `model.keyword` filters by name
 * (case-insensitive), `model.startRows`/`model.maxRows` page (maxRows 1–100, default 10; else 400 code 4).
 * Details: 400 code 8 without ids, code 9 beyond 100; unknown ids are left out.
 *
 * @module
 */
import { Effect } from "effect"
import { HttpApiBuilder } from "effect/http-api"
import {
  type GameDetail,
  type GameListItem,
  maxGameListRows,
  maxUniverseIdsPerLookup
} from "../../../platform/api/games/games.ts"
import { EmulatorState } from "../../EmulatorState.ts"
import type { WorldUniverse } from "../../world/World.ts"
import { badRequest, checkIds } from "../support.ts"
import { ServedGamesApi } from "./api.ts"

/** A universe as a game list item. */
export const gameListItem = (u: WorldUniverse): GameListItem => ({
  universeId: u.id,
  placeId: u.rootPlaceId,
  name: u.name,
  playerCount: u.playing,
  totalUpVotes: u.upVotes,
  totalDownVotes: u.downVotes,
  creatorId: u.creatorId,
  creatorName: u.creatorName,
  creatorType: u.creatorType,
  creatorHasVerifiedBadge: u.creatorHasVerifiedBadge,
  price: u.price,
  genre: u.genre,
  gameDescription: u.description,
  imageToken: `emu-icon-${u.id}`,
  isSponsored: false,
  analyticsIdentifier: null
})

/** The details of a universe as `GET /v1/games` answers them. */
export const gameDetail = (u: WorldUniverse): GameDetail => ({
  id: u.id,
  rootPlaceId: u.rootPlaceId,
  name: u.name,
  description: u.description,
  creator: { id: u.creatorId, name: u.creatorName, type: u.creatorType, hasVerifiedBadge: u.creatorHasVerifiedBadge },
  price: u.price,
  playing: u.playing,
  visits: u.visits,
  maxPlayers: u.maxPlayers,
  favoritedCount: u.favoritedCount,
  genre: u.genre,
  created: u.created,
  updated: u.updated,
  universeAvatarType: u.avatarType
})

/** The sort tokens the game list knows. */
export const gameSortTokens = ["popular", "top-rated", "new"] as const

const ratio = (u: WorldUniverse) => u.upVotes / Math.max(1, u.upVotes + u.downVotes)

const sortUniverses = (list: ReadonlyArray<WorldUniverse>, token: string | undefined): Array<WorldUniverse> => {
  const sorted = [...list]
  switch (token) {
    case "top-rated":
      return sorted.sort((a, b) => ratio(b) - ratio(a) || a.id - b.id)
    case "new":
      return sorted.sort((a, b) => (a.created < b.created ? 1 : a.created > b.created ? -1 : a.id - b.id))
    default:
      return sorted.sort((a, b) => b.playing - a.playing || a.id - b.id)
  }
}

/** Handlers of the game list and details group. */
export const GamesHandlers = HttpApiBuilder.group(
  ServedGamesApi,
  "games",
  Effect.fn(function* (handlers) {
    const { world } = yield* EmulatorState
    return handlers.handleAll({
      listGames: ({ query }) =>
        Effect.gen(function* () {
          const maxRows = query["model.maxRows"] ?? 10
          const startRows = query["model.startRows"] ?? 0
          if (maxRows < 1 || maxRows > maxGameListRows || startRows < 0) {
            return yield* badRequest(4, "Invalid paging parameters.", `maxRows ${maxRows}, startRows ${startRows}`)
          }
          const keyword = query["model.keyword"]?.trim().toLowerCase() ?? ""
          const matching =
            keyword === ""
              ? world.universeList
              : world.universeList.filter((u) => u.name.toLowerCase().includes(keyword))
          const sorted = sortUniverses(matching, query["model.sortToken"])
          const page = sorted.slice(startRows, startRows + maxRows)
          return {
            games: page.map(gameListItem),
            hasMoreRows: startRows + maxRows < sorted.length,
            nextPageExclusiveStartId: null,
            suggestedKeyword: null,
            correctedKeyword: null,
            filteredKeyword: keyword === "" ? null : keyword
          }
        }),
      getGames: ({ query }) =>
        Effect.map(
          checkIds(
            query.universeIds,
            maxUniverseIdsPerLookup,
            [9, "Too many universe IDs were requested."],
            [8, "No universe IDs were specified."]
          ),
          (ids) => ({
            data: ids.flatMap((id) => {
              const u = world.universes.get(id)
              return u === undefined ? [] : [gameDetail(u)]
            })
          })
        )
    })
  })
)
