/**
 * The thumbnails service: every image kind, one group per kind of subject, and the batch call. Paths are relative to
 * `PlatformConfig.baseUrls.thumbnails`.
 *
 * @module
 */
import { api } from "../definition.ts"
import { AssetThumbnailsGroup } from "./assetThumbnails.ts"
import { AvatarThumbnailsGroup } from "./avatarThumbnails.ts"
import { GameThumbnailsGroup } from "./gameThumbnails.ts"
import { ThumbnailBatchGroup } from "./thumbnailBatch.ts"

/** The thumbnails service. */
export const ThumbnailsApi = api(
  "thumbnails",
  { title: "Thumbnails", version: "v1" },
  GameThumbnailsGroup,
  AvatarThumbnailsGroup,
  AssetThumbnailsGroup,
  ThumbnailBatchGroup
)
