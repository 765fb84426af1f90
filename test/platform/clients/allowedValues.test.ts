/**
 * The allowed-values rule: read from the definitions, checked before anything is sent, failing with a
 * RequestEncodeError that names the parameter and the values it takes.
 */
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import type * as HttpApiEndpoint from "effect/http-api/HttpApiEndpoint"
import { CatalogApi } from "../../../src/platform/api/catalog/api.ts"
import { ThumbnailsApi } from "../../../src/platform/api/thumbnails/api.ts"
import { allowedValues } from "../../../src/platform/clients/allowedValues.ts"
import { CatalogClient, ThumbnailsClient } from "../../../src/platform/clients/PlatformClients.ts"
import { StubFetch } from "../../../src/testing/StubFetch.ts"
import { clientsLayer } from "./harness.ts"

const endpoint = (e: unknown) => e as HttpApiEndpoint.Top

describe("allowedValues", () => {
  it("reads the closed parameters of an endpoint, path first, `undefined` of optional ones left out", () => {
    assert.deepStrictEqual(allowedValues(endpoint(ThumbnailsApi.groups.assetThumbnails.endpoints.getBadgeIcons)), [
      { part: "query", name: "size", allowed: ["150x150"] },
      { part: "query", name: "format", allowed: ["Png", "Webp"] }
    ])
    assert.deepStrictEqual(allowedValues(endpoint(CatalogApi.groups.catalog.endpoints.getUserBundlesByType)), [
      { part: "params", name: "bundleType", allowed: ["BodyParts", "AvatarAnimations", "Shoes", "DynamicHead"] },
      { part: "query", name: "sortOrder", allowed: ["Asc", "Desc"] }
    ])
  })

  it("has nothing to say about open values (ids, strings, booleans are left to the encoder)", () => {
    assert.deepStrictEqual(allowedValues(endpoint(ThumbnailsApi.groups.avatarThumbnails.endpoints.getAvatarThumbnail3d)), [])
  })
})

describe("a value outside its set", () => {
  it.effect("fails with the parameter and its values, and sends nothing (an image size)", () =>
    Effect.gen(function*() {
      const client = yield* ThumbnailsClient
      const error = yield* Effect.flip(
        client.assetThumbnails.getBadgeIcons({ query: { badgeIds: [1], size: "420x420" as "150x150" } })
      )
      assert.strictEqual(error._tag, "RequestEncodeError")
      if (error._tag !== "RequestEncodeError") return
      assert.strictEqual(error.parameter, "size")
      assert.deepStrictEqual(error.allowed, ["150x150"])
      assert.strictEqual(error.message, `Request of getBadgeIcons could not be encoded: size must be one of 150x150 (got "420x420")`)
      assert.strictEqual((yield* StubFetch).requests.length, 0)
    }).pipe(Effect.provide(clientsLayer({ data: [] }))))

  it.effect("fails with the parameter and its values, and sends nothing (a page size)", () =>
    Effect.gen(function*() {
      const { catalog } = yield* CatalogClient
      const error = yield* Effect.flip(catalog.getAssetBundles({ params: { assetId: 5 }, query: { limit: 20 as 10 } }))
      assert.strictEqual(error._tag, "RequestEncodeError")
      if (error._tag !== "RequestEncodeError") return
      assert.strictEqual(error.parameter, "limit")
      assert.deepStrictEqual(error.allowed, [10, 25, 50, 100])
      assert.strictEqual(error.message, "Request of getAssetBundles could not be encoded: limit must be one of 10, 25, 50, 100 (got 20)")
      assert.strictEqual((yield* StubFetch).requests.length, 0)
    }).pipe(Effect.provide(clientsLayer({ data: [] }))))

  it.effect("a value in its set goes out", () =>
    Effect.gen(function*() {
      const { catalog } = yield* CatalogClient
      yield* catalog.getAssetBundles({ params: { assetId: 5 }, query: { limit: 100 } })
      assert.strictEqual((yield* StubFetch).requests.length, 1)
    }).pipe(Effect.provide(clientsLayer({ data: [] }))))
})
