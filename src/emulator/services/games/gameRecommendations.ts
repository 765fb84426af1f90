/**
 * Game recommendations and sorts on the games service: the most played games (another game's recommendations leave
 * it out and keep its genre), paged by `PaginationKey` (the start row) and `MaxRows` (1–100; else 400 code 4);
 * `IsTruncatedResultsEnabled` is accepted and changes nothing; the sorts are the game list's tokens.
 *
 * @module
 */
import { Effect } from "effect"
import { HttpApiBuilder } from "effect/http-api"
import { EmulatorState } from "../../EmulatorState.ts"
import type { World, WorldUniverse } from "../../world/World.ts"
import { badRequest } from "../support.ts"
import { ServedGamesApi } from "./api.ts"
import { gameListItem } from "./games.ts"

const paging = (paginationKey: string | undefined, maxRows: number) =>
  Effect.gen(function* () {
    const rows = maxRows
    const start = paginationKey === undefined || paginationKey === "" ? 0 : Number(paginationKey)
    if (rows < 1 || rows > 100 || !Number.isInteger(start) || start < 0) {
      return yield* badRequest(4, "Invalid paging parameters.", `maxRows ${rows}, paginationKey ${paginationKey}`)
    }
    return { start, rows }
  })

const mostPlayed = (world: World) => [...world.universeList].sort((a, b) => b.playing - a.playing || a.id - b.id)

/** Handlers of the recommendations and sorts group. */
export const GameRecommendationsHandlers = HttpApiBuilder.group(
  ServedGamesApi,
  "gameRecommendations",
  Effect.fn(function* (handlers) {
    const { world } = yield* EmulatorState
    const page = (list: ReadonlyArray<WorldUniverse>, key: string | undefined, maxRows: number) =>
      Effect.map(paging(key, maxRows), ({ start, rows }) => ({
        games: list.slice(start, start + rows).map(gameListItem),
        nextPaginationKey: start + rows < list.length ? String(start + rows) : null
      }))
    return handlers.handleAll({
      getRecommendationsByAlgorithm: ({ query }) => page(mostPlayed(world), query.PaginationKey, query.MaxRows),
      getRecommendationsForGame: ({ params, query }) =>
        Effect.gen(function* () {
          const u = world.universes.get(params.universeId)
          if (u === undefined) return yield* badRequest(3, "The universe does not exist.", "unknown universe")
          const similar = mostPlayed(world).filter((other) => other.id !== u.id && other.genre === u.genre)
          return yield* page(similar, query.PaginationKey, query.MaxRows)
        }),
      getGameSorts: () =>
        Effect.succeed({
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
            },
            {
              token: "top-rated",
              name: "TopRated",
              displayName: "Top Rated",
              gameSetTypeId: 2,
              timeOptionsAvailable: false,
              genreOptionsAvailable: false,
              numberOfRows: 1,
              isDefaultSort: false
            },
            {
              token: "new",
              name: "New",
              displayName: "New and Updated",
              gameSetTypeId: 3,
              timeOptionsAvailable: false,
              genreOptionsAvailable: false,
              numberOfRows: 1,
              isDefaultSort: false
            }
          ],
          pageContext: { pageId: "emu-sorts", isSeeAllPage: null }
        })
    })
  })
)
