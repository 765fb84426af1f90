/**
 * The form of every endpoint definition under `src/platform/api/`: plain values made of Schemas, and nothing else.
 * A page that calls one endpoint loads that endpoint's definition and the schemas it names, not the service around
 * it, and no HTTP framework: the typed clients (src/platform/clients) execute a definition over PlatformHttp. The
 * emulator and the OpenAPI documents read the same values as effect/http-api `HttpApi`s (./httpApi.ts).
 *
 * - {@link get}, {@link post}, {@link patch}, {@link put}, {@link del}: one endpoint, as `HttpApiEndpoint` takes it:
 *   a name, a path with `:param` segments, and the schemas of its path parameters, query, headers, body and answer
 *   (parameters, query and headers given as struct fields or as a struct). Errors are named by status: every error
 *   answer of the platform is `{ errors: [{ code, message }] }`.
 * - {@link group}: the endpoints of one group (`client.<group>.<endpoint>`).
 * - {@link api}: a service's groups, with the title and version of its OpenAPI document.
 *
 * Every constructor is free of side effects (and marked so): a bundler drops each definition nothing uses.
 *
 * @example
 * export const getFriends = get("getFriends", "/v1/users/:userId/friends", {
 *   params: { userId: Id },
 *   query: { userSort: Schema.optional(FriendSort) },
 *   success: DataList(FriendUser),
 *   errors: [400, 429]
 * })
 * export const FriendsGroup = group("friends", getFriends)
 * export const FriendsApi = api("friends", { title: "Friends", version: "v1" }, FriendsGroup)
 *
 * @module
 */
import * as Schema from "effect/Schema"

/** The methods of the platform's endpoints. */
export type Method = "GET" | "POST" | "PATCH" | "PUT" | "DELETE"

/** The statuses of the error answers an endpoint declares; each answers the platform's error body. */
export type ErrorStatus = 400 | 401 | 403 | 404 | 429

/** The schemas of an endpoint: one per part of its request (undefined for a part it has not), and its answer. */
export interface EndpointSchemas {
  readonly params: Schema.Top | undefined
  readonly query: Schema.Top | undefined
  readonly headers: Schema.Top | undefined
  readonly payload: Schema.Top | undefined
  readonly success: Schema.Top
}

/** One endpoint: its name, method, path and schemas, the error statuses it declares and the name of its body. */
export interface Endpoint<
  out Name extends string = string,
  out M extends Method = Method,
  out S extends EndpointSchemas = EndpointSchemas,
  out E extends ErrorStatus = ErrorStatus
> {
  readonly identifier: Name
  readonly method: M
  /** The path relative to the service's base URL, each path parameter a `:name` segment. */
  readonly path: string
  /** The path parameters (a struct). */
  readonly params: S["params"]
  /** The query parameters (a struct). */
  readonly query: S["query"]
  /** The request headers (a struct; names in lower case). */
  readonly headers: S["headers"]
  /** The body, sent as JSON. */
  readonly payload: S["payload"]
  /** The answer of a 2xx status: JSON, or bytes when {@link successContentType} is set. */
  readonly success: S["success"]
  /** The content type of an answer that is bytes (`success` is then a `Uint8Array` schema); undefined for JSON. */
  readonly successContentType: string | undefined
  readonly errors: ReadonlyArray<E>
  /** The body's name in a RequiredError, as the published documents name it (default `request`). */
  readonly bodyName: string
}

/** Any endpoint. */
export type AnyEndpoint = Endpoint<string, Method, EndpointSchemas, ErrorStatus>

/** A part of a request as a definition gives it: struct fields, or a schema. */
export type PartInput = Schema.Struct.Fields | Schema.Top

/** The schema of a part given as struct fields or as a schema (undefined stays undefined). */
export type PartSchema<P> = [P] extends [Schema.Struct.Fields] ? Schema.Struct<P> : Extract<P, Schema.Top | undefined>

/** What an endpoint constructor takes besides the name and path. */
export interface EndpointOptions<
  P extends PartInput | undefined,
  Q extends PartInput | undefined,
  H extends PartInput | undefined,
  B extends Schema.Top | undefined,
  S extends Schema.Top,
  E extends ErrorStatus
> {
  readonly params?: P
  readonly query?: Q
  readonly headers?: H
  readonly payload?: B
  readonly success: S
  readonly successContentType?: string | undefined
  readonly errors?: ReadonlyArray<E>
  readonly bodyName?: string
}

/** An endpoint constructor of one method. */
export type EndpointConstructor<M extends Method> = <
  const Name extends string,
  P extends PartInput | undefined = undefined,
  Q extends PartInput | undefined = undefined,
  H extends PartInput | undefined = undefined,
  B extends Schema.Top | undefined = undefined,
  S extends Schema.Top = Schema.Top,
  const E extends ErrorStatus = never
