/**
 * The checked method of one endpoint definition (../api/definition.ts), executed through PlatformHttp, so every
 * call gets the pipeline's CSRF, signing, challenge and error rules. A call, in order:
 *
 * 1. checks the request's required values ({@link requiredFields}): a null or undefined one fails with
 *    `RequiredError({ field, operation })` before anything is sent (`operation` is the endpoint's name);
 * 2. reads the values of parameters and body fields with a closed set of values ({@link allowedValues}: page sizes,
 *    image sizes and formats, enums) in every spelling the service accepts (`png` for `Png`, a code for its name)
 *    and puts the canonical value in its place; a value no spelling maps to fails with a RequestEncodeError naming
 *    the parameter and the values it takes, before anything is sent;
 * 3. encodes the request with the endpoint's schemas (./encodeRequest.ts: lists comma-joined or as repeated keys as
 *    the published document says, enums and ids in the one spelling the document shows); a value that does not
 *    fit fails with a RequestEncodeError;
 * 4. sends it with `PlatformHttp.execute` to the service's base URL; a non-2xx answer is the pipeline's
 *    ResponseError, no answer a FetchError (PlatformHttpError);
 * 5. decodes the 2xx answer with the success schema (./decodeAnswer.ts); one that does not match fails with a
 *    ResponseDecodeError naming the endpoint.
 *
 * {@link platformCall} is the method of one endpoint alone: what a page that calls one endpoint imports.
 *
 * @module
 */
import * as Effect from "effect/Effect"
import * as Result from "effect/Result"
import type * as Schema from "effect/Schema"
import type { Simplify } from "effect/Types"
import { PlatformConfig, type ServiceName, serviceUrl } from "../../core/config/PlatformConfig.ts"
import { RequestEncodeError, RequiredError } from "../../core/http/errors.ts"
import { PlatformHttp, type PlatformHttpShape } from "../../core/http/PlatformHttp.ts"
import type { AnyEndpoint } from "../api/definition.ts"
import { allowedValues, type Disallowed, spellRequest } from "./allowedValues.ts"
import { answerDecoder } from "./decodeAnswer.ts"
import { requestEncoder, type RequestParts } from "./encodeRequest.ts"
import type { PlatformCallError } from "./errors.ts"
import { firstMissing, requiredFields } from "./requiredFields.ts"

type Part<K extends string, S> = S extends Schema.Top ? { readonly [P in K]: S["Type"] } : {}

/** `query` and `headers` become optional where every one of their fields is optional. */
type OptionalParts<R> = Simplify<
  { readonly [K in keyof R as K extends "query" | "headers" ? ({} extends R[K] ? never : K) : K]: R[K] } & {
    readonly [K in keyof R as K extends "query" | "headers" ? ({} extends R[K] ? K : never) : never]?: R[K]
  }
>

/**
 * The request a checked method takes: the endpoint's `params`, `query`, `headers` and `payload` (each present when
 * the endpoint has it), where a `query` or `headers` whose fields are all optional may be left out.
 */
export type CheckedRequest<E extends AnyEndpoint> = OptionalParts<
  Part<"params", E["params"]> &
    Part<"query", E["query"]> &
    Part<"headers", E["headers"]> &
    Part<"payload", E["payload"]>
>

/**
 * A checked endpoint method: the decoded answer, or a {@link PlatformCallError}; `R` is what running it needs. The
 * request may be left out when nothing in it is required.
 */
export type CheckedMethod<E extends AnyEndpoint, R = never> =
  {} extends CheckedRequest<E>
    ? (request?: CheckedRequest<E>) => Effect.Effect<E["success"]["Type"], PlatformCallError, R>
    : (request: CheckedRequest<E>) => Effect.Effect<E["success"]["Type"], PlatformCallError, R>

/** A checked method of any endpoint. */
export type AnyCheckedMethod = (request?: unknown) => Effect.Effect<unknown, PlatformCallError>

const disallowedError = (operation: string, { name, allowed, value }: Disallowed) =>
  new RequestEncodeError({
    operation,
    parameter: name,
    allowed,
    issue: `${name} must be one of ${allowed.join(", ")} (got ${JSON.stringify(value)})`
  })

/**
 * The checked method of `endpoint` (see the module doc), for a PlatformHttp and the base URL of the service it
 * calls. The rules are read from the definition once.
 */
export const checkedMethod = (endpoint: AnyEndpoint) => {
  const operation = endpoint.identifier
  const fields = requiredFields(endpoint)
  const closed = allowedValues(endpoint)
  const encode = requestEncoder(endpoint)
  const decode = answerDecoder(endpoint)
  return (http: PlatformHttpShape, url: (path: string) => string): AnyCheckedMethod =>
    (request) => {
      const missing = firstMissing(fields, request)
      if (missing !== undefined) return Effect.fail(new RequiredError({ field: missing, operation }))
      const spelled = spellRequest(closed, request)
      if (spelled._tag === "Disallowed") return Effect.fail(disallowedError(operation, spelled.disallowed))
      const sent = encode(spelled.request as RequestParts | undefined, url)
      return Result.isFailure(sent) ? Effect.fail(sent.failure) : Effect.flatMap(http.execute(sent.success), decode)
    }
}

/**
 * The checked method of one endpoint of the service `service`, over the PlatformHttp and PlatformConfig of the
 * context it runs in: a page that calls only this endpoint loads only its definition (and this executor).
 *
 * @example
 * import { getFriends } from "platform-web-client/api"
 * const friendsOf = platformCall("friends", getFriends)
 * const friends = yield* friendsOf({ params: { userId: 1 } }) // needs PlatformHttp | PlatformConfig
 */
export const platformCall = <E extends AnyEndpoint>(
  service: ServiceName,
  endpoint: E
): CheckedMethod<E, PlatformHttp | PlatformConfig> => {
  const method = checkedMethod(endpoint)
  const call = (request?: unknown) =>
    Effect.flatMap(PlatformHttp, (http) =>
      Effect.flatMap(PlatformConfig, (config) => method(http, (path) => serviceUrl(config, service, path))(request))
    )
  return call as CheckedMethod<E, PlatformHttp | PlatformConfig>
}
