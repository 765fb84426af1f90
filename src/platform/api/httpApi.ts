/**
 * The endpoint definitions (./definition.ts) as effect/http-api values: `toHttpApi(FriendsApi)` is the `HttpApi` of
 * the friends service, each endpoint an `HttpApiEndpoint` with the same name, method, path and schemas, each
 * declared error status the platform's error body of that status (`ApiBadRequest`, … in ./sharedSchemas.ts), a
 * byte answer an `HttpApiSchema.asUint8Array` of its content type, and the service's title and version as its
 * OpenAPI annotations. The emulator serves these (`HttpApiBuilder`) and the OpenAPI documents are generated from
 * them (../openapi.ts): what is served and documented is what the clients call, from one definition.
 *
 * Pages never load this module: the typed clients execute the definitions themselves (../clients).
 *
 * @module
 */
import * as HttpApi from "effect/http-api/HttpApi"
import * as HttpApiEndpoint from "effect/http-api/HttpApiEndpoint"
import * as HttpApiGroup from "effect/http-api/HttpApiGroup"
import * as HttpApiSchema from "effect/http-api/HttpApiSchema"
import * as OpenApi from "effect/http-api/OpenApi"
import type * as Schema from "effect/Schema"
import {
  type AnyApi,
  type AnyEndpoint,
  type AnyGroup,
  type EndpointsOf,
  type ErrorStatus,
  type GroupsOf
} from "./definition.ts"
import { ApiBadRequest, ApiForbidden, ApiNotFound, ApiTooManyRequests, ApiUnauthorized } from "./sharedSchemas.ts"

/** The error schema of each status an endpoint may declare. */
export const errorSchemas = {
  400: ApiBadRequest,
  401: ApiUnauthorized,
  403: ApiForbidden,
  404: ApiNotFound,
  429: ApiTooManyRequests
} as const satisfies Record<ErrorStatus, Schema.Top>

type Present<S> = S extends Schema.Top ? S : never

/** The `HttpApiEndpoint` of an endpoint definition. */
export type HttpApiEndpointOf<E extends AnyEndpoint> = E extends AnyEndpoint
  ? HttpApiEndpoint.HttpApiEndpoint<
      E["identifier"],
      E["method"],
      `/${string}`,
      Present<E["params"]>,
      Present<E["query"]>,
      Present<E["payload"]>,
      Present<E["headers"]>,
      E["success"],
      (typeof errorSchemas)[E["errors"][number]]
    >
  : never

/** The `HttpApiGroup` of a group definition. */
export type HttpApiGroupOf<G extends AnyGroup> = G extends AnyGroup
  ? HttpApiGroup.HttpApiGroup<G["identifier"], HttpApiEndpointOf<EndpointsOf<G>>>
  : never

/** The `HttpApi` of a service definition. */
export type HttpApiOf<A extends AnyApi> = HttpApi.HttpApi<A["identifier"], HttpApiGroupOf<GroupsOf<A>>>

/** The `HttpApiEndpoint` of one endpoint definition. */
export const toHttpApiEndpoint = <E extends AnyEndpoint>(endpoint: E): HttpApiEndpointOf<E> =>
  HttpApiEndpoint.make(endpoint.method)(
    endpoint.identifier,
    endpoint.path as `/${string}`,
    {
      params: endpoint.params,
      query: endpoint.query,
      headers: endpoint.headers,
      payload: endpoint.payload,
      success:
        endpoint.successContentType === undefined
          ? endpoint.success
          : (endpoint.success as typeof Schema.Uint8Array).pipe(
              HttpApiSchema.asUint8Array({ contentType: endpoint.successContentType })
            ),
      error: endpoint.errors.map((status) => errorSchemas[status])
    } as never
  ) as unknown as HttpApiEndpointOf<E>

type NonEmpty<A> = readonly [A, ...Array<A>]

const toHttpApiGroup = (group: AnyGroup): HttpApiGroup.Top =>
  HttpApiGroup.make(group.identifier).add(
    ...(Object.values<AnyEndpoint>(group.endpoints).map(toHttpApiEndpoint) as unknown as NonEmpty<HttpApiEndpoint.Top>)
  )

/**
 * The `HttpApi` of a service definition: its groups and endpoints in definition order, with the service's title
 * and version as OpenAPI annotations.
 */
export const toHttpApi = <A extends AnyApi>(service: A): HttpApiOf<A> =>
  HttpApi.make(service.identifier)
    .add(...(Object.values<AnyGroup>(service.groups).map(toHttpApiGroup) as unknown as NonEmpty<HttpApiGroup.Top>))
    .annotateMerge(OpenApi.annotations({ title: service.title, version: service.version })) as unknown as HttpApiOf<A>
