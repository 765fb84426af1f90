/**
 * Images of catalog and creator entities: assets (and their 3D model), badges, bundles, developer products, game
 * passes, groups and outfits, each looked up by ids, each in the sizes and formats its published call lists.
 *
 * @module
 */
import * as Schema from "effect/Schema"
import { get, group } from "../definition.ts"
import { Id, IdList } from "../sharedSchemas.ts"
import {
  AssetSize,
  BadgeSize,
  IconFormat,
  IconSize,
  imageQuery,
  imagesByIds,
  Thumbnail,
  ThumbnailFormat,
  ThumbnailList,
  ThumbnailReturnPolicy
} from "./schemas.ts"

/** `GET /v1/assets`. */
export const getAssetThumbnails = get("getAssetThumbnails", "/v1/assets", {
  query: {
    assetIds: IdList,
    returnPolicy: Schema.optional(ThumbnailReturnPolicy),
    ...imageQuery(AssetSize, ThumbnailFormat)
  },
  success: ThumbnailList,
  errors: [400]
})

/** `GET /v1/assets-thumbnail-3d`. */
export const getAssetThumbnail3d = get("getAssetThumbnail3d", "/v1/assets-thumbnail-3d", {
  query: { assetId: Id, useGltf: Schema.optional(Schema.Boolean) },
  success: Thumbnail,
  errors: [400]
})

/** `GET /v1/badges/icons`. */
export const getBadgeIcons = imagesByIds("getBadgeIcons", "/v1/badges/icons", "badgeIds", BadgeSize, IconFormat)

/** `GET /v1/bundles/thumbnails`. */
export const getBundleThumbnails = imagesByIds(
  "getBundleThumbnails",
  "/v1/bundles/thumbnails",
  "bundleIds",
  IconSize,
  IconFormat
)

/** `GET /v1/developer-products/icons`. */
export const getDeveloperProductIcons = imagesByIds(
  "getDeveloperProductIcons",
  "/v1/developer-products/icons",
  "developerProductIds",
  IconSize,
  IconFormat
)

/** `GET /v1/game-passes`. */
export const getGamePassIcons = imagesByIds("getGamePassIcons", "/v1/game-passes", "gamePassIds", BadgeSize, IconFormat)

/** `GET /v1/groups/icons`. */
export const getGroupIcons = imagesByIds("getGroupIcons", "/v1/groups/icons", "groupIds", IconSize, IconFormat)

/** `GET /v1/users/outfits`. */
export const getOutfitThumbnails = imagesByIds(
  "getOutfitThumbnails",
  "/v1/users/outfits",
  "userOutfitIds",
  IconSize,
  IconFormat
)

/** The asset and creator image endpoints. */
export const AssetThumbnailsGroup = group(
  "assetThumbnails",
  getAssetThumbnails,
  getAssetThumbnail3d,
  getBadgeIcons,
  getBundleThumbnails,
  getDeveloperProductIcons,
  getGamePassIcons,
  getGroupIcons,
  getOutfitThumbnails
)
