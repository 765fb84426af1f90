/**
 * Games of a group or a user, and a user's favourites, on the games service (API-13, v2 paths), paged
 * by cursor. `accessFilter` is `All`, `Public` or `Private` (the owner only), sent as its documented code 1, 2 or 4; `limit` is
 * 10/25/50/100 for a group's games and 10/25/50 for a user's. The creator's type comes as a code (0 User, 1 Group) in
 * the document and as a name live; the root place's type is an asset type.
 *
 * @module
 */
import * as Schema from "effect/Schema"
import { get, group } from "../definition.ts"
import { AssetType } from "../assetTypes.ts"
import { CreatorType, CursorPage, Id, lenientEnum, optionalOrNull, SortOrder } from "../sharedSchemas.ts"
import { GamesPageQuery } from "./gameServers.ts"

/**
 * Which games a list holds, by access: `All` (1), `Public` (2) or `Private` (4, the owner only). The document lists
 * the codes; the service reads the names too (any case). Sent as the code.
 */
export const AccessFilter = lenientEnum(["All", "Public", "Private"], { 1: "All", 2: "Public", 4: "Private" })

/** The type of {@link AccessFilter}. */
export type AccessFilter = typeof AccessFilter.Type

/** Query parameters of a group's games list. */
export const CreatorGamesQuery = { accessFilter: Schema.optional(AccessFilter), ...GamesPageQuery }

/** Query parameters of a user's games list: page sizes 10/25/50. */
export const UserGamesQuery = {
  accessFilter: Schema.optional(AccessFilter),
  limit: Schema.optional(Schema.Literals([10, 25, 50])),
  cursor: Schema.optional(Schema.String),
  sortOrder: Schema.optional(SortOrder)
}

/** The creator of a game: id, name and type. */
const GameCreatorRef = Schema.Struct({
  id: Schema.Int,
  name: optionalOrNull(Schema.String),
  type: Schema.optional(CreatorType)
})

/** The root place of a game: id, name and asset type. */
const RootPlaceRef = Schema.Struct({
  id: Schema.Int,
  name: optionalOrNull(Schema.String),
  type: Schema.optional(AssetType)
})

/** A game of a creator. */
export const CreatorGame = Schema.Struct({
  id: Id,
  name: Schema.String,
  description: Schema.optional(Schema.NullOr(Schema.String)),
  creator: Schema.optional(GameCreatorRef),
  rootPlace: Schema.optional(Schema.NullOr(RootPlaceRef)),
  created: Schema.optional(Schema.String),
  updated: Schema.optional(Schema.String),
  placeVisits: Schema.optional(Schema.Int)
})

/** The type of {@link CreatorGame}. */
export type CreatorGame = typeof CreatorGame.Type

/** A page of a creator's games. */
export const CreatorGamesPage = CursorPage(CreatorGame)

const groupList = <const Name extends string, const Path extends `/${string}`>(name: Name, path: Path) =>
  get(name, path, {
    params: { groupId: Id },
    query: CreatorGamesQuery,
    success: CreatorGamesPage,
    errors: [400]
  })

const userList = <const Name extends string, const Path extends `/${string}`>(name: Name, path: Path) =>
  get(name, path, {
    params: { userId: Id },
    query: UserGamesQuery,
    success: CreatorGamesPage,
    errors: [400]
  })

/** `GET /v2/groups/{groupId}/games`. */
export const getGroupGames = groupList("getGroupGames", "/v2/groups/:groupId/games")

/** `GET /v2/groups/{groupId}/gamesV2`. */
export const getGroupGamesV2 = groupList("getGroupGamesV2", "/v2/groups/:groupId/gamesV2")

/** `GET /v2/users/{userId}/favorite/games`. */
export const getUserFavoriteGames = userList("getUserFavoriteGames", "/v2/users/:userId/favorite/games")

/** `GET /v2/users/{userId}/games`. */
export const getUserGames = userList("getUserGames", "/v2/users/:userId/games")

/** The creator games endpoints. */
export const CreatorGamesGroup = group(
  "creatorGames",
  getGroupGames,
  getGroupGamesV2,
  getUserFavoriteGames,
  getUserGames
)
