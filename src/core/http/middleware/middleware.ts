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

/**
 * Sends a request through the rest of the pipeline. Calling it may run the next rules' synchronous part at once
 * (reading the current token, for instance): call it when the request is to be sent, inside `Effect.suspend`
 * or a continuation, never ahead of time.
 */
export type Send<E, R> = (
  request: HttpClientRequest.HttpClientRequest
) => Effect.Effect<HttpClientResponse.HttpClientResponse, E, R>

/** One rule of the pipeline: handles a request, usually by calling `send` (zero, one or more times). */
export type Handler<E, R, E2, R2> = (
  request: HttpClientRequest.HttpClientRequest,
  send: Send<E, R>
) => Effect.Effect<HttpClientResponse.HttpClientResponse, E2, R2>

/** A rule of the pipeline: its handler, chained in front of the rules below it with {@link chain}. */
export interface Middleware<E, R, E2, R2> {
  readonly handler: Handler<E, R, E2, R2>
}

/**
 * Make a rule that runs on every send. PlatformHttp chains the handlers with {@link chain}: one client, and no
 * effect between one rule and the next.
 */
export const middleware = <E, R, E2, R2>(handler: Handler<E, R, E2, R2>): Middleware<E, R, E2, R2> => ({ handler })

/** Put a rule in front of `send`: the rule's `send` is the one given. */
export const chain = <E, R, E2, R2>(rule: Middleware<E, R, E2, R2>, send: Send<E, R>): Send<E2, R2> => (request) =>
  rule.handler(request, send)

/** The `send` of a client: its postprocessing, for a request that is already preprocessed. */
export const sendOf = <E, R>(client: HttpClient.HttpClient.With<E, R>): Send<E, R> => (request) =>
  client.postprocess(Effect.succeed(request))

/**
 * A client whose sending is `send`, after the preprocessing of `base` (which must not fail: header-only
 * preprocessing, as FetchHttpClient's).
 */
export const clientOf = <E, R, E2, R2>(
  base: HttpClient.HttpClient.With<E, R>,
  send: Send<E2, R2>
): HttpClient.HttpClient.With<E2, R2> =>
  HttpClient.makeWith(
    (request) => Effect.flatMap(request, send),
    base.preprocess as unknown as HttpClient.HttpClient.Preprocess<E2, R2>
  )

/** The methods that change state: they carry the anti-forgery headers and are never retried automatically. */
export const isMutating = (method: string): boolean =>
  method === "POST" || method === "PATCH" || method === "PUT" || method === "DELETE"

/** The URL a request goes to, query parameters included (as errors and notices report it). */
export const fullUrl = (request: HttpClientRequest.HttpClientRequest): string => {
  const query = UrlParams.toString(request.urlParams)
  return query === "" ? request.url : `${request.url}${request.url.includes("?") ? "&" : "?"}${query}`
}
