/**
 * The schemas of the catalog service: bundles, catalog items, sorts, recommendations and owners.
 *
 * Shapes follow the published catalog documents where they exist (bundle details, owned bundles, item details);
 * where the spec says "not shown" (unpack, single item details, metadata, sorts, recommendations, owners) the
 * schemas hold the fields a page needs, all optional beyond the ids, and ignore the rest. Enums documented as
 * integers (item type, creator type, restrictions) accept the integer and the name.
 *
 * @module
 */
import * as Schema from "effect/Schema"
import { Id, lenientEnum, SortOrder } from "../sharedSchemas.ts"

/** Page sizes the catalog's paged lists accept. */
export const catalogPageSizes = [10, 25, 50, 100] as const

/** Query parameters of a cursor-paged catalog list. */
export const CatalogPageQuery = {
  sortOrder: Schema.optional(SortOrder),
  limit: Schema.optional(Schema.Int),
  cursor: Schema.optional(Schema.String)
}

/** Catalog item type (documented 1–2, sent live as the name). */
export const CatalogItemType = lenientEnum(["Asset", "Bundle"], { 1: "Asset", 2: "Bundle" }, "name")

/** The type of {@link CatalogItemType}. */
export type CatalogItemType = typeof CatalogItemType.Type

/** Bundle type (documented 1–4, sent live as the name). */
export const BundleType = lenientEnum(
  ["BodyParts", "AvatarAnimations", "Shoes", "DynamicHead"],
  { 1: "BodyParts", 2: "AvatarAnimations", 3: "Shoes", 4: "DynamicHead" },
  "name"
)

/** The type of {@link BundleType}. */
export type BundleType = typeof BundleType.Type

/** Creator type of a catalog item. */
export const CatalogCreatorType = lenientEnum(["Invalid", "User", "Group"], { 0: "Invalid", 1: "User", 2: "Group" }, "name")

/** Restrictions of a catalog item (documented 1–9). */
export const CatalogItemRestriction = lenientEnum(
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
  },
  "name"
)

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
  assetType: Schema.optional(Schema.Int)
})

/** The product (price) of a bundle. */
export const BundleProduct = Schema.Struct({
  id: Schema.Int,
  type: Schema.optional(Schema.String),
  isPublicDomain: Schema.optional(Schema.Boolean),
  isForSale: Schema.optional(Schema.Boolean),
  priceInRobux: Schema.optional(Schema.NullOr(Schema.Int)),
  isFree: Schema.optional(Schema.Boolean),
  noPriceText: Schema.optional(Schema.NullOr(Schema.String))
})

/** Details of a bundle. */
export const BundleDetails = Schema.Struct({
  id: Id,
  name: Schema.String,
  description: Schema.optional(Schema.NullOr(Schema.String)),
  bundleType: Schema.optional(BundleType),
  items: Schema.optional(Schema.Array(BundleItem)),
  creator: Schema.optional(BundleCreator),
  product: Schema.optional(Schema.NullOr(BundleProduct)),
  itemRestrictions: Schema.optional(Schema.Array(CatalogItemRestriction)),
  isRecolorable: Schema.optional(Schema.Boolean)
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

/** One item of a multi-get item details request. */
export const CatalogItemRef = Schema.Struct({ id: Id, itemType: CatalogItemType })

/** The body of `POST /v1/catalog/items/details`. */
export const CatalogItemsDetailsRequest = Schema.Struct({ items: Schema.Array(CatalogItemRef) })

/** Details of a catalog item (asset or bundle). */
export const CatalogItemDetails = Schema.Struct({
  id: Id,
  itemType: CatalogItemType,
  name: Schema.String,
  description: Schema.optional(Schema.NullOr(Schema.String)),
  assetType: Schema.optional(Schema.NullOr(Schema.Int)),
  bundleType: Schema.optional(Schema.NullOr(Schema.Int)),
  productId: Schema.optional(Schema.NullOr(Schema.Int)),
  price: Schema.optional(Schema.NullOr(Schema.Int)),
  lowestPrice: Schema.optional(Schema.NullOr(Schema.Int)),
  priceStatus: Schema.optional(Schema.NullOr(Schema.String)),
  creatorName: Schema.optional(Schema.String),
  creatorTargetId: Schema.optional(Schema.Int),
  creatorType: Schema.optional(CatalogCreatorType),
  creatorHasVerifiedBadge: Schema.optional(Schema.Boolean),
  favoriteCount: Schema.optional(Schema.Int),
  isOffSale: Schema.optional(Schema.Boolean),
  itemRestrictions: Schema.optional(Schema.Array(CatalogItemRestriction))
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
  creator: Schema.optional(Schema.Struct({
    creatorId: Schema.Int,
    creatorType: Schema.optional(Schema.String),
    name: Schema.optional(Schema.String),
    hasVerifiedBadge: Schema.optional(Schema.Boolean)
  })),
  product: Schema.optional(Schema.Struct({
    id: Schema.Int,
    priceInRobux: Schema.optional(Schema.NullOr(Schema.Int)),
    isForSale: Schema.optional(Schema.Boolean),
    isPublicDomain: Schema.optional(Schema.Boolean)
  })),
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
  owner: Schema.optional(Schema.NullOr(Schema.Struct({
    id: Schema.Int,
    type: Schema.optional(Schema.String),
    name: Schema.optional(Schema.String)
  }))),
  created: Schema.optional(Schema.String),
  updated: Schema.optional(Schema.String)
})

/** The type of {@link AssetOwner}. */
export type AssetOwner = typeof AssetOwner.Type
