/**
 * BatchFailure: why a key asked of a {@link BatchProcessor} was rejected.
 *
 * @module
 */
import * as Data from "effect/Data"

/**
 * The three rejection reasons (BATCH-2):
 * - `processFailure`: the batch call failed with an error the processor's `isRetriable` refuses to retry
 *   (or it died with a defect);
 * - `unretriableFailure`: the batch call answered this key with a non-retriable {@link BatchItemError};
 * - `maxAttemptsReached`: every allowed attempt (1 + `maxRetries`) failed retriably.
 */
export type BatchFailureReason = "processFailure" | "unretriableFailure" | "maxAttemptsReached"

/** A key's lookup was rejected. `cause` is the last underlying error (the process error or the item error's cause). */
export class BatchFailure extends Data.TaggedError("BatchFailure")<{
  readonly reason: BatchFailureReason
  /** The key's identity (`keyOf(key)`). */
  readonly key: string | number
  /** How many times the key was sent to the process function. */
  readonly attempts: number
  readonly cause?: unknown
}> {
  override get message(): string {
    return `Batch item ${this.key} was rejected after ${this.attempts} attempt(s): ${this.reason}`
  }
}

/**
 * A per-key failure a process function may put in its answer instead of a value. A retriable one is retried after
 * the cooldown (then rejected as `maxAttemptsReached`); a non-retriable one rejects the key as `unretriableFailure`.
 */
export class BatchItemError {
  readonly retriable: boolean
  readonly cause: unknown
  constructor(retriable: boolean, cause?: unknown) {
    this.retriable = retriable
    this.cause = cause
  }
}

/** A retriable per-key failure: the key is retried after its cooldown. */
export const retriableItem = (cause?: unknown): BatchItemError => new BatchItemError(true, cause)

/** A final per-key failure: the key is rejected with `unretriableFailure`. */
export const unretriableItem = (cause?: unknown): BatchItemError => new BatchItemError(false, cause)
