/**
 * Game recommendations and sorts on the games service (API-13).
 *
 * The recommendations follow the published document, whose parameter names differ from the spec's
 * (`model.paginationKey`, `model.maxRows`): `PaginationKey` (left out for the first page, as the document describes
 * it), `MaxRows` and `IsTruncatedResultsEnabled` (both required). The sorts, which no published document describes,
 * keep the spec's `model.gameSortsContext`.
 *
 * @module
 */
import * as Schema from "effect/Schema"
import { get, group } from "../definition.ts"
import { Id } from "../sharedSchemas.ts"
import { GameListItem } from "./games.ts"

/** Query parameters of a recommendations page, named as published. */
export const RecommendationsQuery = {
  PaginationKey: Schema.optional(Schema.String),
  MaxRows: Schema.Int.check(Schema.isGreaterThan(0)),
  IsTruncatedResultsEnabled: Schema.Boolean
}

/** A page of recommended games. */
export const GameRecommendations = Schema.Struct({
  games: Schema.Array(GameListItem),
  nextPaginationKey: Schema.optional(Schema.NullOr(Schema.String))
})

/** The type of {@link GameRecommendations}. */
export type GameRecommendations = typeof GameRecommendations.Type

/** One sort of the games page. */
export const GameSort = Schema.Struct({
  token: Schema.String,
  name: Schema.String,
  displayName: Schema.optional(Schema.String),
  gameSetTypeId: Schema.optional(Schema.Int),
  gameSetTargetId: Schema.optional(Schema.NullOr(Schema.Int)),
  timeOptionsAvailable: Schema.optional(Schema.Boolean),
  genreOptionsAvailable: Schema.optional(Schema.Boolean),
  numberOfRows: Schema.optional(Schema.Int),
  numberOfGames: Schema.optional(Schema.Int),
  isDefaultSort: Schema.optional(Schema.Boolean),
  tokenExpiryInSeconds: Schema.optional(Schema.Finite)
})

/** The type of {@link GameSort}. */
export type GameSort = typeof GameSort.Type

/** The sorts of a games page. */
export const GameSorts = Schema.Struct({
  sorts: Schema.Array(GameSort),
  pageContext: Schema.optional(
    Schema.NullOr(
      Schema.Struct({
        pageId: Schema.optional(Schema.String),
        isSeeAllPage: Schema.optional(Schema.NullOr(Schema.Boolean))
      })
    )
  )
})

/** The type of {@link GameSorts}. */
export type GameSorts = typeof GameSorts.Type

/** `GET /v1/games/recommendations/algorithm/{algorithmName}`. */
export const getRecommendationsByAlgorithm = get(
  "getRecommendationsByAlgorithm",
  "/v1/games/recommendations/algorithm/:algorithmName",
  {
    params: { algorithmName: Schema.String },
    query: RecommendationsQuery,
    success: GameRecommendations,
    errors: [400]
  }
)

/** `GET /v1/games/recommendations/game/{universeId}`. */
export const getRecommendationsForGame = get(
  "getRecommendationsForGame",
  "/v1/games/recommendations/game/:universeId",
  {
    params: { universeId: Id },
    query: RecommendationsQuery,
    success: GameRecommendations,
    errors: [400]
  }
)

/** `GET /v1/games/sorts`. */
export const getGameSorts = get("getGameSorts", "/v1/games/sorts", {
  query: { "model.gameSortsContext": Schema.optional(Schema.String) },
  success: GameSorts,
  errors: [400]
})

/** The recommendation and sort endpoints. */
export const GameRecommendationsGroup = group(
  "gameRecommendations",
  getRecommendationsByAlgorithm,
  getRecommendationsForGame,
  getGameSorts
)
