/**
 * One definition per endpoint: what the emulator serves and what the OpenAPI documents describe are derived from the
 * same endpoint definitions the typed clients execute (src/platform/api/httpApi.ts), with nothing added or lost.
 * For every endpoint of every service: the emulator's served API has it under `/{service}` with the definition's
 * method and path, and with schemas of the same type (parameters, query, headers, body, answer); the platform's
 * OpenAPI document lists it once, at the same path and method, with its answer and every declared error status.
 */
import { assert, describe, it } from "@effect/vitest"
import type * as HttpApiEndpoint from "effect/http-api/HttpApiEndpoint"
import type * as HttpApiGroup from "effect/http-api/HttpApiGroup"
import * as Schema from "effect/Schema"
import { ServedAppConfigApi, ServedMetricsApi } from "../../../src/emulator/analytics/routes.ts"
import { ServedHbaApi } from "../../../src/emulator/hba/routes.ts"
import { ServedCatalogApi } from "../../../src/emulator/services/catalog.ts"
import { ServedDeepLinksApi } from "../../../src/emulator/services/deepLinks.ts"
import { ServedFriendsApi } from "../../../src/emulator/services/friends.ts"
import { ServedGameInternationalizationApi } from "../../../src/emulator/services/gameInternationalization/api.ts"
import { ServedGamesApi } from "../../../src/emulator/services/games/api.ts"
import { ServedLocaleApi } from "../../../src/emulator/services/locale.ts"
import { ServedLocalizationTablesApi } from "../../../src/emulator/services/localizationTables/api.ts"
import { ServedPresenceApi } from "../../../src/emulator/services/presence.ts"
import { ServedShareLinksApi } from "../../../src/emulator/services/shareLinks.ts"
import { ServedThumbnailsApi } from "../../../src/emulator/services/thumbnails/api.ts"
import { ServedTranslationRolesApi } from "../../../src/emulator/services/translationRoles.ts"
import { ServedUsersApi } from "../../../src/emulator/services/users.ts"
import { type AnyEndpoint, endpointsOf } from "../../../src/platform/api/definition.ts"
import { platformServices, type PlatformServiceName } from "../../../src/platform/api/registry.ts"
import { platformOpenApi, serviceOpenApi } from "../../../src/platform/openapi.ts"

/** The API the emulator serves for each service. */
const served: Record<PlatformServiceName, { readonly groups: object }> = {
  catalog: ServedCatalogApi,
  games: ServedGamesApi,
  thumbnails: ServedThumbnailsApi,
  users: ServedUsersApi,
  friends: ServedFriendsApi,
  presence: ServedPresenceApi,
  locale: ServedLocaleApi,
  gameInternationalization: ServedGameInternationalizationApi,
  localizationTables: ServedLocalizationTablesApi,
  translationRoles: ServedTranslationRolesApi,
  shareLinks: ServedShareLinksApi,
  deepLinks: ServedDeepLinksApi,
  hba: ServedHbaApi,
  metrics: ServedMetricsApi,
  apiGateway: ServedAppConfigApi
}

const services = Object.keys(platformServices) as Array<PlatformServiceName>

const definitions = services.flatMap((service) =>
  endpointsOf(platformServices[service]).map(({ endpoint, group }) => ({ service, group: group.identifier, endpoint }))
)

/** The JSON Schema of a schema's type (what a value is once decoded), or undefined for no schema. */
const typeOf = (schema: Schema.Top | undefined) =>
  schema === undefined ? undefined : Schema.toJsonSchemaDocument(Schema.toType(schema))

/** The schemas of a served endpoint, part by part, as the definition names them. */
const servedSchemas = (endpoint: HttpApiEndpoint.Top) => ({
  params: endpoint.params,
  query: endpoint.query,
  headers: endpoint.headers,
  payload: [...endpoint.payload.values()].flatMap(({ schemas }) => schemas)[0],
  success: [...endpoint.success][0]
})

const definedSchemas = (endpoint: AnyEndpoint) => ({
  params: endpoint.params,
  query: endpoint.query,
  headers: endpoint.headers,
  payload: endpoint.payload,
  success: endpoint.success
})

/** The OpenAPI path of a definition's path: `:name` segments as `{name}`. */
const template = (path: string) => path.replace(/:(\w+)/g, "{$1}")

describe("served and documented from the same definitions", () => {
  it("reads every endpoint of every service (112)", () => {
    assert.strictEqual(definitions.length, 112)
    assert.strictEqual(new Set(definitions.map((d) => d.endpoint.identifier)).size, definitions.length)
  })

  it("the emulator serves exactly the defined endpoints, under /{service}, with their methods and paths", () => {
    for (const service of services) {
      const groups = served[service].groups as Record<string, HttpApiGroup.Top>
      const servedEndpoints = Object.values(groups).flatMap((group) =>
        Object.values(group.endpoints).map((e) => `${group.identifier}.${e.identifier} ${e.method} ${e.path}`)
      )
      const defined = definitions
        .filter((d) => d.service === service)
        .map((d) => `${d.group}.${d.endpoint.identifier} ${d.endpoint.method} /${service}${d.endpoint.path}`)
      assert.deepStrictEqual(servedEndpoints, defined, service)
    }
  })

  it("each served endpoint decodes to the definition's types: parameters, query, headers, body and answer", () => {
    for (const { service, group, endpoint } of definitions) {
      const groups = served[service].groups as Record<string, HttpApiGroup.Top>
      const servedEndpoint = groups[group]!.endpoints[endpoint.identifier]!
      const mine = definedSchemas(endpoint)
      const theirs = servedSchemas(servedEndpoint)
      for (const part of ["params", "query", "headers", "payload", "success"] as const) {
        assert.deepStrictEqual(typeOf(theirs[part]), typeOf(mine[part]), `${endpoint.identifier} ${part}`)
      }
    }
  })

  it("the OpenAPI documents list each endpoint once, at its path and method, with its answer and error statuses", () => {
    const document = platformOpenApi() as unknown as {
      readonly paths: Record<string, Record<string, { operationId: string; responses: Record<string, unknown> }>>
    }
    const operations = Object.values(document.paths).flatMap((path) =>
      Object.keys(path).filter((method) => ["get", "post", "patch", "put", "delete"].includes(method))
    )
    assert.strictEqual(operations.length, definitions.length)
    for (const { service, group, endpoint } of definitions) {
      const operation = document.paths[`/${service}${template(endpoint.path)}`]?.[endpoint.method.toLowerCase()]
      assert.isDefined(operation, `${service} ${endpoint.method} ${endpoint.path}`)
      assert.strictEqual(operation!.operationId, `${group}.${endpoint.identifier}`)
      assert.deepStrictEqual(Object.keys(operation!.responses), ["200", ...endpoint.errors.map(String)])
    }
    for (const service of services) {
      const paths = Object.keys(serviceOpenApi(service).paths)
      const defined = new Set(definitions.filter((d) => d.service === service).map((d) => template(d.endpoint.path)))
      assert.deepStrictEqual(new Set(paths), defined, service)
    }
  })
})
