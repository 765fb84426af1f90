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
import * as Schema from "effect/Schema"
import { CursorPage, DataList, EmptyResponse, Id, IdList } from "../sharedSchemas.ts"
import { api, get, group, post } from "../definition.ts"
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

/** `GET /v1/assets/{assetId}/bundles`. */
export const getAssetBundles = get("getAssetBundles", "/v1/assets/:assetId/bundles", {
  params: { assetId: Id },
  query: CatalogPageQuery,
  success: CursorPage(BundleDetails),
  errors: [400]
})

/** `GET /v1/bundles/{bundleId}/details`. */
export const getBundleDetails = get("getBundleDetails", "/v1/bundles/:bundleId/details", {
  params: { bundleId: Id },
  success: BundleDetails,
  errors: [400, 404]
})

/** `GET /v1/bundles/{bundleId}/recommendations`. */
export const getBundleRecommendations = get("getBundleRecommendations", "/v1/bundles/:bundleId/recommendations", {
  params: { bundleId: Id },
  query: { numItems: Schema.optional(Schema.Int) },
  success: DataList(BundleDetails),
  errors: [400]
})

/** `POST /v1/bundles/{bundleId}/unpack`. */
export const unpackBundle = post("unpackBundle", "/v1/bundles/:bundleId/unpack", {
  params: { bundleId: Id },
  success: EmptyResponse,
  errors: [400, 401, 403, 404]
})

/** `GET /v1/bundles/details`. */
export const getBundlesDetails = get("getBundlesDetails", "/v1/bundles/details", {
  query: { bundleIds: IdList },
  success: Schema.Array(BundleDetails),
  errors: [400]
})

/** `GET /v1/users/{userId}/bundles/{bundleType}`. */
export const getUserBundlesByType = get("getUserBundlesByType", "/v1/users/:userId/bundles/:bundleType", {
  params: { userId: Id, bundleType: BundleTypeCode },
  query: { ...UserBundlesQuery, cursor: Schema.String },
  success: CursorPage(OwnedBundle),
  errors: [400]
})

/** `GET /v1/users/{userId}/bundles`. */
export const getUserBundles = get("getUserBundles", "/v1/users/:userId/bundles", {
  params: { userId: Id },
  query: { ...UserBundlesQuery, cursor: Schema.optional(Schema.String) },
  success: CursorPage(OwnedBundle),
  errors: [400]
})

/** `POST /v1/catalog/items/details`. */
export const getCatalogItemsDetails = post("getCatalogItemsDetails", "/v1/catalog/items/details", {
  payload: CatalogItemsDetailsRequest,
  success: DataList(CatalogItemDetails),
  errors: [400],
  bodyName: "model"
})

/** `GET /v1/catalog/items/{itemId}/details`. */
export const getCatalogItemDetails = get("getCatalogItemDetails", "/v1/catalog/items/:itemId/details", {
  params: { itemId: Id },
  query: { itemType: CatalogItemTypeName },
  success: CatalogItemDetails,
  errors: [400, 404]
})

/** `GET /v1/catalog/metadata`. */
export const getCatalogMetadata = get("getCatalogMetadata", "/v1/catalog/metadata", { success: CatalogMetadata })

/** `GET /v1/catalog/sorts`. */
export const getCatalogSorts = get("getCatalogSorts", "/v1/catalog/sorts", { success: Schema.Array(CatalogSort) })

/** `GET /v1/recommendations/asset/{assetTypeId}`. */
export const getAssetRecommendations = get("getAssetRecommendations", "/v1/recommendations/asset/:assetTypeId", {
  params: { assetTypeId: Id },
  query: { numItems: Schema.optional(Schema.Int), contextAssetId: Schema.optional(Id) },
  success: DataList(RecommendedItem),
  errors: [400]
})

/** `GET /v1/recommendations/metadata`. */
export const getRecommendationsMetadata = get("getRecommendationsMetadata", "/v1/recommendations/metadata", {
  query: { page: Schema.String },
  success: RecommendationsMetadata,
  errors: [400]
})

/** `GET /v2/recommendations/{assetTypeId}`. */
export const getRecommendationsV2 = get("getRecommendationsV2", "/v2/recommendations/:assetTypeId", {
  params: { assetTypeId: Id },
  query: {
    numItems: Schema.optional(Schema.Int),
    contextAssetId: Schema.optional(Id),
    thumbWidth: Schema.optional(Schema.Int),
    thumbHeight: Schema.optional(Schema.Int)
  },
  success: DataList(RecommendedItem),
  errors: [400]
})

/** `GET /v2/assets/{assetId}/owners`. */
export const getAssetOwners = get("getAssetOwners", "/v2/assets/:assetId/owners", {
  params: { assetId: Id },
  query: CatalogPageQuery,
  success: CursorPage(AssetOwner),
  errors: [400, 404]
})

/** The catalog endpoints. */
export const CatalogGroup = group(
  "catalog",
  getAssetBundles,
  getBundleDetails,
  getBundleRecommendations,
  unpackBundle,
  getBundlesDetails,
  getUserBundlesByType,
  getUserBundles,
  getCatalogItemsDetails,
  getCatalogItemDetails,
  getCatalogMetadata,
  getCatalogSorts,
  getAssetRecommendations,
  getRecommendationsMetadata,
  getRecommendationsV2,
  getAssetOwners
)

/** The catalog service as an API of its own. */
export const CatalogApi = api("catalog", { title: "Catalog", version: "v1" }, CatalogGroup)
