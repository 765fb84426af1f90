/**
 * The transport under PlatformHttp: one HTTP exchange per send, `fetch` called directly, the whole body read in
 * the same step, and the pipeline's {@link HttpResponse} built over the bytes read (no effect/http object, no
 * patched Response).
 *
 * Why read the body here: measured (bench/http.bench.ts), reading it in a second step after the response arrives
 * costs a second asynchronous hop of the fiber, the largest single cost of a call. Read inside the fetch promise,
 * a call takes one hop; PlatformHttp then decodes the bytes synchronously. Bodies are held in memory in full, up to a
 * cap (./responseBody.ts): the platform's calls answer JSON or small files, never unbounded streams.
 *
 * - The fetch is the `FetchHttpClient.Fetch` reference ({@link Fetch}: the same key, so providing effect/http's
 *   `FetchHttpClient.Fetch` reaches it, as StubFetch does), by default the global `fetch` looked up at each call (so
 *   a fetch patched later, by a mock service worker for instance, is used).
 * - `FetchHttpClient.RequestInit` ({@link RequestInit}, the same key) gives default fetch options (cache, mode, …);
 *   the request's own method, headers, body, credentials and redirect mode win over them.
 * - Both are read from the calling fiber, else from the context the transport was made in
 *   ({@link makeTransport}: a layer's, e.g. PlatformHttp's), as effect/http's `FetchHttpClient.layer` does.
 * - The exchange's time-out is the request's `timeoutMs` (the time-out rule sets it: rules/timeout.ts). When it
 *   passes, the fetch is aborted and the send fails with a TimeoutError. Under Effect's live clock that is a
 *   deadline on one timer shared by every exchange (./deadlines.ts: no setTimeout/clearTimeout per call; a timer per
 *   exchange was measured at about a quarter of what racing a sleeping fiber costs, the shared one less again);
 *   under any other Clock in context (TestClock, a custom one) the exchange is raced with that clock's sleep, so
 *   tests drive it.
 * - The fetch is aborted too when the send is interrupted (a caller giving up).
 * - No response (fetch rejected: network down, CORS, DNS, an invalid URL, a body that could not be read) fails with
 *   a FetchError carrying what fetch threw.
 * - A body over the call's cap (`MaxResponseBytes`, ./responseBody.ts) fails with a ResponseTooLargeError, the read
 *   stopped at the cap.
 *
 * @module
 */
import * as Clock from "effect/Clock"
import * as Context from "effect/Context"
import * as Duration from "effect/Duration"
import * as Effect from "effect/Effect"
import { liveDeadline, maxTimerMillis } from "./deadlines.ts"
import { FetchError, ResponseTooLargeError, TimeoutError } from "./errors.ts"
import type { HttpRequest } from "./request.ts"
import { HttpResponse } from "./response.ts"
import { BodyTooLarge, MaxResponseBytes, readBodyCapped } from "./responseBody.ts"

/**
 * The fetch the transport calls: effect/http's `FetchHttpClient.Fetch` reference (same key; defined here so the
 * core does not load effect/http). Provide either to stub it: `Layer.succeed(FetchHttpClient.Fetch, stub)`.
 */
export const Fetch = Context.Reference<typeof globalThis.fetch>("effect/http/FetchHttpClient/Fetch", {
  defaultValue: () => (input, init) => globalThis.fetch(input, init)
})

/** Default fetch options: effect/http's `FetchHttpClient.RequestInit` service (same key), when provided. */
export const RequestInit = Context.Service<globalThis.RequestInit>("effect/http/FetchHttpClient/RequestInit")

/**
 * Read a fetched Response whole, at most `limit` bytes (./responseBody.ts), into the pipeline's response and hand it
 * to `done` (`failed` when the body cannot be read or is over the cap). Callbacks rather than a returned promise: a
 * promise resolved with another promise costs extra microtask hops on every call's way back. The status line,
 * headers and URL are read later, when a rule asks (./response.ts).
 */
const readResponse = (
  request: HttpRequest,
  response: Response,
  limit: number,
  done: (response: HttpResponse) => void,
  failed: (cause: unknown) => void
): void => {
  readBodyCapped(response, limit, (bytes) => done(new HttpResponse(request, response, bytes)), failed)
}

