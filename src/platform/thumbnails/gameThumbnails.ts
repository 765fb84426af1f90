/**
 * Game thumbnails of universes with the counts of THUMB-6: the single variant asks for 1 per universe, the
 * "all" variant for 10, in a game thumbnail size (default the largest, 768x432) and Png.
 *
 * @module
 */
import * as Effect from "effect/Effect"
import type { UniverseThumbnails } from "../api/thumbnails/gameThumbnails.ts"
import type { PlatformCallError } from "../clients/errors.ts"
import { ThumbnailsClient } from "../clients/PlatformClients.ts"
import { GameThumbnailSizes, GameThumbnailsPerUniverse, type GameThumbnailVariant, ThumbnailFileType } from "./sizes.ts"

/** Options of {@link universeThumbnails}. */
export interface UniverseThumbnailsOptions {
  readonly variant?: GameThumbnailVariant
  readonly size?: (typeof GameThumbnailSizes)[number]
  /** Placeholder images for universes without thumbnails (default true). */
  readonly defaults?: boolean
}

/** The game thumbnails of these universes (at most 100 per call), 1 or 10 each by variant (default "single"). */
export const universeThumbnails = (
  universeIds: ReadonlyArray<number>,
  options: UniverseThumbnailsOptions = {}
): Effect.Effect<ReadonlyArray<UniverseThumbnails>, PlatformCallError, ThumbnailsClient> =>
  Effect.flatMap(ThumbnailsClient, (client) =>
    Effect.map(
      client.gameThumbnails.getUniversesThumbnails({
        query: {
          universeIds,
          countPerUniverse: GameThumbnailsPerUniverse[options.variant ?? "single"],
          defaults: options.defaults ?? true,
          size: options.size ?? GameThumbnailSizes[0],
          format: ThumbnailFileType,
          isCircular: false
        }
      }),
      (answer) => answer.data
    )
  )
