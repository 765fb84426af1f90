/**
 * platform-web-client/thumbnails: batched thumbnail requests and game thumbnails, with their sizes.
 *
 * @module
 */
export {
  requestIdOf,
  ThumbnailBatch,
  type ThumbnailBatchShape,
  type ThumbnailRequest
} from "./platform/thumbnails/ThumbnailBatch.ts"
export {
  thumbnailBatchOptions,
  thumbnailMetaTag,
  ThumbnailPageSettings,
  thumbnailPageSettings,
  thumbnailPageSettingsLayer,
  type ThumbnailPageSettingsShape
} from "./platform/thumbnails/thumbnailPageSettings.ts"
export { universeThumbnails, type UniverseThumbnailsOptions } from "./platform/thumbnails/gameThumbnails.ts"
export { thumbnailsLayer, type ThumbnailsLayerOptions } from "./platform/featureLayers.ts"
export {
  GameThumbnailSizes,
  GameThumbnailsPerUniverse,
  type GameThumbnailVariant,
  ThumbnailFileType,
  type ThumbnailSizeName,
  ThumbnailSizes
} from "./platform/thumbnails/sizes.ts"
