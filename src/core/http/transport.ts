/**
 * The transport under PlatformHttp: an effect/http HttpClient that works as FetchHttpClient does (same `Fetch`
 * and `RequestInit` references, same layer-context rules), except that it reads the response body in the same
 * step as the request.
 *
 * Why: measured here (bench/http.bench.ts), reading a body through `HttpClientResponse.text` after `execute`
 * costs a second asynchronous hop of the fiber, which was the largest single cost of a call (about three times
 * the rest of the pipeline). Reading it inside the fetch promise leaves one hop per request; PlatformHttp then
 * decodes the bytes synchronously. The body is still available to every `HttpClientResponse` reader (`text`,
 * `json`, `arrayBuffer`, …) as usual.
 *
 * The fetch is the `FetchHttpClient.Fetch` reference (globalThis.fetch unless you provide another, e.g. a stub in
 * tests) and `FetchHttpClient.RequestInit` applies as usual. Request bodies may be empty, text/bytes or form
 * data; a stream body fails with an EncodeError (the platform's calls send JSON). Response bodies are held in
 * memory in full: the platform's calls answer JSON or small files, never unbounded streams.
 *
 * @module
 */
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as FetchHttpClient from "effect/http/FetchHttpClient"
import * as HttpClient from "effect/http/HttpClient"
import * as HttpClientError from "effect/http/HttpClientError"
import type * as HttpClientRequest from "effect/http/HttpClientRequest"
import * as HttpClientResponse from "effect/http/HttpClientResponse"
import type * as Layer from "effect/Layer"

/** The property under which a buffered Response keeps its body bytes. */
const bufferedBody: unique symbol = Symbol.for("platform-web-client/core/http/transport/bufferedBody")

interface BufferedResponse extends Response {
  readonly [bufferedBody]: Uint8Array
}

/**
 * Make an already-read Response readable again from `bytes`: the readers (`arrayBuffer`, `text`, `json`, `blob`,
 * `bytes`, `formData`, `body`) are redefined on the object itself. Rebuilding a `new Response` instead costs
 * more than the rest of a call in Node's fetch.
 */
/** The body of a rearmed response (`this`), decoded as UTF-8. */
function bodyText(this: BufferedResponse): string {
  return new TextDecoder().decode(this[bufferedBody])
}

/** A reader that answers asynchronously, as the Response methods do, from the buffered body. */
const reader = (read: (self: BufferedResponse) => unknown): PropertyDescriptor => ({
  value(this: BufferedResponse) {
    return Promise.resolve(this).then(read)
  },
  configurable: true
})

/**
 * The readers every rearmed response gets, shared (no closures per response): each reads `this`'s buffered bytes
 * and gives a copy, so a body can be read any number of times.
 */
const readers: PropertyDescriptorMap = {
  arrayBuffer: reader((self) => self[bufferedBody].slice().buffer),
  bytes: reader((self) => self[bufferedBody].slice()),
  text: reader((self) => bodyText.call(self)),
  json: reader((self) => JSON.parse(bodyText.call(self))),
  blob: reader((self) => new Blob([self[bufferedBody].slice()], { type: self.headers.get("content-type") ?? "" })),
  formData: reader((self) => new Response(self[bufferedBody].slice(), { headers: self.headers }).formData()),
  body: {
    get(this: BufferedResponse) {
      const bytes = this[bufferedBody]
      return new ReadableStream<Uint8Array>({
        start(controller) {
          if (bytes.byteLength > 0) controller.enqueue(bytes.slice())
          controller.close()
        }
      })
    },
    configurable: true
  }
}

const rearm = (response: Response, bytes: Uint8Array): Response =>
  Object.defineProperties(Object.defineProperty(response, bufferedBody, { value: bytes }), readers)

/** A fetch whose responses carry their whole body, read before the promise resolves. */
export const bufferingFetch = (fetch: typeof globalThis.fetch): typeof globalThis.fetch =>
  ((input: RequestInfo | URL, init?: RequestInit) =>
    fetch(input, init).then((response) =>
      response.body === null
        ? rearm(response, new Uint8Array(0))
        : response.arrayBuffer().then((buffer) => rearm(response, new Uint8Array(buffer)))
    )) as typeof globalThis.fetch

/** The body bytes of a response that came through {@link bufferingFetch}, or undefined. */
export const bufferedBytes = (response: HttpClientResponse.HttpClientResponse): Uint8Array | undefined => {
  const web = HttpClientResponse.toWeb(response)
  return web._tag === "Some" ? (web.value as Partial<BufferedResponse>)[bufferedBody] : undefined
}

const bodyOf = (request: HttpClientRequest.HttpClientRequest): BodyInit | null | "stream" => {
  switch (request.body._tag) {
    case "Empty":
      return null
    case "Raw":
    case "Uint8Array":
      return request.body.body as BodyInit
    case "FormData":
      return request.body.formData
    case "Stream":
      return "stream"
  }
}

const buffering: HttpClient.HttpClient = HttpClient.make((request, url, signal, fiber) => {
  const body = bodyOf(request)
  if (body === "stream") {
    return Effect.fail(
      new HttpClientError.HttpClientError({
        reason: new HttpClientError.EncodeError({ request, description: "stream bodies are not sent by PlatformHttp" })
      })
    )
  }
  const fetch = fiber.getRef(FetchHttpClient.Fetch)
  const options = Context.getOrUndefined(fiber.context, FetchHttpClient.RequestInit)
  return Effect.map(
    Effect.tryPromise({
      try: () => bufferingFetch(fetch)(url, { ...options, method: request.method, headers: request.headers, body, signal }),
      catch: (cause) => new HttpClientError.HttpClientError({ reason: new HttpClientError.TransportError({ request, cause }) })
    }),
    (response) => HttpClientResponse.fromWeb(request, response)
  )
})

/** The buffering transport as a layer; like FetchHttpClient.layer, the layer's context applies under the caller's. */
export const bufferingTransport: Layer.Layer<HttpClient.HttpClient> = HttpClient.layerMergedContext(
  Effect.succeed(buffering)
)
