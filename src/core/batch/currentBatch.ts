/**
 * CurrentBatchSize and CurrentBatchAttempt: while a BatchProcessor's process function runs, the number of keys it was
 * called with and which attempt this is for them (1 for a first send, 2 for the first retry, …: the highest of its
 * keys', as retried keys may join new ones), else `undefined`. The dispatcher sets them around each call; the
 * pipeline's observer rule reads them, so that a request made for a batch is reported with the number of ids it
 * carries and its attempt (`RequestSent.batchSize`, `batchAttempt`, for the devtools panel: a re-sent batch is seen
 * as one). Reading them costs nothing when no observer is installed: nothing reads them then.
 *
 * @module
 */
import * as Context from "effect/Context"

/** The number of keys of the batch whose process function is running; `undefined` outside one. */
export const CurrentBatchSize = Context.Reference<number | undefined>("platform-web-client/core/batch/CurrentBatchSize", {
  defaultValue: () => undefined
})

/** Which attempt the running batch is (1: first send; 2: first retry; …); `undefined` outside one. */
export const CurrentBatchAttempt = Context.Reference<number | undefined>(
  "platform-web-client/core/batch/CurrentBatchAttempt",
  { defaultValue: () => undefined }
)
