/**
 * platform-web-client/api/thumbnails: the thumbnails service: asset, avatar and game thumbnails, and the batch
 * endpoint. Its definition (`ThumbnailsApi`: the typed client's, the emulator's and the OpenAPI document's), one
 * definition per endpoint (a page that calls one endpoint alone, with `platformCall` of `platform-web-client/clients`,
 * loads only that one) and the schemas of its requests and answers.
 *
 * @module
 */
export { ThumbnailsApi } from "../platform/api/thumbnails/api.ts"
export {
  AssetThumbnailsGroup,
  getAssetThumbnail3d,
  getAssetThumbnails,
  getBadgeIcons,
  getBundleThumbnails,
  getDeveloperProductIcons,
  getGamePassIcons,
  getGroupIcons,
  getOutfitThumbnails
} from "../platform/api/thumbnails/assetThumbnails.ts"
export {
  AvatarThumbnailsGroup,
  getAvatarBusts,
  getAvatarHeadshots,
  getAvatars,
  getAvatarThumbnail3d
} from "../platform/api/thumbnails/avatarThumbnails.ts"
export {
  GameThumbnailsGroup,
  getGameIcons,
  getPlaceGameIcons,
  getUniversesThumbnails,
  getUniverseThumbnails,
  UniverseThumbnails,
  UniverseThumbnailsError
} from "../platform/api/thumbnails/gameThumbnails.ts"
export {
  AssetSize,
  AvatarBustSize,
  AvatarSize,
  BadgeSize,
  GameIconSize,
  GameThumbnailSize,
  HeadshotSize,
  IconFormat,
  IconSize,
  maxThumbnailIdsPerRequest,
  Thumbnail,
  ThumbnailFormat,
  ThumbnailList,
  ThumbnailReturnPolicy,
  ThumbnailState
} from "../platform/api/thumbnails/schemas.ts"
export {
  BatchThumbnail,
  BatchThumbnailRequest,
  batchThumbnails,
  BatchThumbnailType,
  maxBatchRequests,
  ThumbnailBatchGroup
} from "../platform/api/thumbnails/thumbnailBatch.ts"