>(
  identifier: Name,
  path: `/${string}`,
  options: EndpointOptions<P, Q, H, B, S, E>
) => Endpoint<
  Name,
  M,
  { params: PartSchema<P>; query: PartSchema<Q>; headers: PartSchema<H>; payload: B; success: S },
  E
>

/** The body name of an endpoint that names none. */
export const defaultBodyName = "request"

const partSchema = (part: PartInput | undefined): Schema.Top | undefined =>
  part === undefined || Schema.isSchema(part) ? part : Schema.Struct(part)

/*#__NO_SIDE_EFFECTS__*/
function endpoint(
  method: Method,
  identifier: string,
  path: string,
  options: EndpointOptions<
    PartInput | undefined,
    PartInput | undefined,
    PartInput | undefined,
    Schema.Top | undefined,
    Schema.Top,
    ErrorStatus
  >
): AnyEndpoint {
  return {
    identifier,
    method,
    path,
    params: partSchema(options.params),
    query: partSchema(options.query),
    headers: partSchema(options.headers),
    payload: options.payload,
    success: options.success,
    successContentType: options.successContentType,
    errors: options.errors ?? [],
    bodyName: options.bodyName ?? defaultBodyName
  }
}

/** A `GET` endpoint. */
export const get: EndpointConstructor<"GET"> = /*#__NO_SIDE_EFFECTS__*/ (identifier, path, options) =>
  endpoint("GET", identifier, path, options) as never

/** A `POST` endpoint. */
export const post: EndpointConstructor<"POST"> = /*#__NO_SIDE_EFFECTS__*/ (identifier, path, options) =>
  endpoint("POST", identifier, path, options) as never

/** A `PATCH` endpoint. */
export const patch: EndpointConstructor<"PATCH"> = /*#__NO_SIDE_EFFECTS__*/ (identifier, path, options) =>
  endpoint("PATCH", identifier, path, options) as never

/** A `PUT` endpoint. */
export const put: EndpointConstructor<"PUT"> = /*#__NO_SIDE_EFFECTS__*/ (identifier, path, options) =>
  endpoint("PUT", identifier, path, options) as never

/** A `DELETE` endpoint. */
export const del: EndpointConstructor<"DELETE"> = /*#__NO_SIDE_EFFECTS__*/ (identifier, path, options) =>
  endpoint("DELETE", identifier, path, options) as never

/** Endpoints by name. */
export type EndpointRecord<E extends AnyEndpoint> = { readonly [K in E as K["identifier"]]: K }

/** The endpoints of one group of a service: `client.<identifier>.<endpoint>`. */
export interface Group<Name extends string = string, E extends AnyEndpoint = AnyEndpoint> {
  readonly identifier: Name
  readonly endpoints: EndpointRecord<E>
}

/** Any group. */
export type AnyGroup = Group<string, AnyEndpoint>

/** The endpoints of a group, as a union. */
export type EndpointsOf<G extends AnyGroup> = G["endpoints"][keyof G["endpoints"]]

const byIdentifier = (items: ReadonlyArray<{ readonly identifier: string }>) =>
  Object.fromEntries(items.map((item) => [item.identifier, item]))

/** A group of endpoints, each under its name. */
export const group = /*#__NO_SIDE_EFFECTS__*/ <const Name extends string, const E extends ReadonlyArray<AnyEndpoint>>(
  identifier: Name,
  ...endpoints: E
): Group<Name, E[number]> => ({ identifier, endpoints: byIdentifier(endpoints) as EndpointRecord<E[number]> })

/** Groups by name. */
export type GroupRecord<G extends AnyGroup> = { readonly [K in G as K["identifier"]]: K }

/** A service: its groups, and the title and version of its OpenAPI document. */
export interface Api<Name extends string = string, G extends AnyGroup = AnyGroup> {
  readonly identifier: Name
  readonly title: string
  readonly version: string
  readonly groups: GroupRecord<G>
}

/** Any service. */
export type AnyApi = Api<string, AnyGroup>

/** The groups of a service, as a union. */
export type GroupsOf<A extends AnyApi> = A["groups"][keyof A["groups"]]

/** A service of groups, each under its name. */
export const api = /*#__NO_SIDE_EFFECTS__*/ <const Name extends string, const G extends ReadonlyArray<AnyGroup>>(
  identifier: Name,
  info: { readonly title: string; readonly version: string },
  ...groups: G
): Api<Name, G[number]> => ({ identifier, ...info, groups: byIdentifier(groups) as GroupRecord<G[number]> })

/** Every endpoint of a service with its group, in definition order. */
export const endpointsOf = (
  service: AnyApi
): ReadonlyArray<{ readonly group: AnyGroup; readonly endpoint: AnyEndpoint }> =>
  Object.values<AnyGroup>(service.groups).flatMap((group) =>
    Object.values<AnyEndpoint>(group.endpoints).map((endpoint) => ({ group, endpoint }))
  )
