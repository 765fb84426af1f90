/**
 * CurrentBatch: while a BatchProcessor's process function runs, the batch it runs for: its number of keys and which
 * attempt this is for them (1 for a first send, 2 for the first retry, …: the highest of its keys', as retried keys
 * may join new ones), else `undefined`. The dispatcher sets it around each call; the pipeline's observer rule reads
 * it, so that the request made for a batch is reported with the number of ids it carries and its attempt
 * (`RequestSent.batchSize`, `batchAttempt`, for the devtools panel: a re-sent batch is seen as one).
 *
 * A batch is one call: the first call its process function sends is the batch's (with that call's re-sends: a CSRF
 * re-send, a challenge's replay); any other call the process function makes — a lookup of its own, such as the names
 * of a friends page (a direct call of 42 ids inside a friend list batch of 1), or the call of another batch it
 * triggers — is not, and is reported without the batch's number. Reading it costs nothing when no observer is
 * installed: nothing reads it then.
 *
 * @module
 */
import * as Context from "effect/Context"

/** One run of a batch's process function; see the module doc. */
export interface BatchRun {
  /** The number of keys it was called with. */
  readonly size: number
  /** Which attempt it is (1: first send; 2: first retry; …). */
  readonly attempt: number
  /** The pipeline's number of the batch's call, once its first call is sent. */
  call: number | undefined
}

/** The run of the batch whose process function is running; `undefined` outside one. */
export const CurrentBatch = Context.Reference<BatchRun | undefined>("platform-web-client/core/batch/CurrentBatch", {
  defaultValue: () => undefined
})

/** A run of `size` keys at `attempt`, whose call is not sent yet. */
export const batchRun = (size: number, attempt: number): BatchRun => ({ size, attempt, call: undefined })

/** Whether the call numbered `call` is the batch's: its first call (claimed now) or a re-send of it. */
export const isBatchCall = (run: BatchRun, call: number): boolean => {
  run.call ??= call
  return run.call === call
}
