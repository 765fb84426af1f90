/**
 * The game list (search and sorts, paged by rows) and game details by universe id, on the games service.
 *
 * `GET /v1/games/list` takes the `model.*` query parameters of the spec and pages with `model.startRows` and
 * `model.maxRows` (at most 100); the answer says whether more rows exist (`hasMoreRows`); no current published
 * document describes it, so it keeps the spec. `GET /v1/games` takes a comma-joined `universeIds` list (at most 100,
 * `collectionFormat: csv`) and answers every field of the published game detail; it is also how a universe's root
 * place is found (the spec's `POST /v1/games`, which no published document has).
 *
 * @module
 */
import * as Schema from "effect/Schema"
import { get, group } from "../definition.ts"
import { DataList, Id, IdList, openCodedEnum, optionalOrNull } from "../sharedSchemas.ts"

/** At most this many universe ids per details lookup; more is answered 400 with code 9. */
export const maxUniverseIdsPerLookup = 100

/** At most this many rows per game-list page. */
export const maxGameListRows = 100

/** Query parameters of `GET /v1/games/list`, all prefixed with `model.` as the spec lists them. */
export const GameListQuery = {
  "model.sortToken": Schema.optional(Schema.String),
  "model.gameFilter": Schema.optional(Schema.Int),
  "model.timeFilter": Schema.optional(Schema.Int),
  "model.genreFilter": Schema.optional(Schema.Int),
  "model.exclusiveStartId": Schema.optional(Schema.Int),
  "model.sortOrder": Schema.optional(Schema.Int),
  "model.gameSetTargetId": Schema.optional(Schema.Int),
  "model.keyword": Schema.optional(Schema.String),
  "model.startRows": Schema.optional(Schema.Int),
  "model.maxRows": Schema.optional(Schema.Int),
  "model.isKeywordSuggestionEnabled": Schema.optional(Schema.Boolean),
  "model.contextCountryRegionId": Schema.optional(Schema.Int),
  "model.contextUniverseId": Schema.optional(Schema.Int),
  "model.pageId": Schema.optional(Schema.String),
  "model.sortPosition": Schema.optional(Schema.Int)
}

/** One game of a game list. */
export const GameListItem = Schema.Struct({
  universeId: Id,
  placeId: Id,
  name: Schema.String,
  playerCount: Schema.optional(Schema.Int),
  totalUpVotes: Schema.optional(Schema.Int),
  totalDownVotes: Schema.optional(Schema.Int),
  creatorId: Schema.optional(Schema.Int),
  creatorName: Schema.optional(Schema.String),
  creatorType: Schema.optional(Schema.String),
  creatorHasVerifiedBadge: Schema.optional(Schema.Boolean),
  price: Schema.optional(Schema.NullOr(Schema.Int)),
  genre: Schema.optional(Schema.String),
  gameDescription: Schema.optional(Schema.String),
  imageToken: Schema.optional(Schema.String),
  isSponsored: Schema.optional(Schema.Boolean),
  isShowSponsoredLabel: optionalOrNull(Schema.Boolean),
  nativeAdData: optionalOrNull(Schema.String),
  analyticsIdentifier: Schema.optional(Schema.NullOr(Schema.String)),
  ageRecommendationDisplayName: optionalOrNull(Schema.String),
  minimumAge: optionalOrNull(Schema.Int)
})

/** The type of {@link GameListItem}. */
export type GameListItem = typeof GameListItem.Type

/** A page of the game list. */
export const GameListResponse = Schema.Struct({
  games: Schema.Array(GameListItem),
  hasMoreRows: Schema.optional(Schema.Boolean),
  nextPageExclusiveStartId: Schema.optional(Schema.NullOr(Schema.Int)),
  suggestedKeyword: Schema.optional(Schema.NullOr(Schema.String)),
  correctedKeyword: Schema.optional(Schema.NullOr(Schema.String)),
  filteredKeyword: Schema.optional(Schema.NullOr(Schema.String))
})

/** The type of {@link GameListResponse}. */
export type GameListResponse = typeof GameListResponse.Type

/** Avatar type of a universe (published as 1–3, sent live as the name; both decode; open). */
export const UniverseAvatarType = openCodedEnum(["MorphToR6", "PlayerChoice", "MorphToR15"], {
  1: "MorphToR6",
  2: "PlayerChoice",
  3: "MorphToR15"
})

/** The creator of a game. */
export const GameCreator = Schema.Struct({
  id: Schema.Int,
  name: Schema.String,
  type: Schema.optional(Schema.String),
  hasVerifiedBadge: Schema.optional(Schema.Boolean),
  isRNVAccount: optionalOrNull(Schema.Boolean)
})

/** Details of one game (universe); `rootPlaceId` is what deep links need. */
export const GameDetail = Schema.Struct({
  id: Id,
  rootPlaceId: Id,
  name: Schema.String,
  description: Schema.optional(Schema.NullOr(Schema.String)),
  creator: Schema.optional(GameCreator),
  price: Schema.optional(Schema.NullOr(Schema.Int)),
  playing: Schema.optional(Schema.Int),
  visits: Schema.optional(Schema.Int),
  maxPlayers: Schema.optional(Schema.Int),
  favoritedCount: Schema.optional(Schema.Int),
  genre: Schema.optional(Schema.String),
  created: Schema.optional(Schema.String),
  updated: Schema.optional(Schema.String),
  universeAvatarType: Schema.optional(UniverseAvatarType),
  sourceName: optionalOrNull(Schema.String),
  sourceDescription: optionalOrNull(Schema.String),
  genre_l1: optionalOrNull(Schema.String),
  genre_l2: optionalOrNull(Schema.String),
  isAllGenre: optionalOrNull(Schema.Boolean),
  isGenreEnforced: optionalOrNull(Schema.Boolean),
  isFavoritedByUser: optionalOrNull(Schema.Boolean),
  allowedGearCategories: optionalOrNull(Schema.Array(Schema.String)),
  allowedGearGenres: optionalOrNull(Schema.Array(Schema.String)),
  copyingAllowed: optionalOrNull(Schema.Boolean),
  createVipServersAllowed: optionalOrNull(Schema.Boolean),
  studioAccessToApisAllowed: optionalOrNull(Schema.Boolean),
  licenseDescription: optionalOrNull(Schema.String)
})

/** The type of {@link GameDetail}. */
export type GameDetail = typeof GameDetail.Type

/** `GET /v1/games/list`. */
export const listGames = get("listGames", "/v1/games/list", {
  query: GameListQuery,
  success: GameListResponse,
  errors: [400]
})

/** `GET /v1/games`. */
export const getGames = get("getGames", "/v1/games", {
  query: { universeIds: IdList },
  success: DataList(GameDetail),
  errors: [400]
})

/** The games endpoints. */
export const GamesGroup = group("games", listGames, getGames)
