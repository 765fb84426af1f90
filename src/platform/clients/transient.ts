/**
 * Which failed calls are worth trying again (used by the batched lookups' retry rule).
 *
 * @module
 */
import type { PlatformCallError } from "./errors.ts"

/**
 * True for failures that may pass on a later attempt: no answer (FetchError), a 5xx or a 429. A 4xx answer, a
 * missing field, a request that does not encode, an answer that does not decode or a failed challenge would fail
 * the same way again.
 */
export const isTransient = (error: PlatformCallError): boolean =>
  error._tag === "FetchError" || (error._tag === "ResponseError" && (error.status >= 500 || error.status === 429))
