/**
 * Building requests for PlatformHttp: targets, query parameters and JSON bodies.
 *
 * @module
 */
import * as Effect from "effect/Effect"
import * as HttpClientRequest from "effect/http/HttpClientRequest"
import { type PlatformConfigShape, type ServiceName, serviceUrl } from "../config/PlatformConfig.ts"
import { FetchError } from "./errors.ts"

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

/** A request with method, URL, query parameters and extra headers; JSON is accepted. */
export const makeRequest = (
  method: "GET" | "POST" | "PATCH" | "PUT" | "DELETE",
  url: string,
  params: Params | undefined,
  headers: Readonly<Record<string, string>> | undefined
): HttpClientRequest.HttpClientRequest =>
  HttpClientRequest.make(method)(url, {
    urlParams: encodeParams(params),
    acceptJson: true,
    ...(headers === undefined ? {} : { headers })
  })

/**
 * Give a request a JSON body. `undefined` leaves the body empty. A value JSON cannot encode (a cycle, a BigInt)
 * fails with a FetchError before anything is sent.
 */
export const withJsonBody = (
  request: HttpClientRequest.HttpClientRequest,
  body: unknown
): Effect.Effect<HttpClientRequest.HttpClientRequest, FetchError> =>
  body === undefined ? Effect.succeed(request) : Effect.try({
    try: () => HttpClientRequest.bodyText(request, JSON.stringify(body), "application/json"),
    catch: (cause) => new FetchError({ url: request.url, method: request.method, cause })
  })
