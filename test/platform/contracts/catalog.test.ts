/**
 * The catalog service against its published document: page sizes 10/25/50/100 of an asset's bundles, `sortOrder` as
 * a code (1/2) for a user's bundles, `bundleType` as its code in the path, a required `cursor` for a user's bundles of
 * one type, bundle ids comma-joined, the multi-get body with `itemType` as a code; answers with every documented
 * field (collectible details, discounts, Premium pricing, timed options, taxonomy) in the documented form (integer
 * enums) and the live form (names, a value the document does not list, fields it does not list).
 */
import * as Effect from "effect/Effect"
import { CatalogClient } from "../../../src/platform/clients/PlatformClients.ts"
import { contractCases, type Fixture } from "./harness.ts"

const catalog = <A, E>(f: (client: CatalogClient["Service"]["catalog"]) => Effect.Effect<A, E>) =>
  Effect.flatMap(CatalogClient, (client) => f(client.catalog))

const discounts = {
  discounts: [
    {
      discountCampaign: "Spring",
      localizedDiscountAttribution: "Spring sale",
      robuxDiscountAmount: 50,
      robuxDiscountPercentage: 20.5
    }
  ],
  originalPrice: 250,
  totalDiscountAmount: 50,
  totalDiscountPercentage: 20.5
}

/** A bundle as the document describes it: integer enums in the collectible details, restrictions as codes. */
const bundleDocumented = {
  id: 192,
  name: "Rthro Animation Package",
  description: "Bring your avatar to life.",
  bundleType: "AvatarAnimations",
  items: [
    { id: 2510230574, name: "Rthro Climb", type: "Asset", owned: false, assetType: 48, supportsHeadShapes: false }
  ],
  creator: { id: 1, name: "Platform", type: "User", hasVerifiedBadge: true },
  product: {
    id: 556718,
    type: "productType",
    isPublicDomain: false,
    isForSale: true,
    priceInRobux: 250,
    isFree: false,
    noPriceText: "",
    premiumPricing: { premiumDiscountPercentage: 10, premiumPriceInRobux: 225 }
  },
  itemRestrictions: [7, 9],
  isRecolorable: true,
  collectibleItemDetail: {
    collectibleItemId: "8d3b3a0e-0000-4000-8000-000000000192",
    collectibleProductId: "8d3b3a0e-0000-4000-8000-000000000193",
    collectibleItemType: 2,
    price: 250,
    lowestPrice: 240,
    lowestResalePrice: 260,
    lowestAvailableResaleProductId: "p-1",
    lowestAvailableResaleItemInstanceId: "i-1",
    hasResellers: true,
    totalQuantity: 1000,
    unitsAvailable: 12,
    quantityLimitPerUser: 2,
    offSaleDeadline: "2026-12-31T00:00:00Z",
    resaleRestriction: 1,
    saleStatus: 3,
    saleLocation: { saleLocationType: 5, saleLocationTypeId: 5, universeIds: [], enabledUniverseIds: [1001] }
  },
  discountInformation: discounts
}
const bundleDocumentedDecoded = {
  ...bundleDocumented,
  itemRestrictions: ["Rthro", "Collectible"],
  collectibleItemDetail: {
    ...bundleDocumented.collectibleItemDetail,
    collectibleItemType: "NonLimited",
    resaleRestriction: "None",
    saleStatus: "OnSale",
    saleLocation: { ...bundleDocumented.collectibleItemDetail.saleLocation, saleLocationType: "ShopAndAllExperiences" }
  }
}

/** The same bundle as live traffic sends it: names, nulls, a restriction the document does not list, extra fields. */
const bundleLive = {
  ...bundleDocumented,
  bundleType: "AvatarAnimations",
  itemRestrictions: ["Rthro", "AgeRestricted"],
  product: { ...bundleDocumented.product, premiumPricing: null, noPriceText: null },
  collectibleItemDetail: null,
  discountInformation: null,
  bundledItemsCount: 7
}
const { bundledItemsCount: _extra, ...bundleLiveKept } = bundleLive
const bundleLiveDecoded = {
  ...bundleLiveKept,
  itemRestrictions: ["Rthro", { _tag: "Unknown", value: "AgeRestricted" }]
}

const ownedDocumented = {
  id: 501,
  name: "Woman",
  bundleType: "BodyParts",
  creator: { id: 1, name: "Platform", type: "User", hasVerifiedBadge: false }
}
const ownedLive = { ...ownedDocumented, bundleType: 5, sharable: true }
const ownedLiveDecoded = { ...ownedDocumented, bundleType: { _tag: "Unknown", value: 5 } }

const page = (data: ReadonlyArray<unknown>) => ({ previousPageCursor: null, nextPageCursor: "c2", data })
const pageFixture = (answer: unknown, decoded: unknown): Fixture => ({
  answer: page([answer]),
  decoded: page([decoded])
})

