/**
 * PlatformHttp as an effect/http `HttpClient`, for code written against effect/http: HttpApiClient (the typed
 * platform clients of src/platform/clients), `HttpClientRequest` builders.
 *
 * The client is an adapter, built on demand: each `HttpClientRequest` becomes the pipeline's light request (URL with
 * its query parameters, headers, body), goes through the whole pipeline (CSRF, signing, challenges, errors,
 * time-out, …), and the light response comes back as an `HttpClientResponse` over the bytes the transport read
 * (no second read, no `Response` rebuilt). It lives in its own module so that pages which never use effect/http's
 * client do not load it (docs/bundle-size.md).
 *
 * What it fails with: the pipeline's errors (PlatformHttpError: a non-2xx answer is a ResponseError, never a
 * response), and a RequestEncodeError for a stream body (the pipeline sends bodies it can sign and re-send).
 *
 * @module
 */
import * as Effect from "effect/Effect"
import * as Cookies from "effect/http/Cookies"
import * as Headers from "effect/http/Headers"
import * as HttpClient from "effect/http/HttpClient"
import * as HttpClientError from "effect/http/HttpClientError"
import type * as HttpClientRequest from "effect/http/HttpClientRequest"
import * as HttpClientResponse from "effect/http/HttpClientResponse"
import * as HttpIncomingMessage from "effect/http/HttpIncomingMessage"
import * as UrlParams from "effect/http/UrlParams"
import * as Inspectable from "effect/Inspectable"
import * as Option from "effect/Option"
import { pipeArguments } from "effect/Pipeable"
import * as Result from "effect/Result"
import * as Stream from "effect/Stream"
import { type PlatformHttpError, RequestEncodeError } from "./errors.ts"
import type { PlatformHttpShape } from "./PlatformHttp.ts"
import type { HttpMethod, HttpRequest, HttpRequestBody } from "./request.ts"
import type { HttpResponse } from "./response.ts"

/** What the adapted client fails with. */
export type PlatformHttpClientError = PlatformHttpError | RequestEncodeError

/** The body of an effect/http request as the pipeline sends it, or undefined for a stream (not sent). */
const bodyOf = (
  request: HttpClientRequest.HttpClientRequest
): { readonly body: HttpRequestBody | undefined } | undefined => {
  const body = request.body
  switch (body._tag) {
    case "Empty":
      return { body: undefined }
    case "Uint8Array":
      return { body: body.body as Uint8Array<ArrayBuffer> }
    case "FormData":
      return { body: body.formData }
    case "Raw":
      return { body: body.body as HttpRequestBody }
    case "Stream":
      return undefined
  }
}

/**
 * The pipeline's request for an effect/http request: the URL with its query parameters (the fragment is never
 * sent), the headers without `content-length` (fetch computes it), the body. A stream body is a RequestEncodeError.
 */
export const fromHttpClientRequest = (
  request: HttpClientRequest.HttpClientRequest
): Result.Result<HttpRequest, RequestEncodeError> => {
  const body = bodyOf(request)
  if (body === undefined) {
    const operation = `${request.method} ${request.url}`
    return Result.fail(new RequestEncodeError({ operation, issue: "stream bodies are not sent by PlatformHttp" }))
  }
  const query = request.urlParams.params.length === 0 ? "" : UrlParams.toString(request.urlParams)
  let headers: Readonly<Record<string, string>> = request.headers
  if (headers["content-length"] !== undefined) {
    const { "content-length": _length, ...rest } = headers
    headers = rest
  }
  const hashAt = request.url.indexOf("#")
  const url = hashAt === -1 ? request.url : request.url.slice(0, hashAt)
  return Result.succeed({
    method: request.method as HttpMethod,
    url: query === "" ? url : `${url}${url.includes("?") ? "&" : "?"}${query}`,
    headers,
    body: body.body
  })
}

