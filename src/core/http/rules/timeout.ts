/**
 * Rule: every HTTP exchange has a time-out. One exchange is one send: the request goes out, the response's headers
 * and whole body come back. A re-sent request (after a CSRF refresh, after a challenge) is a new exchange with its
 * own time-out, and the time a person spends solving a challenge is not counted: the challenge flow bounds that
 * itself.
 *
 * This rule decides each exchange's time-out and writes it on the request (`timeoutMs`); the transport enforces it
 * (../transport.ts): when the time is up the fetch is aborted and the send fails with a TimeoutError. The time-out is
 * `PlatformConfig.requestTimeoutMs` unless the call runs with {@link RequestTimeout} set ({@link withRequestTimeout}:
 * one mechanism for every way of calling, `get`/`post`, `execute`, the typed clients); 0, a negative or an infinite
 * time-out (or one beyond what a timer holds, about 24.8 days) means none. The clock is Effect's, so tests drive it
 * with TestClock.
 *
 * @module
 */
import * as Context from "effect/Context"
import * as Duration from "effect/Duration"
import * as Effect from "effect/Effect"
import type { Rule } from "../pipeline.ts"

/**
 * The time-out of each HTTP exchange of the requests sent by an effect, overriding the configured one, e.g.
 * `Effect.provideService(effect, RequestTimeout, Duration.minutes(5))` around a call made with `execute` or a typed
 * client (or {@link withRequestTimeout}). Undefined (the default) keeps the configured time-out.
 */
export const RequestTimeout = Context.Reference<Duration.Duration | undefined>(
  "platform-web-client/core/http/RequestTimeout",
  { defaultValue: () => undefined }
)

/**
 * Run a call with its own time-out for each HTTP exchange (e.g. `"5 minutes"` for a large upload; `"Infinity"` for
 * none), instead of PlatformConfig.requestTimeoutMs: `http.post(url, { body }).pipe(withRequestTimeout("5 minutes"))`.
 */
export const withRequestTimeout =
  (timeout: Duration.Input) =>
  <A, E, R>(call: Effect.Effect<A, E, R>): Effect.Effect<A, E, R> =>
    Effect.provideService(call, RequestTimeout, Duration.fromInputUnsafe(timeout))

/** Give each send the effect's RequestTimeout, else `defaultMs`, as its `timeoutMs` (undefined: none). */
export const timeout = (defaultMs: number): Rule => {
  const fallback = defaultMs > 0 && defaultMs < Infinity ? defaultMs : undefined
  return (request, send) =>
    Effect.withFiber((fiber) => {
      const own = fiber.getRef(RequestTimeout)
      const millis = own === undefined ? fallback : Duration.toMillis(own)
      return send({
        ...request,
        timeoutMs: millis !== undefined && millis > 0 && millis < Infinity ? millis : undefined
      })
    })
}
