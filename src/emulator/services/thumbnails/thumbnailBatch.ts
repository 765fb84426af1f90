/**
 * The batch call as the emulator serves it: at most 100 requests (types by name in any case or by code, formats in
 * any case, `requestId` optional and answered as sent or null); an item whose target is ≤ 0 answers `Error` with
 * `errorCode` 1, every other item its thumbnail with `errorCode` 0.
 *
 * @module
 */
import { Effect } from "effect"
import { HttpApiBuilder } from "effect/http-api"
import type { BatchThumbnail } from "../../../platform/api/thumbnails/thumbnailBatch.ts"
import { EmulatorState } from "../../EmulatorState.ts"
import { checkIds, requestOrigin } from "../support.ts"
import { ServedThumbnailsApi } from "./api.ts"
import { missing, thumbnailOf, tooMany } from "./images.ts"

/** Handlers of the batch group. */
export const ThumbnailBatchHandlers = HttpApiBuilder.group(
  ServedThumbnailsApi,
  "thumbnailBatch",
  Effect.fn(function* (handlers) {
    const { world } = yield* EmulatorState
    return handlers.handleAll({
      batchThumbnails: ({ payload }) =>
        Effect.gen(function* () {
          yield* checkIds(
            payload.map((r) => r.targetId),
            100,
            tooMany,
            missing
          )
          const origin = yield* requestOrigin
          return {
            data: payload.map((request): BatchThumbnail => {
              if (request.targetId <= 0) {
                return {
                  requestId: request.requestId ?? null,
                  targetId: request.targetId,
                  state: "Error",
                  imageUrl: null,
                  errorCode: 1,
                  errorMessage: "Invalid target."
                }
              }
              const thumbnail = thumbnailOf(
                world,
                origin,
                request.type,
                request.targetId,
                request.size ?? "150x150",
                request.isCircular ?? false
              )
              return { requestId: request.requestId ?? null, errorCode: 0, errorMessage: "", ...thumbnail }
            })
          }
        })
    })
  })
)
