/**
 * The catalog service: bundles, catalog items, sorts and recommendations (API-2, 15 calls). Paths are
 * relative to `PlatformConfig.baseUrls.catalog`; the schemas are in schemas.ts.
 *
 * Seven calls are in the published document and follow it: `limit` of the asset's bundles 10/25/50/100, `sortOrder`
 * of a user's bundles as a code (1 Asc, 2 Desc), `bundleType` in the path as its code 1–4, `cursor` required for a
 * user's bundles of one type (`""` asks for the first page), `itemType` of the multi-get body as a code, bundle ids
 * comma-joined.
 *
 * @module
 */
import * as HttpApi from "effect/http-api/HttpApi"
import * as HttpApiEndpoint from "effect/http-api/HttpApiEndpoint"
import * as HttpApiGroup from "effect/http-api/HttpApiGroup"
import * as OpenApi from "effect/http-api/OpenApi"
import * as Schema from "effect/Schema"
import { BodyName } from "../annotations.ts"
import {
  ApiBadRequest,
  ApiForbidden,
  ApiNotFound,
  ApiUnauthorized,
  CursorPage,
  DataList,
  EmptyResponse,
  Id,
  IdList
} from "../sharedSchemas.ts"
import {
  AssetOwner,
  BundleDetails,
  BundleTypeCode,
  CatalogItemDetails,
  CatalogItemsDetailsRequest,
  CatalogItemTypeName,
  CatalogMetadata,
  CatalogPageQuery,
  CatalogSort,
  OwnedBundle,
  RecommendationsMetadata,
  RecommendedItem,
  UserBundlesQuery
} from "./schemas.ts"

/** The catalog endpoints. */
export class CatalogGroup extends HttpApiGroup.make("catalog").add(
  HttpApiEndpoint.get("getAssetBundles", "/v1/assets/:assetId/bundles", {
    params: { assetId: Id },
    query: CatalogPageQuery,
    success: CursorPage(BundleDetails),
    error: ApiBadRequest
  }),
  HttpApiEndpoint.get("getBundleDetails", "/v1/bundles/:bundleId/details", {
    params: { bundleId: Id },
    success: BundleDetails,
    error: [ApiBadRequest, ApiNotFound]
  }),
  HttpApiEndpoint.get("getBundleRecommendations", "/v1/bundles/:bundleId/recommendations", {
    params: { bundleId: Id },
    query: { numItems: Schema.optional(Schema.Int) },
    success: DataList(BundleDetails),
    error: ApiBadRequest
  }),
  HttpApiEndpoint.post("unpackBundle", "/v1/bundles/:bundleId/unpack", {
    params: { bundleId: Id },
    success: EmptyResponse,
    error: [ApiBadRequest, ApiUnauthorized, ApiForbidden, ApiNotFound]
  }),
  HttpApiEndpoint.get("getBundlesDetails", "/v1/bundles/details", {
    query: { bundleIds: IdList },
    success: Schema.Array(BundleDetails),
    error: ApiBadRequest
  }),
  HttpApiEndpoint.get("getUserBundlesByType", "/v1/users/:userId/bundles/:bundleType", {
    params: { userId: Id, bundleType: BundleTypeCode },
    query: { ...UserBundlesQuery, cursor: Schema.String },
    success: CursorPage(OwnedBundle),
    error: ApiBadRequest
  }),
  HttpApiEndpoint.get("getUserBundles", "/v1/users/:userId/bundles", {
    params: { userId: Id },
    query: { ...UserBundlesQuery, cursor: Schema.optional(Schema.String) },
    success: CursorPage(OwnedBundle),
    error: ApiBadRequest
  }),
  HttpApiEndpoint.post("getCatalogItemsDetails", "/v1/catalog/items/details", {
    payload: CatalogItemsDetailsRequest,
    success: DataList(CatalogItemDetails),
    error: ApiBadRequest
  }).annotate(BodyName, "model"),
  HttpApiEndpoint.get("getCatalogItemDetails", "/v1/catalog/items/:itemId/details", {
    params: { itemId: Id },
    query: { itemType: CatalogItemTypeName },
    success: CatalogItemDetails,
    error: [ApiBadRequest, ApiNotFound]
  }),
  HttpApiEndpoint.get("getCatalogMetadata", "/v1/catalog/metadata", { success: CatalogMetadata }),
  HttpApiEndpoint.get("getCatalogSorts", "/v1/catalog/sorts", { success: Schema.Array(CatalogSort) }),
  HttpApiEndpoint.get("getAssetRecommendations", "/v1/recommendations/asset/:assetTypeId", {
    params: { assetTypeId: Id },
    query: { numItems: Schema.optional(Schema.Int), contextAssetId: Schema.optional(Id) },
    success: DataList(RecommendedItem),
    error: ApiBadRequest
  }),
  HttpApiEndpoint.get("getRecommendationsMetadata", "/v1/recommendations/metadata", {
    query: { page: Schema.String },
    success: RecommendationsMetadata,
    error: ApiBadRequest
  }),
  HttpApiEndpoint.get("getRecommendationsV2", "/v2/recommendations/:assetTypeId", {
    params: { assetTypeId: Id },
    query: {
      numItems: Schema.optional(Schema.Int),
      contextAssetId: Schema.optional(Id),
      thumbWidth: Schema.optional(Schema.Int),
      thumbHeight: Schema.optional(Schema.Int)
    },
    success: DataList(RecommendedItem),
    error: ApiBadRequest
  }),
  HttpApiEndpoint.get("getAssetOwners", "/v2/assets/:assetId/owners", {
    params: { assetId: Id },
    query: CatalogPageQuery,
    success: CursorPage(AssetOwner),
    error: [ApiBadRequest, ApiNotFound]
  })
) {}

/** The catalog service as an API of its own. */
export class CatalogApi extends HttpApi.make("catalog").add(CatalogGroup).annotateMerge(
  OpenApi.annotations({ title: "Catalog", version: "v1" })
) {}
