/**
 * Images of catalog and creator entities: assets (and their 3D model), badges, bundles, developer products, game
 * passes, groups and outfits, each looked up by ids, each in the sizes and formats its published call lists.
 *
 * @module
 */
import * as HttpApiEndpoint from "effect/http-api/HttpApiEndpoint"
import * as HttpApiGroup from "effect/http-api/HttpApiGroup"
import * as Schema from "effect/Schema"
import { ApiBadRequest, Id, IdList } from "../sharedSchemas.ts"
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

/** The asset and creator image endpoints. */
export class AssetThumbnailsGroup extends HttpApiGroup.make("assetThumbnails").add(
  HttpApiEndpoint.get("getAssetThumbnails", "/v1/assets", {
    query: { assetIds: IdList, returnPolicy: Schema.optional(ThumbnailReturnPolicy), ...imageQuery(AssetSize, ThumbnailFormat) },
    success: ThumbnailList,
    error: ApiBadRequest
  }),
  HttpApiEndpoint.get("getAssetThumbnail3d", "/v1/assets-thumbnail-3d", {
    query: { assetId: Id, useGltf: Schema.optional(Schema.Boolean) },
    success: Thumbnail,
    error: ApiBadRequest
  }),
  imagesByIds("getBadgeIcons", "/v1/badges/icons", "badgeIds", BadgeSize, IconFormat),
  imagesByIds("getBundleThumbnails", "/v1/bundles/thumbnails", "bundleIds", IconSize, IconFormat),
  imagesByIds("getDeveloperProductIcons", "/v1/developer-products/icons", "developerProductIds", IconSize, IconFormat),
  imagesByIds("getGamePassIcons", "/v1/game-passes", "gamePassIds", BadgeSize, IconFormat),
  imagesByIds("getGroupIcons", "/v1/groups/icons", "groupIds", IconSize, IconFormat),
  imagesByIds("getOutfitThumbnails", "/v1/users/outfits", "userOutfitIds", IconSize, IconFormat)
) {}
