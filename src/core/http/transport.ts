/**
 * The transport under PlatformHttp: one `fetch` per send, the whole body read in the same step, the pipeline's
 * {@link HttpResponse} built from the bytes read (no effect/http object, no patched Response).
 *
 * Why read the body here: measured (bench/http.bench.ts), reading it in a second step after the response arrives
 * costs a second asynchronous hop of the fiber, the largest single cost of a call. Read inside the fetch promise,
 * a call takes one hop; PlatformHttp then decodes the bytes synchronously. Bodies are held in memory in full: the
 * platform's calls answer JSON or small files, never unbounded streams.
 *
 * - The fetch is the `FetchHttpClient.Fetch` reference ({@link Fetch}: the same key, so providing effect/http's
 *   `FetchHttpClient.Fetch` reaches it, as StubFetch does), by default the global `fetch` looked up at each call (so
 *   a fetch patched later, by a mock service worker for instance, is used).
 * - `FetchHttpClient.RequestInit` ({@link RequestInit}, the same key) gives default fetch options (cache, mode, …);
 *   the request's own method, headers, body, credentials and redirect mode win over them.
 * - Both are read from the calling fiber, else from the context the transport was made in
 *   ({@link makeTransport}: a layer's, e.g. PlatformHttp's), as effect/http's `FetchHttpClient.layer` does.
 * - The fetch is aborted when the send is interrupted (a time-out, a caller giving up): the AbortSignal of
 *   `Effect.tryPromise`.
 * - No response (fetch rejected: network down, CORS, DNS, an invalid URL, a body that could not be read) fails with
 *   a FetchError carrying what fetch threw.
 *
 * @module
 */
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import { FetchError } from "./errors.ts"
import type { HttpRequest } from "./request.ts"
import { HttpResponse } from "./response.ts"

/**
 * The fetch the transport calls: effect/http's `FetchHttpClient.Fetch` reference (same key; defined here so the
 * core does not load effect/http). Provide either to stub it: `Layer.succeed(FetchHttpClient.Fetch, stub)`.
 */
export const Fetch = Context.Reference<typeof globalThis.fetch>("effect/http/FetchHttpClient/Fetch", {
  defaultValue: () => (input, init) => globalThis.fetch(input, init)
})

/** Default fetch options: effect/http's `FetchHttpClient.RequestInit` service (same key), when provided. */
export const RequestInit = Context.Service<globalThis.RequestInit>("effect/http/FetchHttpClient/RequestInit")

const empty = new Uint8Array(new ArrayBuffer(0))

/** Read a fetched Response whole into the pipeline's response. */
const readResponse = (request: HttpRequest, response: Response): Promise<HttpResponse> | HttpResponse => {
  const make = (bytes: Uint8Array<ArrayBuffer>) =>
    new HttpResponse(request, response.status, response.statusText, response.headers, response.url, bytes)
  return response.body === null ? make(empty) : response.arrayBuffer().then((buffer) => make(new Uint8Array(buffer)))
}

/** The fetch options of `request` over the defaults of `init`. */
const fetchInit = (request: HttpRequest, init: globalThis.RequestInit | undefined, signal: AbortSignal): globalThis.RequestInit => {
  const own: globalThis.RequestInit = { method: request.method, headers: request.headers, body: request.body ?? null, signal }
  if (request.credentials !== undefined) own.credentials = request.credentials
  if (request.redirect !== undefined) own.redirect = request.redirect
  return init === undefined ? own : { ...init, ...own }
}

/**
 * The transport (see the module doc) with the fetch and default options of `context` (a layer's), used when the
 * calling fiber has none of its own: a `Send`, the pipeline's last.
 */
export const makeTransport = (context: Context.Context<never>) => {
  const ownFetch = Context.getOrUndefined(context, Fetch)
  const ownInit = Context.getOrUndefined(context, RequestInit)
  return (request: HttpRequest): Effect.Effect<HttpResponse, FetchError> =>
    Effect.withFiber((fiber) => {
      const fetch = Context.getOrUndefined(fiber.context, Fetch) ?? ownFetch ?? fiber.getRef(Fetch)
      const init = Context.getOrUndefined(fiber.context, RequestInit) ?? ownInit
      return Effect.tryPromise({
        try: (signal) =>
          fetch(request.url, fetchInit(request, init, signal)).then((response) => readResponse(request, response)),
        catch: (cause) => new FetchError({ url: request.url, method: request.method, cause })
      })
    })
}

/** The transport with the calling fiber's fetch and options only. */
export const fetchTransport = makeTransport(Context.empty())
