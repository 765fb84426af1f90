/**
 * Servers, passes and place metadata of games on the games service (spec §7 "Games").
 *
 * `POST /v1/games/places/{placeId}/metadata` takes a request body whose shape the spec does not show; it is sent
 * as given (a JSON object) and answered with the place's metadata.
 *
 * @module
 */
import * as HttpApiEndpoint from "effect/http-api/HttpApiEndpoint"
import * as HttpApiGroup from "effect/http-api/HttpApiGroup"
import * as Schema from "effect/Schema"
import { ApiBadRequest, ApiNotFound, CursorPage, Id, SortOrder } from "../sharedSchemas.ts"

/** Query parameters of a cursor-paged games list. */
export const GamesPageQuery = {
  sortOrder: Schema.optional(SortOrder),
  limit: Schema.optional(Schema.Int),
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
  name: Schema.optional(Schema.NullOr(Schema.String)),
  vipServerId: Schema.optional(Schema.NullOr(Schema.Int)),
  accessCode: Schema.optional(Schema.NullOr(Schema.String))
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

/** The servers, passes and place metadata endpoints. */
export class GameServersGroup extends HttpApiGroup.make("gameServers").add(
  HttpApiEndpoint.get("getGamePasses", "/v1/games/:universeId/game-passes", {
    params: { universeId: Id },
    query: GamesPageQuery,
    success: CursorPage(GamePass),
    error: [ApiBadRequest, ApiNotFound]
  }),
  HttpApiEndpoint.get("getGameServers", "/v1/games/:placeId/servers/:serverType", {
    params: { placeId: Id, serverType: Schema.String },
    query: GamesPageQuery,
    success: CursorPage(GameServer),
    error: [ApiBadRequest, ApiNotFound]
  }),
  HttpApiEndpoint.post("postPlaceMetadata", "/v1/games/places/:placeId/metadata", {
    params: { placeId: Id },
    payload: PlaceMetadataRequest,
    success: PlaceMetadata,
    error: [ApiBadRequest, ApiNotFound]
  })
) {}
