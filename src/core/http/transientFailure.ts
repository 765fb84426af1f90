/**
 * Which failed calls are worth trying again: the one rule the batched lookups' retries and the query retries share.
 *
 * @module
 */

const transientTags = new Set(["FetchError", "TimeoutError"])

/**
 * True for a failure a later attempt may not meet: no answer (`FetchError`), a time-out (`TimeoutError`), a 5xx or a
 * 429 (`ResponseError` with that `status`). A 4xx answer, a missing field, a request that does not encode, an answer
 * that does not decode, a failed challenge, or anything that is not one of our errors would fail the same way again.
 */
export const isTransientFailure = (error: unknown): boolean => {
  if (typeof error !== "object" || error === null || !("_tag" in error)) return false
  if (transientTags.has(String(error._tag))) return true
  if (error._tag !== "ResponseError" || !("status" in error) || typeof error.status !== "number") return false
  return error.status >= 500 || error.status === 429
}
