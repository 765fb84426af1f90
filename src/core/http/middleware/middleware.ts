/**
 * The middleware primitive of the pipeline.
 *
 * A middleware sees each request as it is SENT, with a `send` function for the rest of the pipeline below it.
 * Unlike `HttpClient.mapRequest` (which runs once, before everything), a middleware runs again for every re-sent
 * request: when the CSRF rule re-sends after a 403, the request passes once more through everything below it, so
 * it picks up the new token and is signed anew. This is built on `HttpClient.makeWith` and `postprocess`, as
 * EFFECT4.md §4 prescribes (re-sending with `execute` would run the preprocessing twice).
 *
 * @module
 */
import * as Effect from "effect/Effect"
import * as HttpClient from "effect/http/HttpClient"
import type * as HttpClientRequest from "effect/http/HttpClientRequest"
import type * as HttpClientResponse from "effect/http/HttpClientResponse"
import * as UrlParams from "effect/http/UrlParams"

/** Sends a request through the rest of the pipeline. */
export type Send<E, R> = (
  request: HttpClientRequest.HttpClientRequest
) => Effect.Effect<HttpClientResponse.HttpClientResponse, E, R>

/** One rule of the pipeline: handles a request, usually by calling `send` (zero, one or more times). */
export type Handler<E, R, E2, R2> = (
  request: HttpClientRequest.HttpClientRequest,
  send: Send<E, R>
) => Effect.Effect<HttpClientResponse.HttpClientResponse, E2, R2>

/**
 * Wrap a client with a rule that runs on every send. The wrapped client fails with what the handler fails with
 * (`E2`): a rule that maps errors (the outermost one) removes the inner error types. Preprocessing errors are
 * assumed to be among `E2`; the pipeline's preprocessing (header-only mapping) cannot fail.
 */
export const middleware = <E, R, E2, R2>(handler: Handler<E, R, E2, R2>) =>
(self: HttpClient.HttpClient.With<E, R>): HttpClient.HttpClient.With<E2, R2 | R> => {
  const send: Send<E, R> = (request) => self.postprocess(Effect.succeed(request))
  return HttpClient.makeWith(
    (request) => Effect.flatMap(request, (r) => handler(r, send)),
    self.preprocess
  ) as unknown as HttpClient.HttpClient.With<E2, R2 | R>
}

/** The methods that change state: they carry the anti-forgery headers and are never retried automatically. */
export const isMutating = (method: string): boolean =>
  method === "POST" || method === "PATCH" || method === "PUT" || method === "DELETE"

const authority = /^[a-z][a-z0-9+.-]*:\/\/(?:[^@/?#]*@)?(\[[^\]]*\]|[^:/?#]*)/i

/**
 * The host name of an absolute URL, lower-cased; undefined when the URL has none. A regular expression rather
 * than `new URL` because every request asks for it several times (tracing, credentials, duplication, signing).
 */
export const hostOf = (url: string): string | undefined => {
  const match = authority.exec(url)
  const host = match?.[1]
  return host === undefined || host === "" ? undefined : host.toLowerCase()
}

/** The URL a request goes to, query parameters included (as errors and notices report it). */
export const fullUrl = (request: HttpClientRequest.HttpClientRequest): string => {
  const query = UrlParams.toString(request.urlParams)
  return query === "" ? request.url : `${request.url}${request.url.includes("?") ? "&" : "?"}${query}`
}