/** An effect/http response over the pipeline's response (its bytes, already read). */
class PipelineClientResponse extends Inspectable.Class implements HttpClientResponse.HttpClientResponse {
  readonly [HttpClientResponse.TypeId] = HttpClientResponse.TypeId
  readonly [HttpIncomingMessage.TypeId] = HttpIncomingMessage.TypeId
  readonly request: HttpClientRequest.HttpClientRequest
  readonly source: HttpResponse
  #headers: Headers.Headers | undefined
  #cookies: Cookies.Cookies | undefined

  constructor(request: HttpClientRequest.HttpClientRequest, source: HttpResponse) {
    super()
    this.request = request
    this.source = source
  }

  get status(): number {
    return this.source.status
  }
  get url(): string {
    return (this.source.url || this.source.request.url).split("#")[0]!
  }
  get headers(): Headers.Headers {
    return (this.#headers ??= Headers.fromInput(this.source.headers))
  }
  get cookies(): Cookies.Cookies {
    return (this.#cookies ??= Cookies.fromSetCookie(this.source.headers.getSetCookie?.() ?? []))
  }
  get remoteAddress(): Option.Option<string> {
    return Option.none()
  }

  /** A DecodeError of this response. */
  private decodeError(cause: unknown): HttpClientError.HttpClientError {
    return new HttpClientError.HttpClientError({
      reason: new HttpClientError.DecodeError({ request: this.request, response: this, cause })
    })
  }

  get text(): Effect.Effect<string, HttpClientError.HttpClientError> {
    return Effect.succeed(this.source.text)
  }
  get json(): Effect.Effect<any, HttpClientError.HttpClientError> {
    return Effect.try({
      try: () => (this.source.text === "" ? null : JSON.parse(this.source.text)),
      catch: (cause) => this.decodeError(cause)
    })
  }
  /** The body's buffer, shared by every read (as effect/http's own responses cache theirs): read it, never write. */
  get arrayBuffer(): Effect.Effect<ArrayBuffer, HttpClientError.HttpClientError> {
    return Effect.succeed(this.source.bytes.buffer)
  }
  get urlParamsBody(): Effect.Effect<UrlParams.UrlParams, HttpClientError.HttpClientError> {
    return Effect.try({
      try: () => UrlParams.fromInput(new URLSearchParams(this.source.text)),
      catch: (cause) => this.decodeError(cause)
    })
  }
  get formData(): Effect.Effect<FormData, HttpClientError.HttpClientError> {
    return Effect.tryPromise({
      try: () => new Response(this.source.bytes.slice(), { headers: this.source.headers }).formData(),
      catch: (cause) => this.decodeError(cause)
    })
  }
  get stream(): Stream.Stream<Uint8Array, HttpClientError.HttpClientError> {
    return this.source.bytes.byteLength === 0 ? Stream.empty : Stream.succeed(this.source.bytes.slice())
  }
  get upgrade(): Effect.Effect<never, HttpClientError.HttpClientError> {
    return Effect.fail(
      new HttpClientError.HttpClientError({
        reason: new HttpClientError.StatusCodeError({
          request: this.request,
          response: this,
          description: "PlatformHttp does not hand over connections"
        })
      })
    )
  }

  toJSON(): unknown {
    return HttpIncomingMessage.inspect(this, {
      _id: "HttpClientResponse",
      request: this.request.toJSON(),
      status: this.status
    })
  }
  pipe() {
    return pipeArguments(this, arguments)
  }
}

/**
 * The HttpClient over a PlatformHttp: every request goes through its whole pipeline (see the module doc), e.g.
 * `HttpApiClient.makeWith(api, { httpClient: toHttpClient(http), baseUrl })`.
 */
export const toHttpClient = (http: PlatformHttpShape): HttpClient.HttpClient.With<PlatformHttpClientError> =>
  HttpClient.makeWith<never, never, PlatformHttpClientError, never>(
    (prepared) =>
      Effect.flatMap(
        prepared,
        (request): Effect.Effect<HttpClientResponse.HttpClientResponse, PlatformHttpClientError> => {
          const light = fromHttpClientRequest(request)
          return Result.isFailure(light)
            ? Effect.fail(light.failure)
            : Effect.map(http.execute(light.success), (response) => new PipelineClientResponse(request, response))
        }
      ),
    Effect.succeed
  )
