/**
 * The pictures the demo shows, as requests of the library's ThumbnailBatch: whatever their kind, pictures asked
 * within one batch window go in one `POST {thumbnails}/v1/batch` (at most 100 a call), and a picture already
 * resolved is never asked again.
 *
 * @module
 */
import { type ThumbnailRequest, ThumbnailSizes } from "platform-web-client/thumbnails"

/** A user's round avatar headshot. */
export const headshot = (userId: number): ThumbnailRequest => ({
  type: "AvatarHeadShot",
  targetId: userId,
  size: ThumbnailSizes.Large,
  isCircular: true
})

/** A game's icon. */
export const gameIcon = (universeId: number): ThumbnailRequest => ({
  type: "GameIcon",
  targetId: universeId,
  size: "256x256"
})

/** A bundle's picture: small in the grid, large in the bundle's view. */
export const bundlePicture = (bundleId: number, size: "150x150" | "420x420" = "150x150"): ThumbnailRequest => ({
  type: "BundleThumbnail",
  targetId: bundleId,
  size
})

/** A catalog item's picture. */
export const itemPicture = (assetId: number): ThumbnailRequest => ({
  type: "Asset",
  targetId: assetId,
  size: ThumbnailSizes.Large
})
