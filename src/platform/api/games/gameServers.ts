/**
 * Servers, passes and place metadata of games on the games service (API-13).
 *
 * Passes and servers follow the published document: a pass list's `limit` is required, `sortOrder` goes as its code
 * (`1` Asc, `2` Desc), the server type as its code in the path (`0` Public, `1` Friend), a server list's `limit` is
 * 10/25/50/100 and `excludeFullGames` leaves full servers out.
 *
 * `POST /v1/games/places/{placeId}/metadata` takes a request body whose shape the spec does not show; it is sent
 * as given (a JSON object) and answered with the place's metadata.
 *
 * @module
 */
import * as Schema from "effect/Schema"
import { get, group, post } from "../definition.ts"
import { CursorPage, Id, lenientEnum, optionalOrNull, PageSize, SortOrder, SortOrderCode } from "../sharedSchemas.ts"

/** Query parameters of a cursor-paged games list documented with names (`sortOrder=Asc`) and page sizes. */
export const GamesPageQuery = {
  sortOrder: Schema.optional(SortOrder),
  limit: Schema.optional(PageSize),
  cursor: Schema.optional(Schema.String)
}

/** Query parameters of a game's passes: a required `limit`, `sortOrder` as a code. */
export const GamePassesQuery = {
  limit: Schema.Int.check(Schema.isGreaterThan(0)),
  sortOrder: Schema.optional(SortOrderCode),
  cursor: Schema.optional(Schema.String)
}

/** The kind of servers to list: public ones, or those where the user's friends play (a code in the path). */
export const ServerType = lenientEnum(["Public", "Friend"], { 0: "Public", 1: "Friend" })

/** The type of {@link ServerType}. */
export type ServerType = typeof ServerType.Type

/** Query parameters of a server list. */
export const GameServersQuery = {
  sortOrder: Schema.optional(SortOrderCode),
  excludeFullGames: Schema.optional(Schema.Boolean),
  limit: Schema.optional(PageSize),
  cursor: Schema.optional(Schema.String)
}

/** A game pass. */
export const GamePass = Schema.Struct({
  id: Id,
  name: Schema.String,
  displayName: Schema.optional(Schema.String),
  productId: Schema.optional(Schema.NullOr(Schema.Int)),
  price: Schema.optional(Schema.NullOr(Schema.Int)),
  sellerName: Schema.optional(Schema.String),
  sellerId: Schema.optional(Schema.NullOr(Schema.Int)),
  isOwned: Schema.optional(Schema.Boolean)
})

/** A player of a server. */
export const GameServerPlayer = Schema.Struct({
  id: Schema.Int,
  name: optionalOrNull(Schema.String),
  displayName: optionalOrNull(Schema.String),
  playerToken: optionalOrNull(Schema.String)
})

/** The owner of a private server. */
export const GameServerOwner = Schema.Struct({
  id: Schema.Int,
  name: optionalOrNull(Schema.String),
  displayName: optionalOrNull(Schema.String),
  hasVerifiedBadge: optionalOrNull(Schema.Boolean)
})

/** The type of {@link GamePass}. */
export type GamePass = typeof GamePass.Type

/** A running server of a place. */
export const GameServer = Schema.Struct({
  id: Schema.String,
  maxPlayers: Schema.optional(Schema.Int),
  playing: Schema.optional(Schema.Int),
  playerTokens: Schema.optional(Schema.Array(Schema.String)),
  fps: Schema.optional(Schema.Finite),
  ping: Schema.optional(Schema.Int),
  players: optionalOrNull(Schema.Array(GameServerPlayer)),
  name: Schema.optional(Schema.NullOr(Schema.String)),
  vipServerId: Schema.optional(Schema.NullOr(Schema.Int)),
  accessCode: Schema.optional(Schema.NullOr(Schema.String)),
  owner: optionalOrNull(GameServerOwner)
})

/** The type of {@link GameServer}. */
export type GameServer = typeof GameServer.Type

/** The metadata of a place. */
export const PlaceMetadata = Schema.Struct({
  placeId: Schema.Int,
  universeId: Schema.optional(Schema.Int),
  name: Schema.optional(Schema.String),
  description: Schema.optional(Schema.NullOr(Schema.String)),
  isRootPlace: Schema.optional(Schema.Boolean),
  maxPlayers: Schema.optional(Schema.Int)
})

/** The type of {@link PlaceMetadata}. */
export type PlaceMetadata = typeof PlaceMetadata.Type

/** The body of a place metadata request: a JSON object, shape not shown by the spec. */
export const PlaceMetadataRequest = Schema.Record(Schema.String, Schema.Unknown)

/** `GET /v1/games/{universeId}/game-passes`. */
export const getGamePasses = get("getGamePasses", "/v1/games/:universeId/game-passes", {
  params: { universeId: Id },
  query: GamePassesQuery,
  success: CursorPage(GamePass),
  errors: [400, 404]
})

/** `GET /v1/games/{placeId}/servers/{serverType}`. */
export const getGameServers = get("getGameServers", "/v1/games/:placeId/servers/:serverType", {
  params: { placeId: Id, serverType: ServerType },
  query: GameServersQuery,
  success: CursorPage(GameServer),
  errors: [400, 404]
})

/** `POST /v1/games/places/{placeId}/metadata`. */
export const postPlaceMetadata = post("postPlaceMetadata", "/v1/games/places/:placeId/metadata", {
  params: { placeId: Id },
  payload: PlaceMetadataRequest,
  success: PlaceMetadata,
  errors: [400, 404]
})

/** The servers, passes and place metadata endpoints. */
export const GameServersGroup = group("gameServers", getGamePasses, getGameServers, postPlaceMetadata)
