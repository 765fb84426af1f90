/**
 * Thumbnail constants (THUMB-4 to THUMB-6).
 *
 * @module
 */

/** Thumbnail sizes: Large 150x150, Default 50x50. */
export const ThumbnailSizes = { Large: "150x150", Default: "50x50" } as const

/** A named thumbnail size. */
export type ThumbnailSizeName = keyof typeof ThumbnailSizes

/** Game thumbnail sizes, largest first. */
export const GameThumbnailSizes = ["768x432", "576x324", "480x270", "384x216", "256x144"] as const

/** The file type thumbnails are asked in. */
export const ThumbnailFileType = "Png" as const

/** Game thumbnails per universe: 1 for the single variant, 10 by default for the "all" variant. */
export const GameThumbnailsPerUniverse = { single: 1, all: 10 } as const

/** Which game thumbnails of a universe: its first one, or all of them (up to the default count). */
export type GameThumbnailVariant = keyof typeof GameThumbnailsPerUniverse
