/**
 * ThumbnailBatch: any thumbnail by type and target, batched through `POST /v1/batch` (THUMB-3): requests asked
 * within the platform's default 250 ms window go in one call, at most 100 per call; each answer is matched to its
 * request by `requestId` (`{targetId}:{type}:{size}:{format}:{circular}`, so the same image asked twice is one
 * request). Sizes default to THUMB-4's Default (50x50) and the file type to Png.
 *
 * A thumbnail still `Pending` is asked again after the batch cooldown (at most twice), then rejected with
 * `BatchFailure` `maxAttemptsReached` (its `cause` is `"pending"`). A resolved thumbnail is remembered, within a
 * bound: by default at most 2,000 images (the least recently used forgotten first), each for 10 minutes
 * ({@link platformMemoBounds}); `ThumbnailBatch.layerWith({ memoize })` changes it, `clear(request)` and `clearAll`
 * forget images (after an avatar or a game icon changed). The page's `thumbnail-meta-data` tag sets the batch size,
 * retries, cooldown and concurrency when `thumbnailPageSettingsLayer` is provided (thumbnailPageSettings.ts).
 *
 * @module
 */
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import { type LookupOptions, lookupMemo, platformBatchPresets, platformMemoBounds } from "../batchPresets.ts"
import { type BatchFailure, retriableItem } from "../../core/batch/BatchFailure.ts"
import * as BatchProcessor from "../../core/batch/BatchProcessor.ts"
import { type BatchThumbnail, type BatchThumbnailType, maxBatchRequests } from "../api/thumbnails/thumbnailBatch.ts"
import type { PlatformCallError } from "../clients/errors.ts"
import { ThumbnailsClient } from "../clients/PlatformClients.ts"
import { isTransientFailure } from "../../core/http/transientFailure.ts"
import { ThumbnailFileType, ThumbnailSizes } from "./sizes.ts"
import { thumbnailBatchOptions, ThumbnailPageSettings } from "./thumbnailPageSettings.ts"

/** What to draw: the image kind and its target, with optional size, format and shape. */
export interface ThumbnailRequest {
  readonly type: BatchThumbnailType
  readonly targetId: number
  readonly size?: string
  readonly format?: "Png" | "Jpeg" | "Webp"
  readonly isCircular?: boolean
}

/** The request id the batch call uses for a request (also the identity of a request in the queue). */
export const requestIdOf = (request: ThumbnailRequest): string =>
  `${request.targetId}:${request.type}:${request.size ?? ThumbnailSizes.Default}:${request.format ?? ThumbnailFileType}:${
    request.isCircular === true ? "circular" : "regular"
  }`

/** The shape of ThumbnailBatch. */
export interface ThumbnailBatchShape {
  /** One thumbnail. */
  readonly get: (request: ThumbnailRequest) => Effect.Effect<BatchThumbnail, BatchFailure>
  /** Several thumbnails, in order; fails with the first rejection. */
  readonly getAll: (requests: ReadonlyArray<ThumbnailRequest>) => Effect.Effect<Array<BatchThumbnail>, BatchFailure>
  /** Forget the remembered image of this request (the next request fetches it). */
  readonly clear: (request: ThumbnailRequest) => Effect.Effect<void>
  /** Forget every remembered image. */
  readonly clearAll: Effect.Effect<void>
  /** Requests sent so far, keys pending and images remembered, for diagnostics. */
  readonly stats: () => BatchProcessor.BatchStats
}

const make = (options: LookupOptions) =>
  Effect.gen(function* () {
    const client = yield* ThumbnailsClient
    const processor = yield* BatchProcessor.make<ThumbnailRequest, BatchThumbnail, PlatformCallError>({
      batchSize: maxBatchRequests,
      waitMs: platformBatchPresets.defaultWaitMs,
      ...thumbnailBatchOptions(yield* ThumbnailPageSettings),
      memoize: lookupMemo(options.memoize, platformMemoBounds.thumbnails, true),
      keyOf: requestIdOf,
      isRetriable: isTransientFailure,
      process: (requests) =>
        Effect.map(
          client.thumbnailBatch.batchThumbnails({
            payload: requests.map((request) => ({
              requestId: requestIdOf(request),
              type: request.type,
              targetId: request.targetId,
              size: request.size ?? ThumbnailSizes.Default,
              format: request.format ?? ThumbnailFileType,
              isCircular: request.isCircular ?? false
            }))
          }),
          (answer) =>
            new Map(
              answer.data.flatMap((item) =>
                item.requestId === undefined || item.requestId === null
                  ? []
                  : [[item.requestId, item.state === "Pending" ? retriableItem("pending") : item] as const]
              )
            )
        )
    })
    return ThumbnailBatch.of({
      get: processor.get,
      getAll: processor.getAll,
      clear: processor.clear,
      clearAll: processor.clearAll,
      stats: processor.stats
    })
  })

/** Thumbnails through the batch call; see the module doc. */
export class ThumbnailBatch extends Context.Service<ThumbnailBatch, ThumbnailBatchShape>()(
  "platform-web-client/platform/thumbnails/ThumbnailBatch"
) {
  /** The batcher over the ThumbnailsClient, for the life of the layer, with `options` (what it remembers). */
  static layerWith(options: LookupOptions): Layer.Layer<ThumbnailBatch, never, ThumbnailsClient> {
    return Layer.effect(ThumbnailBatch, make(options))
  }

  /** The batcher over the ThumbnailsClient, for the life of the layer, remembering images within the default bound. */
  static readonly layer: Layer.Layer<ThumbnailBatch, never, ThumbnailsClient> = ThumbnailBatch.layerWith({})
}
