/**
 * A request of an endpoint as the pipeline's light request (../../core/http/request.ts), encoded with the
 * endpoint's own schemas, as effect/http-api's client encodes it (the emulator decodes it with the same schemas):
 *
 * - path parameters: each value encoded by its schema, as text, percent-encoded into its `:name` segment (`.` and
 *   `..`, which a URL parser would resolve away, are refused);
 * - query: each value encoded by its schema; a list is one parameter per item (`placeIds=1&placeIds=2`), a value
 *   its schema encodes as one string stays one (`universeIds=1,2,3`, the comma-joined lists of the definitions);
 *   an absent (or null) value is left out;
 * - headers: encoded by their schema, names in lower case;
 * - body: encoded by its schema and sent as JSON (`content-type: application/json`).
 *
 * The answer is asked for as JSON, or as the endpoint's byte content type. A value its schema does not encode (an
 * id of 0, a path segment `..`) is a RequestEncodeError naming the endpoint, and nothing is sent.
 *
 * @module
 */
import * as Result from "effect/Result"
import * as Schema from "effect/Schema"
import { RequestEncodeError } from "../../core/http/errors.ts"
import { type HttpRequest, setHeaders, withJsonBody } from "../../core/http/request.ts"
import type { AnyEndpoint } from "../api/definition.ts"

/** The parts of a request as a checked method takes them. */
export interface RequestParts {
  readonly params?: unknown
  readonly query?: unknown
  readonly headers?: unknown
  readonly payload?: unknown
}

/** Encode a request of the endpoint to the URL `url(path)` (the service's base URL and the path). */
export type RequestEncoder = (
  request: RequestParts | undefined,
  url: (path: string) => string
) => Result.Result<HttpRequest, RequestEncodeError>

type Encoded<A> = Result.Result<A, RequestEncodeError>

const encoder = (schema: Schema.Top | undefined, operation: string): ((value: unknown) => Encoded<unknown>) => {
  if (schema === undefined) return Result.succeed
  const encode = Schema.encodeUnknownResult(schema as Schema.Codec<unknown, unknown>)
  return (value) =>
    Result.mapError(encode(value), (error) => new RequestEncodeError({ operation, issue: error.message }))
}

/** An encoded path, query or header value as text, or undefined for a value that has no text form. */
const asText = (value: unknown): string | undefined =>
  typeof value === "string"
    ? value
    : typeof value === "number" || typeof value === "boolean"
      ? String(value)
      : undefined

const fields = (encoded: unknown): ReadonlyArray<readonly [string, unknown]> =>
  typeof encoded === "object" && encoded !== null ? Object.entries(encoded) : []

/** The path with each `:name` segment replaced by its encoded parameter, or the issue of the first that cannot be. */
const fillPath = (path: string, params: unknown): Result.Result<string, string> => {
  const values = new Map(fields(params))
  let issue: string | undefined
  const filled = path.replace(/:(\w+)/g, (segment, name: string) => {
    const text = asText(values.get(name))
    if (text === undefined || text === "." || text === "..") {
      issue ??= `path parameter ${name} cannot be sent as ${JSON.stringify(text ?? values.get(name))}`
      return segment
    }
    return encodeURIComponent(text)
  })
  return issue === undefined ? Result.succeed(filled) : Result.fail(issue)
}

/** The query string of encoded query parameters (without `?`), or the issue of the first that has no text form. */
const queryString = (query: unknown): Result.Result<string, string> => {
  const pairs: Array<[string, string]> = []
  for (const [name, value] of fields(query)) {
    if (value === undefined || value === null) continue
    for (const item of Array.isArray(value) ? value : [value]) {
      const text = asText(item)
      if (text === undefined) return Result.fail(`query parameter ${name} has no text form`)
      pairs.push([name, text])
    }
  }
  return Result.succeed(new URLSearchParams(pairs).toString())
}

/** The encoded headers as text, names as given (the request stores them in lower case). */
const headerTexts = (headers: unknown): Record<string, string> => {
  const out: Record<string, string> = {}
  for (const [name, value] of fields(headers)) {
    const text = asText(value)
    if (text !== undefined) out[name] = text
  }
  return out
}

/** The request encoder of an endpoint (its schemas' encoders made once). */
export const requestEncoder = (endpoint: AnyEndpoint): RequestEncoder => {
  const operation = endpoint.identifier
  const encodeParams = encoder(endpoint.params, operation)
  const encodeQuery = encoder(endpoint.query, operation)
  const encodeHeaders = encoder(endpoint.headers, operation)
  const encodePayload = encoder(endpoint.payload, operation)
  const refused = (issue: string) => new RequestEncodeError({ operation, issue })
  const accept = endpoint.successContentType ?? "application/json"
  return (request, url) => {
    const params = encodeParams(request?.params ?? {})
    if (Result.isFailure(params)) return Result.fail(params.failure)
    const path = fillPath(endpoint.path, params.success)
    if (Result.isFailure(path)) return Result.fail(refused(path.failure))
    const query = encodeQuery(request?.query ?? {})
    if (Result.isFailure(query)) return Result.fail(query.failure)
    const search = queryString(query.success)
    if (Result.isFailure(search)) return Result.fail(refused(search.failure))
    const headers = encodeHeaders(request?.headers ?? {})
    if (Result.isFailure(headers)) return Result.fail(headers.failure)
    const target = url(path.success) + (search.success === "" ? "" : `?${search.success}`)
    const bare: HttpRequest = { method: endpoint.method, url: target, headers: { accept }, body: undefined }
    const sent = setHeaders(bare, headerTexts(headers.success))
    if (endpoint.payload === undefined) return Result.succeed(sent)
    const body = encodePayload(request?.payload)
    return Result.isFailure(body) ? Result.fail(body.failure) : withJsonBody(sent, body.success, operation)
  }
}
