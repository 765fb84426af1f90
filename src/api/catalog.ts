/**
 * platform-web-client/api/catalog: the catalog service: items, bundles, owners, recommendations and sorts. Its
 * definition (`CatalogApi`: the typed client's, the emulator's and the OpenAPI document's), one definition per endpoint
 * (a page that calls one endpoint alone, with `platformCall` of `platform-web-client/clients`, loads only that one) and
 * the schemas of its requests and answers.
 *
 * @module
 */
export {
  CatalogApi,
  CatalogGroup,
  getAssetBundles,
  getAssetOwners,
  getAssetRecommendations,
  getBundleDetails,
  getBundleRecommendations,
  getBundlesDetails,
  getCatalogItemDetails,
  getCatalogItemsDetails,
  getCatalogMetadata,
  getCatalogSorts,
  getRecommendationsMetadata,
  getRecommendationsV2,
  getUserBundles,
  getUserBundlesByType,
  unpackBundle
} from "../platform/api/catalog/api.ts"
export {
  AssetOwner,
  BundleCreator,
  BundleDetails,
  BundleItem,
  BundleProduct,
  BundleType,
  BundleTypeCode,
  CatalogCreatorType,
  CatalogItemDetails,
  CatalogItemRef,
  CatalogItemRestriction,
  CatalogItemsDetailsRequest,
  CatalogItemStatus,
  CatalogItemType,
  CatalogItemTypeCode,
  CatalogMetadata,
  CatalogPageQuery,
  catalogPageSizes,
  CatalogSort,
  CollectibleItemDetail,
  Discount,
  DiscountInformation,
  OwnedBundle,
  PremiumPricing,
  RecommendationsMetadata,
  RecommendedItem,
  SaleLocation,
  SaleLocationType,
  Taxonomy,
  TimedOption,
  UserBundlesQuery
} from "../platform/api/catalog/schemas.ts"
