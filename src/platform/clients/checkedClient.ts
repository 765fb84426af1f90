/**
 * The typed client of a platform service, built from the service's HttpApi definition and executed through
 * PlatformHttp, so every call gets the pipeline's CSRF, signing, challenge and error rules.
 *
 * Each endpoint becomes a method that, in order:
 * 1. checks the request's required values ({@link requiredFields}): a null or undefined one fails with
 *    `RequiredError({ field, operation })` before anything is sent (`operation` is the endpoint's name);
 * 2. reads the values of parameters and body fields with a closed set of values ({@link allowedValues}: page sizes,
 *    image sizes and formats, enums) in every spelling the service accepts (`png` for `Png`, a code for its name)
 *    and puts the canonical value in its place; a value no spelling maps to fails with a {@link RequestEncodeError}
 *    naming the parameter and the values it takes, before anything is sent;
 * 3. encodes the request from the definition (lists comma-joined or as repeated keys as the published document says,
 *    enums and ids in the one spelling the document shows); a value that does not fit fails with
 *    {@link RequestEncodeError};
 * 4. sends it through PlatformHttp (as an HttpClient: ../../core/http/httpClient.ts) to the service's base URL (`PlatformConfig.baseUrls[service]`); a
 *    non-2xx answer is the pipeline's ResponseError, no answer a FetchError;
 * 5. decodes the 2xx body with the endpoint's success schema; a body that does not match fails with a
 *    ResponseDecodeError naming the endpoint.
 *
 * The client has the shape of `HttpApiClient.make`: `client[group][endpoint](request)`.
 *
 * @module
 */
import * as Effect from "effect/Effect"
import type * as HttpApi from "effect/http-api/HttpApi"
import * as HttpApiClient from "effect/http-api/HttpApiClient"
import type * as HttpApiEndpoint from "effect/http-api/HttpApiEndpoint"
import type * as HttpApiGroup from "effect/http-api/HttpApiGroup"
import type * as HttpClientResponse from "effect/http/HttpClientResponse"
import * as Schema from "effect/Schema"
import type { Simplify } from "effect/Types"
import { PlatformConfig, type ServiceName } from "../../core/config/PlatformConfig.ts"
import { FetchError, RequestEncodeError, RequiredError, ResponseDecodeError } from "../../core/http/errors.ts"
import { toHttpClient } from "../../core/http/httpClient.ts"
import { PlatformHttp } from "../../core/http/PlatformHttp.ts"
import { allowedValues, spellRequest } from "./allowedValues.ts"
import type { PlatformCallError } from "./errors.ts"
import { firstMissing, requiredFields } from "./requiredFields.ts"

/** `query` and `headers` become optional where every one of their fields is optional. */
type OptionalParts<R> = R extends object ? Simplify<
    & { readonly [K in keyof R as K extends "query" | "headers" ? ({} extends R[K] ? never : K) : K]: R[K] }
    & { readonly [K in keyof R as K extends "query" | "headers" ? ({} extends R[K] ? K : never) : never]?: R[K] }
  >
  : R

/**
 * The request a checked method takes: the endpoint's params, query, headers and payload (as HttpApiClient's), where
 * a `query` or `headers` whose fields are all optional may be left out.
 */
export type CheckedRequest<E extends HttpApiEndpoint.ConstraintRequest> = OptionalParts<
  HttpApiEndpoint.ClientRequest<E["~Params"], E["~Query"], E["~Payload"], E["~Headers"], "decoded-only">
>

/**
 * A checked endpoint method: the decoded success, or a {@link PlatformCallError}. The request may be left out when
 * nothing in it is required.
 */
export type CheckedMethod<E> = E extends HttpApiEndpoint.ConstraintRequest
  ? {} extends CheckedRequest<E>
    ? (request?: CheckedRequest<E>) => Effect.Effect<HttpApiClient.SuccessType<E["~Success"]>, PlatformCallError>
  : (request: CheckedRequest<E>) => Effect.Effect<HttpApiClient.SuccessType<E["~Success"]>, PlatformCallError>
  : never

/** The checked methods of one group, by endpoint name. */
export type CheckedGroup<G> = {
  readonly [E in HttpApiGroup.Endpoints<G> as HttpApiEndpoint.Identifier<E>]: CheckedMethod<E>
}

/** The checked client of an API with these groups: each group by name, with its methods. */
export type CheckedClient<Groups extends HttpApiGroup.Constraint> = {
  readonly [G in Groups as HttpApiGroup.Identifier<G>]: CheckedGroup<G>
}

