/**
 * Images of games: game icons by universe, place game icons, and game thumbnails (screenshots) by universe.
 *
 * The spec lists the place game icons as `POST /v1/places/gameicons` with query parameters; the published document
 * (and the service) has it as GET, which is the call defined here (docs/platform-clients.md, "Decisions").
 *
 * @module
 */
import * as Schema from "effect/Schema"
import { get, group } from "../definition.ts"
import { DataList, Id, IdList } from "../sharedSchemas.ts"
import {
  GameIconSize,
  GameThumbnailSize,
  imageQuery,
  Thumbnail,
  ThumbnailFormat,
  ThumbnailList,
  ThumbnailReturnPolicy
} from "./schemas.ts"

/** Why the thumbnails of a universe could not be listed. */
export const UniverseThumbnailsError = Schema.Struct({
  code: Schema.Int,
  message: Schema.optional(Schema.NullOr(Schema.String)),
  userFacingMessage: Schema.optional(Schema.NullOr(Schema.String)),
  field: Schema.optional(Schema.NullOr(Schema.String))
})

/** The thumbnails of one universe. `error` is set when its thumbnails could not be listed. */
export const UniverseThumbnails = Schema.Struct({
  universeId: Schema.Int,
  error: Schema.optional(Schema.NullOr(UniverseThumbnailsError)),
  thumbnails: Schema.Array(Thumbnail)
})

/** The type of {@link UniverseThumbnails}. */
export type UniverseThumbnails = typeof UniverseThumbnails.Type

/** `GET /v1/games/icons`. */
export const getGameIcons = get("getGameIcons", "/v1/games/icons", {
  query: {
    universeIds: IdList,
    returnPolicy: Schema.optional(ThumbnailReturnPolicy),
    ...imageQuery(GameIconSize, ThumbnailFormat)
  },
  success: ThumbnailList,
  errors: [400]
})

/** `GET /v1/games/multiget/thumbnails`. */
export const getUniversesThumbnails = get("getUniversesThumbnails", "/v1/games/multiget/thumbnails", {
  query: {
    universeIds: IdList,
    countPerUniverse: Schema.optional(Schema.Int),
    defaults: Schema.optional(Schema.Boolean),
    ...imageQuery(GameThumbnailSize, ThumbnailFormat)
  },
  success: DataList(UniverseThumbnails),
  errors: [400]
})

/** `GET /v1/games/{universeId}/thumbnails`. */
export const getUniverseThumbnails = get("getUniverseThumbnails", "/v1/games/:universeId/thumbnails", {
  params: { universeId: Id },
  query: { thumbnailIds: IdList, ...imageQuery(GameThumbnailSize, ThumbnailFormat) },
  success: ThumbnailList,
  errors: [400]
})

/** `GET /v1/places/gameicons`. */
export const getPlaceGameIcons = get("getPlaceGameIcons", "/v1/places/gameicons", {
  query: {
    placeIds: IdList,
    returnPolicy: Schema.optional(ThumbnailReturnPolicy),
    ...imageQuery(GameIconSize, ThumbnailFormat)
  },
  success: ThumbnailList,
  errors: [400]
})

/** The game image endpoints. */
export const GameThumbnailsGroup = group(
  "gameThumbnails",
  getGameIcons,
  getUniversesThumbnails,
  getUniverseThumbnails,
  getPlaceGameIcons
)
