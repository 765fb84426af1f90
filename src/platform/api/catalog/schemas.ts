/**
 * The schemas of the catalog service: bundles, catalog items, sorts, recommendations and owners.
 *
 * Shapes follow the published catalog documents where they exist (bundle details with their collectible and discount
 * details, owned bundles, the item details multi-get): every documented field, optional, null where live answers
 * send null. Where the spec says "not shown" (unpack, single item details, metadata, sorts, recommendations, owners)
 * the schemas hold the fields a page needs, all optional beyond the ids, and ignore the rest. Enums of answers are
 * open (the documented code and the live name decode; an unknown value is kept as such); enums of requests go as the
 * document declares them (`itemType` and `bundleType` as codes, `sortOrder` as a name or a code by call).
 *
 * @module
 */
import * as Schema from "effect/Schema"
import { AssetType } from "../assetTypes.ts"
import {
  Id,
  lenientEnum,
  openCodedEnum,
  optionalOrNull,
  PageSize,
  pageSizes,
  SortOrder,
  SortOrderCode
} from "../sharedSchemas.ts"

/** Page sizes the catalog's paged lists accept. */
export const catalogPageSizes = pageSizes

/** Query parameters of a cursor-paged catalog list documented with names (`sortOrder=Asc`) and page sizes. */
export const CatalogPageQuery = {
  limit: Schema.optional(PageSize),
  cursor: Schema.optional(Schema.String),
  sortOrder: Schema.optional(SortOrder)
}

/** Query parameters of a user's bundles: `sortOrder` documented as a code (`1` Asc, `2` Desc), `limit` free. */
export const UserBundlesQuery = {
  limit: Schema.optional(Schema.Int.check(Schema.isGreaterThan(0))),
  sortOrder: Schema.optional(SortOrderCode)
}

/** Catalog item type names with their documented codes. */
const catalogItemTypes = ["Asset", "Bundle"] as const

/** Catalog item type of an answer (documented 1–2, sent live as the name; open). */
export const CatalogItemType = openCodedEnum(catalogItemTypes, { 1: "Asset", 2: "Bundle" })

/** The type of {@link CatalogItemType}. */
export type CatalogItemType = typeof CatalogItemType.Type

/** Catalog item type of a request: a name, sent as its documented code (`1` Asset, `2` Bundle). */
export const CatalogItemTypeCode = lenientEnum(catalogItemTypes, { 1: "Asset", 2: "Bundle" })

/** Catalog item type of a query no document describes: read by name (any case) or code, sent by name. */
export const CatalogItemTypeName = lenientEnum(catalogItemTypes, { 1: "Asset", 2: "Bundle" }, "name")

const bundleTypeNames = ["BodyParts", "AvatarAnimations", "Shoes", "DynamicHead"] as const
const bundleTypeCodes = { 1: "BodyParts", 2: "AvatarAnimations", 3: "Shoes", 4: "DynamicHead" } as const

/** Bundle type of an answer (documented 1–4 or as a string, sent live as the name; open). */
export const BundleType = openCodedEnum(bundleTypeNames, bundleTypeCodes, "name")

/** The type of {@link BundleType}. */
export type BundleType = typeof BundleType.Type

/** Bundle type of a request (a path parameter): a name, sent as its documented code 1–4. */
export const BundleTypeCode = lenientEnum(bundleTypeNames, bundleTypeCodes)

/** Creator type of a catalog item (documented 0–2; open). */
export const CatalogCreatorType = openCodedEnum(["Invalid", "User", "Group"], { 0: "Invalid", 1: "User", 2: "Group" })

/** Restrictions of a catalog item (documented 1–9; open). */
export const CatalogItemRestriction = openCodedEnum(
  [
    "ThirteenPlus",
    "LimitedUnique",
    "Limited",
    "BuildersClub",
    "TurboBuildersClub",
    "OutrageousBuildersClub",
    "Rthro",
    "Live",
    "Collectible"
  ],
  {
    1: "ThirteenPlus",
    2: "LimitedUnique",
    3: "Limited",
    4: "BuildersClub",
    5: "TurboBuildersClub",
    6: "OutrageousBuildersClub",
    7: "Rthro",
    8: "Live",
    9: "Collectible"
  }
)