/** The fetch options of `request` over the defaults of `init`. */
const fetchInit = (
  request: HttpRequest,
  init: globalThis.RequestInit | undefined,
  signal: AbortSignal
): globalThis.RequestInit => {
  const own: globalThis.RequestInit = {
    method: request.method,
    headers: request.headers,
    body: request.body ?? null,
    signal
  }
  if (request.credentials !== undefined) own.credentials = request.credentials
  if (request.redirect !== undefined) own.redirect = request.redirect
  return init === undefined ? own : { ...init, ...own }
}

/** What one exchange fails with. */
export type TransportError = FetchError | TimeoutError | ResponseTooLargeError

const timeoutError = (request: HttpRequest, millis: number) =>
  new TimeoutError({ url: request.url, method: request.method, timeoutMs: millis })

const tooLargeError = (request: HttpRequest, status: number, limitBytes: number) =>
  new ResponseTooLargeError({ url: request.url, method: request.method, status, limitBytes })

/**
 * One exchange: fetch, then read the body; `timerMillis` (when set) aborts it with a TimeoutError on the live
 * clock's shared deadline timer. Interrupting it aborts the fetch.
 */
const fetchAndRead = (
  fetch: typeof globalThis.fetch,
  request: HttpRequest,
  init: globalThis.RequestInit | undefined,
  timerMillis: number | undefined,
  limit: number
) =>
  Effect.callback<HttpResponse, TransportError>((resume) => {
    const controller = new AbortController()
    let settled = false
    let cancelDeadline: (() => void) | undefined
    const settle = (outcome: Effect.Effect<HttpResponse, TransportError>) => {
      if (settled) return
      settled = true
      cancelDeadline?.()
      resume(outcome)
    }
    if (timerMillis !== undefined) {
      cancelDeadline = liveDeadline(timerMillis, () => {
        controller.abort()
        settle(Effect.fail(timeoutError(request, timerMillis)))
      })
    }
    const fail = (cause: unknown) =>
      settle(Effect.fail(new FetchError({ url: request.url, method: request.method, cause })))
    try {
      const done = (response: HttpResponse) => settle(Effect.succeed(response))
      fetch(request.url, fetchInit(request, init, controller.signal)).then((response) => {
        const failed = (cause: unknown) =>
          cause instanceof BodyTooLarge
            ? settle(Effect.fail(tooLargeError(request, response.status, cause.limit)))
            : fail(cause)
        try {
          readResponse(request, response, limit, done, failed)
        } catch (cause) {
          fail(cause)
        }
      }, fail)
    } catch (cause) {
      fail(cause)
    }
    return Effect.sync(() => {
      settled = true
      cancelDeadline?.()
      controller.abort()
    })
  })

/**
 * The transport (see the module doc) with the fetch and default options of `context` (a layer's), used when the
 * calling fiber has none of its own: a `Send`, the pipeline's last.
 */
export const makeTransport = (context: Context.Context<never>) => {
  const ownFetch = Context.getOrUndefined(context, Fetch)
  const ownInit = Context.getOrUndefined(context, RequestInit)
  return (request: HttpRequest): Effect.Effect<HttpResponse, TransportError> =>
    Effect.withFiber((fiber) => {
      const fetch = Context.getOrUndefined(fiber.context, Fetch) ?? ownFetch ?? fiber.getRef(Fetch)
      const init = Context.getOrUndefined(fiber.context, RequestInit) ?? ownInit
      const limit = fiber.getRef(MaxResponseBytes)
      const millis = request.timeoutMs
      // A time-out longer than a timer can hold (maxTimerMillis, about 24.8 days) means none.
      if (millis === undefined || !(millis > 0 && millis <= maxTimerMillis))
        return fetchAndRead(fetch, request, init, undefined, limit)
      // Effect's live clock: a plain timer; any other clock (TestClock) keeps its own time
      if (Context.getOrUndefined(fiber.context, Clock.Clock) === undefined)
        return fetchAndRead(fetch, request, init, millis, limit)
      return Effect.timeoutOrElse(fetchAndRead(fetch, request, init, undefined, limit), {
        duration: Duration.millis(millis),
        orElse: () => Effect.fail(timeoutError(request, millis))
      })
    })
}

/** The transport with the calling fiber's fetch and options only. */
export const fetchTransport = makeTransport(Context.empty())
