/**
 * Retries of a query's fetch, with TanStack Query's options and meanings: `retry` (how many times, or whether, a
 * failure is retried) and `retryDelay` (the wait before each retry). Only a transient failure is retried: no answer
 * (`FetchError`), a time-out (`TimeoutError`), a 5xx or a 429 (`ResponseError` with that `status`). Any other typed
 * error (a 4xx the page should show, a request that does not encode, an answer that does not decode, a failed
 * challenge) would fail the same way again and is given to the reader at once; a defect or an interruption is never
 * retried. When the failure carries the server's `Retry-After` (a `ResponseError`'s headers), the wait is at least
 * what it asks; a server asking for more than the batch processors' cap (`BatchDefaults.maxRetryAfterMs`, 30 s
 * unless set) gets no retry: the failure is given to the reader at once, as the batch cooldowns do
 * (../text/retryAfter.ts, `waitAskedBy`). Mutations never use this: a write is sent once.
 *
 * Default: no retry. The pipeline already re-sends what it may (a stale CSRF token, a challenge), and a typed
 * call makes one attempt, so a service that is down shows its error after one request.
 *
 * @module
 */
import * as Clock from "effect/Clock"
import * as Effect from "effect/Effect"
import { BatchDefaults } from "../batch/BatchDefaults.ts"
import { isTransientFailure } from "../http/transientFailure.ts"
import { waitAskedBy } from "../text/retryAfter.ts"

export { isTransientFailure }

/**
 * Whether a failure is retried: a count of retries, true (always), false (never), or a function of the failures so
 * far (0 for the first) and the error. Only transient failures are asked about.
 */
export type RetryOption<E> = number | boolean | ((failureCount: number, error: E) => boolean)

/** The wait before a retry, in ms: a number, or a function of the failures so far (0 for the first) and the error. */
export type RetryDelayOption<E> = number | ((failureCount: number, error: E) => number)

/** TanStack's default wait: 1 s, doubling after each failure, at most 30 s. */
export const defaultRetryDelay = (failureCount: number): number => Math.min(1000 * 2 ** failureCount, 30_000)

/** Whether `retry` retries the failure number `failureCount` (0 for the first) with `error`. */
export const shouldRetry = <E>(retry: RetryOption<E>, failureCount: number, error: E): boolean => {
  if (typeof retry === "function") return retry(failureCount, error)
  if (typeof retry === "boolean") return retry
  return failureCount < retry
}

/**
 * The wait before the retry after failure `failureCount` with `error`: the delay, or what `Retry-After` asks if
 * longer; undefined when it asks for more than the cap (no retry).
 */
const waitBefore = <E>(retryDelay: RetryDelayOption<E> | undefined, failureCount: number, error: E) =>
  Effect.gen(function* () {
    const given = typeof retryDelay === "function" ? retryDelay(failureCount, error) : retryDelay
    // a delay that is no number of ms (NaN, negative, infinite) would retry at once, over and over: the default instead
    const own = given !== undefined && Number.isFinite(given) && given >= 0 ? given : defaultRetryDelay(failureCount)
    const asked = waitAskedBy(error, yield* Clock.currentTimeMillis, (yield* BatchDefaults).maxRetryAfterMs)
    return asked === "tooLong" ? undefined : Math.max(0, own, asked.atLeast)
  })

/** `effect`, retried as `retry` and `retryDelay` say; `onRetry` is told each retry (its failure count, from 1). */
export const withRetry = <A, E, R>(
  effect: Effect.Effect<A, E, R>,
  retry: RetryOption<E>,
  retryDelay: RetryDelayOption<E> | undefined,
  onRetry: (failureCount: number) => void = () => {}
): Effect.Effect<A, E, R> => {
  if (retry === 0 || retry === false) return effect
  const attempt = (failureCount: number): Effect.Effect<A, E, R> =>
    Effect.catch(effect, (error) => {
      if (!isTransientFailure(error) || !shouldRetry(retry, failureCount, error)) return Effect.fail(error)
      return waitBefore(retryDelay, failureCount, error).pipe(
        Effect.flatMap((ms) => (ms === undefined ? Effect.fail(error) : Effect.sleep(ms))),
        Effect.andThen(
          Effect.suspend(() => {
            onRetry(failureCount + 1)
            return attempt(failureCount + 1)
          })
        )
      )
    })
  return attempt(0)
}