/** Status marks of a catalog item (documented New 1, Sale 2, SaleTimer 7, IsFAE 8; open). */
export const CatalogItemStatus = openCodedEnum(["New", "Sale", "SaleTimer", "IsFAE"], {
  1: "New",
  2: "Sale",
  7: "SaleTimer",
  8: "IsFAE"
})

/** Where an item is on sale (documented 0–7; open). */
export const SaleLocationType = openCodedEnum(
  [
    "NotApplicable",
    "ShopOnly",
    "MyExperiencesOnly",
    "ShopAndMyExperiences",
    "ExperiencesById",
    "ShopAndAllExperiences",
    "ExperiencesDevApiOnly",
    "ShopAndExperiencesById"
  ],
  {
    0: "NotApplicable",
    1: "ShopOnly",
    2: "MyExperiencesOnly",
    3: "ShopAndMyExperiences",
    4: "ExperiencesById",
    5: "ShopAndAllExperiences",
    6: "ExperiencesDevApiOnly",
    7: "ShopAndExperiencesById"
  }
)

/** A discount of a price. */
export const Discount = Schema.Struct({
  discountCampaign: optionalOrNull(Schema.String),
  localizedDiscountAttribution: optionalOrNull(Schema.String),
  robuxDiscountAmount: optionalOrNull(Schema.Int),
  robuxDiscountPercentage: optionalOrNull(Schema.Finite)
})

/** The discounts of a price and what they amount to. */
export const DiscountInformation = Schema.Struct({
  discounts: optionalOrNull(Schema.Array(Discount)),
  originalPrice: optionalOrNull(Schema.Int),
  totalDiscountAmount: optionalOrNull(Schema.Int),
  totalDiscountPercentage: optionalOrNull(Schema.Finite)
})

/** The type of {@link DiscountInformation}. */
export type DiscountInformation = typeof DiscountInformation.Type

/** Where a collectible is sold. */
export const SaleLocation = Schema.Struct({
  saleLocationType: optionalOrNull(SaleLocationType),
  saleLocationTypeId: optionalOrNull(Schema.Int),
  universeIds: optionalOrNull(Schema.Array(Schema.Int)),
  enabledUniverseIds: optionalOrNull(Schema.Array(Schema.Int))
})

/** The collectible side of a bundle: its item and product ids, prices, stock and resale. */
export const CollectibleItemDetail = Schema.Struct({
  collectibleItemId: optionalOrNull(Schema.String),
  collectibleProductId: optionalOrNull(Schema.String),
  collectibleItemType: optionalOrNull(
    openCodedEnum(["Invalid", "Limited", "NonLimited"], { 0: "Invalid", 1: "Limited", 2: "NonLimited" })
  ),
  price: optionalOrNull(Schema.Int),
  lowestPrice: optionalOrNull(Schema.Int),
  lowestResalePrice: optionalOrNull(Schema.Int),
  lowestAvailableResaleProductId: optionalOrNull(Schema.String),
  lowestAvailableResaleItemInstanceId: optionalOrNull(Schema.String),
  hasResellers: optionalOrNull(Schema.Boolean),
  totalQuantity: optionalOrNull(Schema.Int),
  unitsAvailable: optionalOrNull(Schema.Int),
  quantityLimitPerUser: optionalOrNull(Schema.Int),
  offSaleDeadline: optionalOrNull(Schema.String),
  resaleRestriction: optionalOrNull(
    openCodedEnum(["Invalid", "None", "Disabled"], { 0: "Invalid", 1: "None", 2: "Disabled" })
  ),
  saleStatus: optionalOrNull(
    openCodedEnum(["Invalid", "Draft", "OffSale", "OnSale", "PendingSale"], {
      0: "Invalid",
      1: "Draft",
      2: "OffSale",
      3: "OnSale",
      4: "PendingSale"
    })
  ),
  saleLocation: optionalOrNull(SaleLocation)
})

/** The type of {@link CollectibleItemDetail}. */
export type CollectibleItemDetail = typeof CollectibleItemDetail.Type

/** The creator of a bundle. */
export const BundleCreator = Schema.Struct({
  id: Schema.Int,
  name: Schema.optional(Schema.String),
  type: Schema.optional(Schema.String),
  hasVerifiedBadge: Schema.optional(Schema.Boolean)
})

/** One item of a bundle. */
export const BundleItem = Schema.Struct({
  id: Id,
  name: Schema.optional(Schema.String),
  type: Schema.optional(Schema.String),
  owned: Schema.optional(Schema.Boolean),
  assetType: optionalOrNull(Schema.Int),
  supportsHeadShapes: optionalOrNull(Schema.Boolean)
})

