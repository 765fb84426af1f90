/**
 * Games of a group or a user, and a user's favourites, on the games service (spec §7 "Games", v2 paths), paged
 * by cursor. `accessFilter` is 1 (all), 2 (public) or 4 (private, the owner only), as documented.
 *
 * @module
 */
import * as HttpApiEndpoint from "effect/http-api/HttpApiEndpoint"
import * as HttpApiGroup from "effect/http-api/HttpApiGroup"
import * as Schema from "effect/Schema"
import { ApiBadRequest, CursorPage, Id } from "../sharedSchemas.ts"
import { GamesPageQuery } from "./gameServers.ts"

/** Query parameters of a creator's games list. */
export const CreatorGamesQuery = { accessFilter: Schema.optional(Schema.Literals([1, 2, 4])), ...GamesPageQuery }

/** A reference to an entity with a type (`{ id, type }`). */
const Related = Schema.Struct({ id: Schema.Int, type: Schema.optional(Schema.String) })

/** A game of a creator. */
export const CreatorGame = Schema.Struct({
  id: Id,
  name: Schema.String,
  description: Schema.optional(Schema.NullOr(Schema.String)),
  creator: Schema.optional(Related),
  rootPlace: Schema.optional(Schema.NullOr(Related)),
  created: Schema.optional(Schema.String),
  updated: Schema.optional(Schema.String),
  placeVisits: Schema.optional(Schema.Int)
})

/** The type of {@link CreatorGame}. */
export type CreatorGame = typeof CreatorGame.Type

/** A page of a creator's games. */
export const CreatorGamesPage = CursorPage(CreatorGame)

const list = <const Name extends string, const Path extends `/${string}`, const P extends "groupId" | "userId">(
  name: Name,
  path: Path,
  param: P
) =>
  HttpApiEndpoint.get(name, path, {
    params: { [param]: Id } as { readonly [K in P]: typeof Id },
    query: CreatorGamesQuery,
    success: CreatorGamesPage,
    error: ApiBadRequest
  })

/** The creator games endpoints. */
export class CreatorGamesGroup extends HttpApiGroup.make("creatorGames").add(
  list("getGroupGames", "/v2/groups/:groupId/games", "groupId"),
  list("getGroupGamesV2", "/v2/groups/:groupId/gamesV2", "groupId"),
  list("getUserFavoriteGames", "/v2/users/:userId/favorite/games", "userId"),
  list("getUserGames", "/v2/users/:userId/games", "userId")
) {}
