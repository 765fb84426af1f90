/**
 * The rest of the thumbnails service (spec §7 "Thumbnails", with the game icons and headshots of thumbnails.ts):
 * assets, badges, bundles, developer products, game passes, groups, outfits, avatars, game thumbnails, place
 * game icons, and the batch call.
 *
 * - Id lists go comma-joined in the query, at most 100 per request.
 * - `POST /v1/batch` takes a bare JSON array named `requests` (§5), at most 100 items; each answer item repeats
 *   the request's `requestId`.
 * - The spec lists the place game icons as `POST /v1/places/gameicons` with query parameters; that is the call
 *   defined here (the published document has it as GET).
 *
 * @module
 */
import * as HttpApiEndpoint from "effect/http-api/HttpApiEndpoint"
import * as HttpApiGroup from "effect/http-api/HttpApiGroup"
import * as Schema from "effect/Schema"
import { BodyName } from "./annotations.ts"
import { ApiBadRequest, DataList, Id, IdList } from "./common.ts"
import { GameIconSize, Thumbnail, ThumbnailFormat, ThumbnailList, ThumbnailReturnPolicy, ThumbnailState } from "./thumbnails.ts"

/** At most this many requests per batch call. */
export const maxBatchRequests = 100

/** Sizes of a game thumbnail (spec §9: 768x432, 576x324, 480x270, 384x216, 256x144). */
export const GameThumbnailSize = Schema.Literals(["768x432", "576x324", "480x270", "384x216", "256x144"])

/** The type of {@link GameThumbnailSize}. */
export type GameThumbnailSize = typeof GameThumbnailSize.Type

/** Sizes of a full-body avatar image. */
export const AvatarSize = Schema.Literals([
  "30x30",
  "48x48",
  "60x60",
  "75x75",
  "100x100",
  "110x110",
  "140x140",
  "150x150",
  "150x200",
  "180x180",
  "250x250",
  "352x352",
  "420x420",
  "720x720"
])

/** Sizes of an avatar bust. */
export const AvatarBustSize = Schema.Literals(["48x48", "50x50", "60x60", "75x75", "100x100", "150x150", "180x180", "352x352", "420x420"])

/** Query parameters every image list takes besides its ids. */
const imageQuery = {
  size: Schema.optional(Schema.String),
  format: Schema.optional(ThumbnailFormat),
  isCircular: Schema.optional(Schema.Boolean)
}

const byIds = <const Name extends string, const Path extends `/${string}`, const Key extends string>(
  name: Name,
  path: Path,
  key: Key
) =>
  HttpApiEndpoint.get(name, path, {
    query: { [key]: IdList, ...imageQuery } as { readonly [K in Key]: typeof IdList } & typeof imageQuery,
    success: ThumbnailList,
    error: ApiBadRequest
  })

/** Images of catalog and creator entities: assets, badges, bundles, developer products, passes, groups, outfits. */
export class AssetThumbnailsGroup extends HttpApiGroup.make("assetThumbnails").add(
  HttpApiEndpoint.get("getAssetThumbnails", "/v1/assets", {
    query: { assetIds: IdList, returnPolicy: Schema.optional(ThumbnailReturnPolicy), ...imageQuery },
    success: ThumbnailList,
    error: ApiBadRequest
  }),
  HttpApiEndpoint.get("getAssetThumbnail3d", "/v1/assets-thumbnail-3d", {
    query: { assetId: Id },
    success: Thumbnail,
    error: ApiBadRequest
  }),
  byIds("getBadgeIcons", "/v1/badges/icons", "badgeIds"),
  byIds("getBundleThumbnails", "/v1/bundles/thumbnails", "bundleIds"),
  byIds("getDeveloperProductIcons", "/v1/developer-products/icons", "developerProductIds"),
  byIds("getGamePassIcons", "/v1/game-passes", "gamePassIds"),
  byIds("getGroupIcons", "/v1/groups/icons", "groupIds"),
  byIds("getOutfitThumbnails", "/v1/users/outfits", "userOutfitIds")
) {}

/** Avatar images: 3D, bust and full body (headshots are in thumbnails.ts). */
export class AvatarThumbnailsGroup extends HttpApiGroup.make("avatarThumbnails").add(
  HttpApiEndpoint.get("getAvatarThumbnail3d", "/v1/users/avatar-3d", {
    query: { userId: Id },
    success: Thumbnail,
    error: ApiBadRequest
  }),
  HttpApiEndpoint.get("getAvatarBusts", "/v1/users/avatar-bust", {
    query: { userIds: IdList, ...imageQuery, size: Schema.optional(AvatarBustSize) },
    success: ThumbnailList,
    error: ApiBadRequest
  }),
  HttpApiEndpoint.get("getAvatars", "/v1/users/avatar", {
    query: { userIds: IdList, ...imageQuery, size: Schema.optional(AvatarSize) },
    success: ThumbnailList,
    error: ApiBadRequest
  })
) {}