/** The Premium price of a product. */
export const PremiumPricing = Schema.Struct({
  premiumDiscountPercentage: optionalOrNull(Schema.Int),
  premiumPriceInRobux: optionalOrNull(Schema.Int)
})

/** The product (price) of a bundle. */
export const BundleProduct = Schema.Struct({
  id: Schema.Int,
  type: Schema.optional(Schema.String),
  isPublicDomain: Schema.optional(Schema.Boolean),
  isForSale: Schema.optional(Schema.Boolean),
  priceInRobux: optionalOrNull(Schema.Int),
  isFree: Schema.optional(Schema.Boolean),
  noPriceText: optionalOrNull(Schema.String),
  premiumPricing: optionalOrNull(PremiumPricing)
})

/** Details of a bundle. */
export const BundleDetails = Schema.Struct({
  id: Id,
  name: Schema.String,
  description: optionalOrNull(Schema.String),
  bundleType: Schema.optional(BundleType),
  items: Schema.optional(Schema.Array(BundleItem)),
  creator: Schema.optional(BundleCreator),
  product: optionalOrNull(BundleProduct),
  itemRestrictions: Schema.optional(Schema.Array(CatalogItemRestriction)),
  isRecolorable: Schema.optional(Schema.Boolean),
  collectibleItemDetail: optionalOrNull(CollectibleItemDetail),
  discountInformation: optionalOrNull(DiscountInformation)
})

/** The type of {@link BundleDetails}. */
export type BundleDetails = typeof BundleDetails.Type

/** A bundle a user owns. */
export const OwnedBundle = Schema.Struct({
  id: Id,
  name: Schema.String,
  bundleType: Schema.optional(BundleType),
  creator: Schema.optional(BundleCreator)
})

/** The type of {@link OwnedBundle}. */
export type OwnedBundle = typeof OwnedBundle.Type

/** One item of a multi-get item details request; `itemType` goes as its documented code. */
export const CatalogItemRef = Schema.Struct({ id: Id, itemType: CatalogItemTypeCode })

/** The body of `POST /v1/catalog/items/details`. */
export const CatalogItemsDetailsRequest = Schema.Struct({ items: Schema.Array(CatalogItemRef) })

/** A category of the catalog's taxonomy an item belongs to. */
export const Taxonomy = Schema.Struct({
  taxonomyId: optionalOrNull(Schema.String),
  taxonomyName: optionalOrNull(Schema.String)
})

/** A timed offer of an item: for so many days at a price. */
export const TimedOption = Schema.Struct({
  days: optionalOrNull(Schema.Int),
  price: optionalOrNull(Schema.Int),
  selected: optionalOrNull(Schema.Boolean),
  discountInformation: optionalOrNull(DiscountInformation)
})

/** Details of a catalog item (asset or bundle), as the multi-get answers them. */
export const CatalogItemDetails = Schema.Struct({
  id: Id,
  itemType: CatalogItemType,
  name: Schema.String,
  description: optionalOrNull(Schema.String),
  assetType: optionalOrNull(AssetType),
  bundleType: optionalOrNull(openCodedEnum(bundleTypeNames, bundleTypeCodes)),
  bundledItems: optionalOrNull(Schema.Array(BundleItem)),
  productId: optionalOrNull(Schema.Int),
  collectibleItemId: optionalOrNull(Schema.String),
  price: optionalOrNull(Schema.Int),
  lowestPrice: optionalOrNull(Schema.Int),
  lowestResalePrice: optionalOrNull(Schema.Int),
  priceStatus: optionalOrNull(Schema.String),
  discountInformation: optionalOrNull(DiscountInformation),
  timedOptions: optionalOrNull(Schema.Array(TimedOption)),
  creatorName: Schema.optional(Schema.String),
  creatorTargetId: Schema.optional(Schema.Int),
  creatorType: Schema.optional(CatalogCreatorType),
  creatorHasVerifiedBadge: Schema.optional(Schema.Boolean),
  favoriteCount: Schema.optional(Schema.Int),
  isOffSale: Schema.optional(Schema.Boolean),
  offSaleDeadline: optionalOrNull(Schema.String),
  hasResellers: optionalOrNull(Schema.Boolean),
  isRecolorable: optionalOrNull(Schema.Boolean),
  supportsHeadShapes: optionalOrNull(Schema.Boolean),
  itemCreatedUtc: optionalOrNull(Schema.String),
  itemRestrictions: optionalOrNull(Schema.Array(CatalogItemRestriction)),
  itemStatus: optionalOrNull(Schema.Array(CatalogItemStatus)),
  saleLocationType: optionalOrNull(SaleLocationType),
  quantityLimitPerUser: optionalOrNull(Schema.Int),
  totalQuantity: optionalOrNull(Schema.Int),
  unitsAvailableForConsumption: optionalOrNull(Schema.Int),
  taxonomy: optionalOrNull(Schema.Array(Taxonomy))
})

