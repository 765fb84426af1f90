/**
 * StubFetch: a programmable `fetch` for testing code that calls the platform, without a network.
 *
 * Every request is recorded (method, URL as fetch resolves it, headers, body, credentials, redirect mode, signal)
 * and answered by your handler. `StubFetch.layer(handler)` provides the stub as the `FetchHttpClient.Fetch`
 * reference (what PlatformHttp sends through), FetchHttpClient over it (for code that wants an effect/http
 * `HttpClient`), and the `StubFetch` service to read the recorded requests.
 *
 * @module
 */
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as FetchHttpClient from "effect/http/FetchHttpClient"
import type * as HttpClient from "effect/http/HttpClient"
import * as Layer from "effect/Layer"

/** A request as the stub received it. Header names are lower-case. */
export interface RecordedRequest {
  readonly method: string
  /** The URL as fetch would send it: an absolute URL resolved by the WHATWG URL parser; any other as given. */
  readonly url: string
  readonly headers: Readonly<Record<string, string>>
  readonly body: string | undefined
  readonly credentials: RequestCredentials | undefined
  /** The redirect mode asked for (undefined: fetch's default, `follow`). */
  readonly redirect: RequestRedirect | undefined
  /** The request's abort signal: `signal.aborted` tells whether the caller gave up on it (time-out, interruption). */
  readonly signal: AbortSignal | undefined
}

/** Answers a recorded request. Throw (or reject) to simulate a network failure. */
export type StubHandler = (request: RecordedRequest, index: number) => Response | Promise<Response>

/** The shape of the stub: the requests received so far, in order. */
export interface StubFetchShape {
  readonly requests: ReadonlyArray<RecordedRequest>
  /** Forget the requests received so far. */
  readonly clear: () => void
}

/** A JSON response with the given status and headers. */
export const jsonResponse = (body: unknown, init: { status?: number; headers?: Record<string, string> } = {}) =>
  new Response(JSON.stringify(body), {
    status: init.status ?? 200,
    headers: { "content-type": "application/json", ...init.headers }
  })

/**
 * `response` as fetch gives it after following redirects to `finalUrl` (`redirected` true, `url` the last URL):
 * for testing what code does with a response that came from another URL than it asked for.
 */
export const redirectedResponse = (response: Response, finalUrl: string): Response =>
  Object.defineProperties(response, { url: { value: finalUrl }, redirected: { value: true } })

/**
 * What a browser's fetch gives for a redirect when the request asked for `redirect: "manual"`: an opaque redirect
 * (type `opaqueredirect`, status 0, no headers, no body).
 */
export const opaqueRedirectResponse = (): Response =>
  Object.defineProperties(new Response(null, { status: 200 }), {
    type: { value: "opaqueredirect" },
    status: { value: 0 },
    ok: { value: false },
    statusText: { value: "" }
  })

const headersOf = (init: RequestInit | undefined): Record<string, string> => {
  const out: Record<string, string> = {}
  new Headers(init?.headers).forEach((value, key) => void (out[key] = value))
  return out
}

const bodyOf = (body: BodyInit | null | undefined): string | undefined =>
  body === undefined || body === null
    ? undefined
    : typeof body === "string"
      ? body
      : body instanceof Uint8Array
        ? new TextDecoder().decode(body)
        : String(body)

/** An absolute `url` as fetch resolves it (the WHATWG URL parser); anything else as it is. */
const resolvedUrl = (url: string): string => (URL.canParse(url) ? new URL(url).href : url)

/** Answers a request that was recorded: the recorded form, its index, and the arguments fetch was called with. */
type Answer = (
  recorded: RecordedRequest,
  index: number,
  input: RequestInfo | URL,
  init: RequestInit | undefined
) => Response | Promise<Response>

/** A recording fetch function answered by `answer`, and the list it records into. */
const makeRecordingFetch = (answer: Answer): { fetch: typeof globalThis.fetch; shape: StubFetchShape } => {
  const requests: Array<RecordedRequest> = []
  const fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const recorded: RecordedRequest = {
      method: init?.method ?? "GET",
      url: resolvedUrl(input instanceof Request ? input.url : String(input)),
      headers: headersOf(init),
      body: bodyOf(init?.body),
      credentials: init?.credentials,
      redirect: init?.redirect,
      signal: init?.signal ?? undefined
    }
    requests.push(recorded)
    return answer(recorded, requests.length - 1, input, init)
  }) as typeof globalThis.fetch
  return { fetch, shape: { requests, clear: () => void requests.splice(0) } }
}

/** A recording fetch function answered by `handler`, and the list it records into. */
export const makeStubFetch = (handler: StubHandler): { fetch: typeof globalThis.fetch; shape: StubFetchShape } =>
  makeRecordingFetch((recorded, index) => handler(recorded, index))

/**
 * A recording fetch function that sends every request, unchanged, through `globalThis.fetch` as it is at the time of
 * the call (so an msw server started later, which patches it, answers), and the list it records into.
 */
export const makePassThroughFetch = (): { fetch: typeof globalThis.fetch; shape: StubFetchShape } =>
  makeRecordingFetch((_recorded, _index, input, init) => globalThis.fetch(input, init))

/** The recorded requests of the stub fetch in use. */
export class StubFetch extends Context.Service<StubFetch, StubFetchShape>()("platform-web-client/testing/StubFetch") {
  /**
   * The stub as the `FetchHttpClient.Fetch` in context (what PlatformHttp.layer sends through), FetchHttpClient
   * over it (for code that wants an HttpClient), and the StubFetch recorder.
   */
  static layer(handler: StubHandler): Layer.Layer<StubFetch | HttpClient.HttpClient> {
    return recordingLayer(() => makeStubFetch(handler))
  }

  /**
   * The same over the real fetch: every request is recorded and sent, unchanged, through `globalThis.fetch` (read at
   * each call, so a mock that patches it, such as an msw server, answers).
   */
  static readonly passThrough: Layer.Layer<StubFetch | HttpClient.HttpClient> = recordingLayer(makePassThroughFetch)
}

function recordingLayer(
  make: () => { fetch: typeof globalThis.fetch; shape: StubFetchShape }
): Layer.Layer<StubFetch | HttpClient.HttpClient> {
  return Layer.unwrap(
    Effect.sync(() => {
      const stub = make()
      const fetch = Layer.succeed(FetchHttpClient.Fetch, stub.fetch)
      return Layer.mergeAll(
        Layer.succeed(StubFetch, stub.shape),
        fetch,
        FetchHttpClient.layer.pipe(Layer.provide(fetch))
      )
    })
  )
}