/** The thumbnails of one universe. `error` is set when its thumbnails could not be listed. */
export const UniverseThumbnails = Schema.Struct({
  universeId: Schema.Int,
  error: Schema.optional(Schema.NullOr(Schema.Struct({ code: Schema.Int, message: Schema.optional(Schema.String) }))),
  thumbnails: Schema.Array(Thumbnail)
})

/** The type of {@link UniverseThumbnails}. */
export type UniverseThumbnails = typeof UniverseThumbnails.Type

/** Game thumbnails (screenshots) and place game icons. */
export class GameThumbnailsGroup extends HttpApiGroup.make("gameThumbnails").add(
  HttpApiEndpoint.get("getUniversesThumbnails", "/v1/games/multiget/thumbnails", {
    query: {
      universeIds: IdList,
      countPerUniverse: Schema.optional(Schema.Int),
      defaults: Schema.optional(Schema.Boolean),
      ...imageQuery,
      size: Schema.optional(GameThumbnailSize)
    },
    success: DataList(UniverseThumbnails),
    error: ApiBadRequest
  }),
  HttpApiEndpoint.get("getUniverseThumbnails", "/v1/games/:universeId/thumbnails", {
    params: { universeId: Id },
    query: { thumbnailIds: IdList, ...imageQuery, size: Schema.optional(GameThumbnailSize) },
    success: ThumbnailList,
    error: ApiBadRequest
  }),
  HttpApiEndpoint.post("getPlaceGameIcons", "/v1/places/gameicons", {
    query: {
      placeIds: IdList,
      returnPolicy: Schema.optional(ThumbnailReturnPolicy),
      ...imageQuery,
      size: Schema.optional(GameIconSize)
    },
    success: ThumbnailList,
    error: ApiBadRequest
  })
) {}

/** Kinds of image a batch request can ask for. */
export const BatchThumbnailType = Schema.Literals([
  "Avatar",
  "AvatarHeadShot",
  "GameIcon",
  "BadgeIcon",
  "GameThumbnail",
  "GamePass",
  "Asset",
  "BundleThumbnail",
  "Outfit",
  "GroupIcon",
  "DeveloperProduct",
  "AvatarBust",
  "AutoGeneratedAsset",
  "PlaceIcon",
  "AutoGeneratedGameIcon",
  "ForceAutoGeneratedGameIcon",
  "Look",
  "CreatorContextAsset",
  "Screenshot"
])

/** The type of {@link BatchThumbnailType}. */
export type BatchThumbnailType = typeof BatchThumbnailType.Type

/** One request of a batch: which image of which target, in which size and format. */
export const BatchThumbnailRequest = Schema.Struct({
  requestId: Schema.String,
  type: BatchThumbnailType,
  targetId: Schema.Int,
  size: Schema.optional(Schema.String),
  format: Schema.optional(ThumbnailFormat),
  isCircular: Schema.optional(Schema.Boolean),
  token: Schema.optional(Schema.String),
  alias: Schema.optional(Schema.String)
})

/** The type of {@link BatchThumbnailRequest}. */
export type BatchThumbnailRequest = typeof BatchThumbnailRequest.Type

/** One answer of a batch, matched to its request by `requestId`. */
export const BatchThumbnail = Schema.Struct({
  requestId: Schema.optional(Schema.NullOr(Schema.String)),
  targetId: Schema.Int,
  state: ThumbnailState,
  imageUrl: Schema.optional(Schema.NullOr(Schema.String)),
  version: Schema.optional(Schema.NullOr(Schema.String)),
  errorCode: Schema.optional(Schema.Int),
  errorMessage: Schema.optional(Schema.NullOr(Schema.String))
})

/** The type of {@link BatchThumbnail}. */
export type BatchThumbnail = typeof BatchThumbnail.Type

/** The batch endpoint. */
export class ThumbnailBatchGroup extends HttpApiGroup.make("thumbnailBatch").add(
  HttpApiEndpoint.post("batchThumbnails", "/v1/batch", {
    payload: Schema.Array(BatchThumbnailRequest),
    success: DataList(BatchThumbnail),
    error: ApiBadRequest
  }).annotate(BodyName, "requests")
) {}
