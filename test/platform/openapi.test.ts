/**
 * The OpenAPI documents generated from the definitions: one per service, and the platform's with every service under
 * `/{service}`.
 */
import { assert, describe, it } from "@effect/vitest"
import type * as HttpApiGroup from "effect/http-api/HttpApiGroup"
import { platformServices, type PlatformServiceName } from "../../src/platform/api/registry.ts"
import { platformOpenApi, serviceOpenApi } from "../../src/platform/openapi.ts"

const operations = (doc: { readonly paths: object }) =>
  Object.entries(doc.paths as Record<string, Record<string, { operationId?: string }>>).flatMap(([path, ops]) =>
    Object.entries(ops)
      .filter(([method]) => ["get", "post", "patch", "put", "delete"].includes(method))
      .map(([method, op]) => ({ path, method, id: op.operationId }))
  )

/** Every endpoint of every service definition (the specCalls test pins them to the listed calls and the published documents). */
const endpointCount = Object.values(platformServices).flatMap((api) =>
  (Object.values(api.groups) as ReadonlyArray<HttpApiGroup.Top>).flatMap((g) => Object.keys(g.endpoints))
).length

describe("OpenAPI documents", () => {
  it("describe every call of every service, once", () => {
    const perService = (Object.keys(platformServices) as Array<PlatformServiceName>).map(
      (s) => operations(serviceOpenApi(s)).length
    )
    assert.strictEqual(
      perService.reduce((a, b) => a + b, 0),
      endpointCount
    )
    const all = operations(platformOpenApi())
    assert.strictEqual(all.length, endpointCount)
    assert.strictEqual(new Set(all.map((o) => o.id)).size, endpointCount)
  })

  it("put each service under its name and keep the spec's paths", () => {
    const paths = Object.keys(platformOpenApi().paths)
    assert.include(paths, "/games/v1/games/list")
    assert.include(paths, "/thumbnails/v1/places/gameicons")
    assert.include(paths, "/localizationTables/v1/auto-localization-table/games/{gameId}/ingestion")
    assert.include(paths, "/translationRoles/v1/game-localization-roles/roles/{role}/current-user")
    assert.include(Object.keys(serviceOpenApi("catalog").paths), "/v1/bundles/{bundleId}/details")
  })

  it("describe the binary report, the Roblox-Game-Id header and the model.* parameters", () => {
    const doc = platformOpenApi() as any
    const download =
      doc.paths[
        "/gameInternationalization/v1/translation-analytics/games/{gameId}/download-translation-analytics-report"
      ].get
    assert.deepStrictEqual(download.responses["200"].content["application/octet-stream"].schema, {
      type: "string",
      format: "binary"
    })
    const patch = doc.paths["/localizationTables/v1/auto-localization-table/games/{gameId}/ingestion"].patch
    assert.deepStrictEqual(
      patch.parameters.filter((p: any) => p.in === "header").map((p: any) => [p.name, p.required]),
      [["roblox-game-id", false]]
    )
    const list = doc.paths["/games/v1/games/list"].get
    assert.isTrue(list.parameters.every((p: any) => p.name.startsWith("model.")))
    assert.strictEqual(list.parameters.length, 15)
  })
})