/** A catalog item as documented: every field, integer enums. */
const itemDocumented = {
  id: 20001,
  itemType: 1,
  assetType: 8,
  name: "Sparkle Time Fedora",
  description: "A hat.",
  productId: 1002,
  collectibleItemId: null,
  price: 100,
  lowestPrice: 90,
  lowestResalePrice: 95,
  priceStatus: "",
  discountInformation: discounts,
  timedOptions: [{ days: 7, price: 20, selected: true, discountInformation: discounts }],
  creatorName: "Platform",
  creatorTargetId: 1,
  creatorType: 1,
  creatorHasVerifiedBadge: true,
  favoriteCount: 5123,
  isOffSale: false,
  offSaleDeadline: null,
  hasResellers: false,
  isRecolorable: false,
  supportsHeadShapes: false,
  itemCreatedUtc: "2020-01-01T00:00:00Z",
  itemRestrictions: [3],
  itemStatus: [1, 7],
  saleLocationType: 1,
  quantityLimitPerUser: 0,
  totalQuantity: 0,
  unitsAvailableForConsumption: 0,
  taxonomy: [{ taxonomyId: "t1", taxonomyName: "Hats" }]
}
const itemDocumentedDecoded = {
  ...itemDocumented,
  itemType: "Asset",
  assetType: "Hat",
  creatorType: "User",
  itemRestrictions: ["Limited"],
  itemStatus: ["New", "SaleTimer"],
  saleLocationType: "ShopOnly"
}
/** A bundle as live traffic sends it in the multi-get: names, bundled items, a status the document does not list. */
const bundleItemLive = {
  id: 192,
  itemType: "Bundle",
  bundleType: "AvatarAnimations",
  bundledItems: [
    { id: 2510230574, name: "Rthro Climb", type: "Asset", owned: false, assetType: 48, supportsHeadShapes: null }
  ],
  name: "Rthro Animation Package",
  creatorType: "Group",
  itemStatus: ["Sale", "Trending"],
  saleLocationType: "ShopAndAllExperiences",
  isRecolorable: true,
  expectedSellerId: 1
}
const { expectedSellerId: _seller, ...bundleItemKept } = bundleItemLive
const bundleItemLiveDecoded = { ...bundleItemKept, itemStatus: ["Sale", { _tag: "Unknown", value: "Trending" }] }

contractCases("catalog", [
  {
    published: "GET /v1/assets/{assetId}/bundles",
    method: "catalog.getAssetBundles",
    call: catalog((c) =>
      c.getAssetBundles({ params: { assetId: 2510230574 }, query: { limit: 25, cursor: "c1", sortOrder: "Desc" } })
    ),
    path: "/catalog/v1/assets/2510230574/bundles",
    query: [
      ["limit", "25"],
      ["cursor", "c1"],
      ["sortOrder", "Desc"]
    ],
    documented: pageFixture(bundleDocumented, bundleDocumentedDecoded),
    live: pageFixture(bundleLive, bundleLiveDecoded)
  },
  {
    published: "GET /v1/bundles/details",
    method: "catalog.getBundlesDetails",
    call: catalog((c) => c.getBundlesDetails({ query: { bundleIds: [192, 501] } })),
    path: "/catalog/v1/bundles/details",
    query: [["bundleIds", "192,501"]],
    documented: { answer: [bundleDocumented], decoded: [bundleDocumentedDecoded] },
    live: { answer: [bundleLive], decoded: [bundleLiveDecoded] }
  },
  {
    published: "GET /v1/bundles/{bundleId}/details",
    method: "catalog.getBundleDetails",
    call: catalog((c) => c.getBundleDetails({ params: { bundleId: 192 } })),
    path: "/catalog/v1/bundles/192/details",
    documented: { answer: bundleDocumented, decoded: bundleDocumentedDecoded },
    live: { answer: bundleLive, decoded: bundleLiveDecoded }
  },
  {
    published: "GET /v1/bundles/{bundleId}/recommendations",
    method: "catalog.getBundleRecommendations",
    call: catalog((c) => c.getBundleRecommendations({ params: { bundleId: 192 }, query: { numItems: 4 } })),
    path: "/catalog/v1/bundles/192/recommendations",
    query: [["numItems", "4"]],
    documented: { answer: { data: [bundleDocumented] }, decoded: { data: [bundleDocumentedDecoded] } },
    live: { answer: { data: [bundleLive] }, decoded: { data: [bundleLiveDecoded] } }
  },
  {
    published: "POST /v1/catalog/items/details",
    method: "catalog.getCatalogItemsDetails",
    call: catalog((c) =>
      c.getCatalogItemsDetails({
        payload: {
          items: [
            { id: 20001, itemType: "Asset" },
            { id: 192, itemType: "Bundle" }
          ]
        }
      })
    ),
    path: "/catalog/v1/catalog/items/details",
    body: {
      items: [
        { id: 20001, itemType: 1 },
        { id: 192, itemType: 2 }
      ]
    },
    documented: { answer: { data: [itemDocumented] }, decoded: { data: [itemDocumentedDecoded] } },
    live: { answer: { data: [bundleItemLive] }, decoded: { data: [bundleItemLiveDecoded] } }
  },
  {
    published: "GET /v1/users/{userId}/bundles",
    method: "catalog.getUserBundles",
    call: catalog((c) =>
      c.getUserBundles({ params: { userId: 1 }, query: { cursor: "abc", limit: 30, sortOrder: "Asc" } })
    ),
    path: "/catalog/v1/users/1/bundles",
    query: [
      ["cursor", "abc"],
      ["limit", "30"],
      ["sortOrder", "1"]
    ],
    documented: pageFixture(ownedDocumented, ownedDocumented),
    live: pageFixture(ownedLive, ownedLiveDecoded)
  },
  {
    published: "GET /v1/users/{userId}/bundles/{bundleType}",
    method: "catalog.getUserBundlesByType",
    call: catalog((c) =>
      c.getUserBundlesByType({
        params: { userId: 1, bundleType: "Shoes" },
        query: { cursor: "", limit: 10, sortOrder: "Desc" }
      })
    ),
    path: "/catalog/v1/users/1/bundles/3",
    query: [
      ["cursor", ""],
      ["limit", "10"],
      ["sortOrder", "2"]
    ],
    documented: pageFixture(ownedDocumented, ownedDocumented),
    live: pageFixture(ownedLive, ownedLiveDecoded)
  }
])