/** The type of {@link CatalogItemDetails}. */
export type CatalogItemDetails = typeof CatalogItemDetails.Type

/** Page settings of the catalog (not shown by the spec; the fields a catalog page reads). */
export const CatalogMetadata = Schema.Struct({
  numberOfCatalogItemsToDisplayOnSplash: Schema.optional(Schema.Int),
  numberOfCatalogItemsToDisplayOnSplashOnPhone: Schema.optional(Schema.Int),
  isCatalogSortsFromApiEnabled: Schema.optional(Schema.Boolean),
  isPremiumPriceOnItemTilesEnabled: Schema.optional(Schema.Boolean),
  isPremiumIconOnItemTilesEnabled: Schema.optional(Schema.Boolean),
  isPremiumSortEnabled: Schema.optional(Schema.Boolean)
})

/** The type of {@link CatalogMetadata}. */
export type CatalogMetadata = typeof CatalogMetadata.Type

/** One sort of the catalog. */
export const CatalogSort = Schema.Struct({
  sortType: Schema.Int,
  sortOrder: Schema.optional(SortOrder),
  displayName: Schema.String,
  hasSubMenu: Schema.optional(Schema.Boolean),
  isPriceRelated: Schema.optional(Schema.Boolean)
})

/** The type of {@link CatalogSort}. */
export type CatalogSort = typeof CatalogSort.Type

/** A recommended catalog item. */
export const RecommendedItem = Schema.Struct({
  item: Schema.Struct({
    assetId: Id,
    name: Schema.String,
    price: Schema.optional(Schema.NullOr(Schema.Int)),
    premiumPrice: Schema.optional(Schema.NullOr(Schema.Int)),
    absoluteUrl: Schema.optional(Schema.String)
  }),
  creator: Schema.optional(
    Schema.Struct({
      creatorId: Schema.Int,
      creatorType: Schema.optional(Schema.String),
      name: Schema.optional(Schema.String),
      hasVerifiedBadge: Schema.optional(Schema.Boolean)
    })
  ),
  product: Schema.optional(
    Schema.Struct({
      id: Schema.Int,
      priceInRobux: Schema.optional(Schema.NullOr(Schema.Int)),
      isForSale: Schema.optional(Schema.Boolean),
      isPublicDomain: Schema.optional(Schema.Boolean)
    })
  ),
  thumbnailUrl: Schema.optional(Schema.NullOr(Schema.String))
})

/** The type of {@link RecommendedItem}. */
export type RecommendedItem = typeof RecommendedItem.Type

/** How many recommendations a page shows (`GET /v1/recommendations/metadata`). */
export const RecommendationsMetadata = Schema.Struct({
  numOfRecommendationsDisplayed: Schema.Int,
  numOfRecommendationsRetrieved: Schema.optional(Schema.Int),
  subject: Schema.optional(Schema.String),
  isDisabled: Schema.optional(Schema.Boolean)
})

/** The type of {@link RecommendationsMetadata}. */
export type RecommendationsMetadata = typeof RecommendationsMetadata.Type

/** One owner (instance) of an asset. */
export const AssetOwner = Schema.Struct({
  id: Schema.Int,
  collectibleItemInstanceId: Schema.optional(Schema.NullOr(Schema.String)),
  serialNumber: Schema.optional(Schema.NullOr(Schema.Int)),
  owner: Schema.optional(
    Schema.NullOr(
      Schema.Struct({
        id: Schema.Int,
        type: Schema.optional(Schema.String),
        name: Schema.optional(Schema.String)
      })
    )
  ),
  created: Schema.optional(Schema.String),
  updated: Schema.optional(Schema.String)
})

/** The type of {@link AssetOwner}. */
export type AssetOwner = typeof AssetOwner.Type
