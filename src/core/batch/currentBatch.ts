/**
 * CurrentBatchSize: while a BatchProcessor's process function runs, the number of keys it was called with (else
 * `undefined`). The dispatcher sets it around each call; the pipeline's observer rule reads it, so that a request
 * made for a batch is reported with the number of ids it carries (`RequestSent.batchSize`, for the devtools panel).
 * Reading it costs nothing when no observer is installed: nothing reads it then.
 *
 * @module
 */
import * as Context from "effect/Context"

/** The number of keys of the batch whose process function is running; `undefined` outside one. */
export const CurrentBatchSize = Context.Reference<number | undefined>("platform-web-client/core/batch/CurrentBatchSize", {
  defaultValue: () => undefined
})