/** The checked client of an API, from the API's type. */
export type CheckedClientOf<Api> = Api extends HttpApi.HttpApi<infer _Id, infer Groups> ? CheckedClient<Groups> : never

type AnyMethod = (request?: unknown) => Effect.Effect<unknown, PlatformCallError>
type EndpointFn = (request: unknown) => Effect.Effect<HttpClientResponse.HttpClientResponse, unknown>
type Decoder = (response: HttpClientResponse.HttpClientResponse) => Effect.Effect<unknown, unknown>

const issueOf = (error: unknown): string =>
  Schema.isSchemaError(error) ? error.message : error instanceof Error ? error.message : String(error)

const isPipelineError = (error: unknown): error is PlatformCallError =>
  typeof error === "object" && error !== null && "_tag" in error &&
  ["ResponseError", "FetchError", "TimeoutError", "RedirectError", "ResponseTooLargeError", "ChallengeError", "RequestEncodeError"].includes(String((error as { _tag: unknown })._tag))

/** One checked method over an HttpApiClient endpoint function and its response decoder. */
const checkedMethod = (
  endpoint: HttpApiEndpoint.Top,
  send: EndpointFn,
  decode: Decoder
): AnyMethod => {
  const operation = endpoint.identifier
  const fields = requiredFields(endpoint)
  const closed = allowedValues(endpoint)
  return (request) => {
    const missing = firstMissing(fields, request)
    if (missing !== undefined) return Effect.fail(new RequiredError({ field: missing, operation }))
    const spelled = spellRequest(closed, request)
    if (spelled._tag === "Disallowed") {
      const { name, allowed, value } = spelled.disallowed
      return Effect.fail(
        new RequestEncodeError({
          operation,
          parameter: name,
          allowed,
          issue: `${name} must be one of ${allowed.join(", ")} (got ${JSON.stringify(value)})`
        })
      )
    }
    // a query or headers left out (every field optional) is sent as an empty one
    const parts = {
      ...(endpoint.query === undefined ? {} : { query: {} }),
      ...(endpoint.headers === undefined ? {} : { headers: {} }),
      ...(spelled.request as object | undefined)
    }
    const sent = Effect.catch(
      send({ ...parts, responseMode: "response-only" }),
      (error): Effect.Effect<never, PlatformCallError> => {
        if (Schema.isSchemaError(error)) return Effect.fail(new RequestEncodeError({ operation, issue: error.message }))
        if (isPipelineError(error)) return Effect.fail(error)
        return Effect.fail(new FetchError({ url: endpoint.path, method: endpoint.method, cause: error }))
      }
    )
    return Effect.flatMap(sent, (response) =>
      Effect.mapError(
        decode(response),
        (error) => new ResponseDecodeError({ operation, url: response.request.url, issue: issueOf(error) })
      ))
  }
}

/**
 * The checked client of `api`, calling the service `service` (its base URL from PlatformConfig) through
 * PlatformHttp. See the module doc for what each method does.
 */
export const makeCheckedClient = <ApiId extends string, Groups extends HttpApiGroup.Constraint>(
  api: HttpApi.HttpApi<ApiId, Groups>,
  service: ServiceName
): Effect.Effect<CheckedClient<Groups>, never, PlatformHttp | PlatformConfig> =>
  Effect.gen(function*() {
    const httpClient = toHttpClient(yield* PlatformHttp)
    const config = yield* PlatformConfig
    const baseUrl = config.baseUrls[service]
    const client: Record<string, Record<string, AnyMethod>> = {}
    const anyApi = api as unknown as HttpApi.HttpApi<string, HttpApiGroup.Top>
    for (const group of Object.values(anyApi.groups) as ReadonlyArray<HttpApiGroup.Top>) {
      const methods = yield* HttpApiClient.group(anyApi, { group: group.identifier, httpClient, baseUrl })
      const checked: Record<string, AnyMethod> = {}
      for (const endpoint of Object.values(group.endpoints) as ReadonlyArray<HttpApiEndpoint.Top>) {
        const send = (methods as Record<string, EndpointFn>)[endpoint.identifier]!
        const decode = HttpApiClient.decodeResponse(anyApi, {
          group: group.identifier,
          endpoint: endpoint.identifier
        }) as unknown as Decoder
        checked[endpoint.identifier] = checkedMethod(endpoint, send, decode)
      }
      client[group.identifier] = checked
    }
    return client as unknown as CheckedClient<Groups>
  }) as Effect.Effect<CheckedClient<Groups>, never, PlatformHttp | PlatformConfig>
