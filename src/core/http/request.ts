/**
 * The request the pipeline works on: a light description of one HTTP request (method, absolute URL, headers, body
 * and the fetch options the rules choose), plain data that each rule copies with the change it makes. No effect/http
 * object is built on the way: the transport hands these fields to `fetch` as they are (./transport.ts). Code that
 * holds an effect/http `HttpClientRequest` goes through the adapter in ./httpClient.ts.
 *
 * Also here: targets (an absolute URL, or a path on one of the platform's services), query parameters and JSON
 * bodies, as PlatformHttp's `get`/`post`/… build them.
 *
 * @module
 */
import * as Result from "effect/Result"
import { type PlatformConfigShape, type ServiceName, serviceUrl } from "../config/PlatformConfig.ts"
import { RequestEncodeError } from "./errors.ts"

/** The methods the pipeline sends. */
export type HttpMethod = "GET" | "HEAD" | "OPTIONS" | "POST" | "PATCH" | "PUT" | "DELETE"

/** A request body as fetch takes it; the pipeline's own calls send JSON text. */
export type HttpRequestBody = string | Uint8Array<ArrayBuffer> | FormData | URLSearchParams | Blob

/** One HTTP request, as the pipeline's rules see it and the transport sends it. */
export interface HttpRequest {
  readonly method: HttpMethod
  /** The URL as fetch is handed it, query included (absolute for every request the library builds). */
  readonly url: string
  /** Header names in lower case. */
  readonly headers: Readonly<Record<string, string>>
  /** The body, or undefined for none. */
  readonly body: HttpRequestBody | undefined
  /** The fetch credentials mode (the credentials rule sets it). */
  readonly credentials?: RequestCredentials | undefined
  /** The fetch redirect mode (the redirect guard sets `manual` for requests that carry a secret). */
  readonly redirect?: RequestRedirect | undefined
  /** The time-out of this exchange in milliseconds (the time-out rule sets it; none when undefined). */
  readonly timeoutMs?: number | undefined
  /** The call's number, given by PlatformHttp only when a PipelineObserver watches (./observer.ts); not sent. */
  readonly call?: number | undefined
}

/** `request` with header `name` (any case; stored lower-case) set to `value`. */
export const setHeader = (request: HttpRequest, name: string, value: string): HttpRequest => ({
  ...request,
  headers: { ...request.headers, [name.toLowerCase()]: value }
})

/** `request` with every header of `headers` set (names any case; stored lower-case). */
export const setHeaders = (request: HttpRequest, headers: Readonly<Record<string, string>>): HttpRequest => {
  const merged: Record<string, string> = { ...request.headers }
  for (const name in headers) merged[name.toLowerCase()] = headers[name]!
  return { ...request, headers: merged }
}

/** Where a call goes: an absolute URL, or a path on one of the platform's services. */
export type Target = string | { readonly service: ServiceName; readonly path: string }

/** A query parameter value: lists are comma-joined; null and undefined leave the parameter out. */
export type ParamValue = string | number | boolean | null | undefined | ReadonlyArray<string | number | boolean>

/** Query parameters. */
export type Params = Readonly<Record<string, ParamValue>>

/** The absolute URL of a target. */
export const resolveTarget = (config: PlatformConfigShape, target: Target): string =>
  typeof target === "string" ? target : serviceUrl(config, target.service, target.path)

/** Query parameters as strings: lists comma-joined, null/undefined left out, in the order given. */
export const encodeParams = (params: Params | undefined): Array<[string, string]> => {
  const out: Array<[string, string]> = []
  if (params === undefined) return out
  for (const key in params) {
    const value = params[key]
    if (value === null || value === undefined) continue
    out.push([key, Array.isArray(value) ? value.join(",") : String(value)])
  }
  return out
}

/** `url` with `params` appended as its query (after an existing one), form-encoded as URLSearchParams does. */
export const withQuery = (url: string, params: Params | undefined): string => {
  const pairs = encodeParams(params)
  if (pairs.length === 0) return url
  return `${url}${url.includes("?") ? "&" : "?"}${new URLSearchParams(pairs).toString()}`
}

const acceptJson: Readonly<Record<string, string>> = { accept: "application/json" }

/** A request with method, URL, query parameters and extra headers (any case); JSON is accepted. */
export const makeRequest = (
  method: HttpMethod,
  url: string,
  params?: Params,
  headers?: Readonly<Record<string, string>>
): HttpRequest => {
  const request: HttpRequest = { method, url: withQuery(url, params), headers: acceptJson, body: undefined }
  return headers === undefined ? request : setHeaders(request, headers)
}

/**
 * Give a request a JSON body (`contentType` default `application/json`). `undefined` leaves the body empty. A value
 * JSON cannot encode (a cycle, a BigInt) fails with a RequestEncodeError naming `operation` before anything is sent.
 */
export const withJsonBody = (
  request: HttpRequest,
  body: unknown,
  operation: string,
  contentType = "application/json"
): Result.Result<HttpRequest, RequestEncodeError> => {
  if (body === undefined) return Result.succeed(request)
  let text: string | undefined
  try {
    text = JSON.stringify(body)
  } catch (cause) {
    return Result.fail(
      new RequestEncodeError({ operation, issue: cause instanceof Error ? cause.message : String(cause) })
    )
  }
  if (text === undefined)
    return Result.fail(new RequestEncodeError({ operation, issue: `a ${typeof body} has no JSON form` }))
  return Result.succeed({ ...setHeader(request, "content-type", contentType), body: text })
}
