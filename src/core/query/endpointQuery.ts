/**
 * Queries straight from the endpoint definitions: `endpointQuery(FriendsClient, FriendsApi, "friends", "getFriends")`
 * is a {@link Query} whose arguments are the endpoint's request (params, query, payload), whose effect is the typed
 * client's method (so every call goes through the pipeline and fails with the client's typed errors), and whose SSR
 * schema is the endpoint's success schema from the definition. The client is any service whose value has the shape
 * `client[group][endpoint](request)` (the platform's typed clients, `HttpApiClient.make`).
 *
 * @module
 */
import type * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import * as Query from "./Query.ts"

type Method = (request: any) => Effect.Effect<any, any, any>

/** The request a client method takes. */
export type MethodRequest<M> = M extends (request: infer Req) => Effect.Effect<any, any, any> ? Req : never

/** The query of a client method: its request, success and error. */
export type MethodQuery<M, Self> = M extends (request: infer Req) => Effect.Effect<infer A, infer E, infer R>
  ? Query.Query<Req, A, E, Self | R>
  : never

/** What {@link endpointQuery} reads of a service definition: each endpoint's success schema, by group and name. */
export interface EndpointDefinitions {
  readonly identifier: string
  readonly groups: {
    readonly [group: string]: { readonly endpoints: { readonly [endpoint: string]: { readonly success: Schema.Top } } }
  }
}

/** Options of {@link endpointQuery}: the {@link Query.QueryOptions} besides `run` and `schema`. */
export type EndpointQueryOptions<Req> = Omit<Query.QueryOptions<Req, any, any, never>, "run" | "schema" | "name"> & {
  /** Default `group.endpoint`. */
  readonly name?: string | undefined
}

/** The query of one endpoint of a typed client; see the module doc. */
export const endpointQuery = <
  Self,
  Client extends { readonly [G in keyof Client]: { readonly [E in keyof Client[G]]: Method } },
  const G extends keyof Client & string,
  const E extends keyof Client[G] & string
>(
  client: Context.Key<Self, Client>,
  api: EndpointDefinitions,
  group: G,
  endpoint: E,
  options: EndpointQueryOptions<MethodRequest<Client[G][E]>> = {}
): MethodQuery<Client[G][E], Self> => {
  const definition = api.groups[group]?.endpoints[endpoint]
  if (definition === undefined)
    throw new Error(`endpointQuery: ${group}.${endpoint} is not in the API ${api.identifier}`)
  return Query.make({
    ...options,
    name: options.name ?? `${group}.${endpoint}`,
    run: (request: unknown) => Effect.flatMap(Effect.service(client), (c) => (c[group][endpoint] as Method)(request)),
    schema: { success: definition.success as any }
  }) as unknown as MethodQuery<Client[G][E], Self>
}
