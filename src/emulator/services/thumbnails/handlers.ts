/**
 * Every group of the thumbnails service as the emulator serves it, one file per group beside this one.
 *
 * @module
 */
import { Layer } from "effect"
import { AssetThumbnailsHandlers } from "./assetThumbnails.ts"
import { AvatarThumbnailsHandlers } from "./avatarThumbnails.ts"
import { GameThumbnailsHandlers } from "./gameThumbnails.ts"
import { ThumbnailBatchHandlers } from "./thumbnailBatch.ts"

/** Handlers of every group of the thumbnails service. */
export const ThumbnailsServiceHandlers = Layer.mergeAll(
  GameThumbnailsHandlers,
  AvatarThumbnailsHandlers,
  AssetThumbnailsHandlers,
  ThumbnailBatchHandlers
)
