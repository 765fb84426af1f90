/**
 * The catalog client: every call's method, path, query and body, and the decoding of realistic answers (extra
 * fields ignored, integer enums decoded to names).
 */
import * as Effect from "effect/Effect"
import { CatalogClient } from "../../../src/platform/clients/PlatformClients.ts"
import { requestCases } from "./harness.ts"

const catalog = <A, E>(f: (client: CatalogClient["Service"]["catalog"]) => Effect.Effect<A, E>) =>
  Effect.flatMap(CatalogClient, (client) => f(client.catalog))

const bundleLive = {
  id: 192,
  name: "Rthro Animation Package",
  description: "Bring your avatar to life.",
  bundleType: "AvatarAnimations",
  items: [{ owned: false, id: 2510230574, name: "Rthro Climb", type: "Asset", assetType: 48 }],
  creator: { id: 1, name: "Platform", type: "User", hasVerifiedBadge: true },
  product: { id: 556718, type: "productType", isPublicDomain: false, isForSale: true, priceInRobux: 250, isFree: false, noPriceText: null },
  itemRestrictions: [],
  collectibleItemDetail: null,
  isRecolorable: false
}
const bundleDecoded = {
  id: 192,
  name: "Rthro Animation Package",
  description: "Bring your avatar to life.",
  bundleType: "AvatarAnimations",
  items: [{ owned: false, id: 2510230574, name: "Rthro Climb", type: "Asset", assetType: 48 }],
  creator: { id: 1, name: "Platform", type: "User", hasVerifiedBadge: true },
  product: { id: 556718, type: "productType", isPublicDomain: false, isForSale: true, priceInRobux: 250, isFree: false, noPriceText: null },
  itemRestrictions: [],
  isRecolorable: false
}
// the document's integer form of the same bundle type
const bundleDocumented = { ...bundleLive, bundleType: 2, itemRestrictions: [7] }
const bundleDocumentedDecoded = { ...bundleDecoded, itemRestrictions: ["Rthro"] }

const owned = { id: 501, name: "Woman", bundleType: 1, creator: { id: 1, name: "Platform", type: "User" } }
const ownedDecoded = { ...owned, bundleType: "BodyParts" }

const itemLive = {
  id: 20001,
  itemType: "Asset",
  assetType: 8,
  name: "Sparkle Time Fedora",
  description: "A hat.",
  productId: 1002,
  price: 100,
  priceStatus: null,
  creatorName: "Platform",
  creatorTargetId: 1,
  creatorType: "User",
  creatorHasVerifiedBadge: true,
  favoriteCount: 5123,
  isOffSale: false,
  itemRestrictions: ["Limited"],
  itemStatus: [],
  taxonomy: [{ taxonomyId: "x", taxonomyName: "Hats" }]
}
const itemDecoded = (() => {
  const { itemStatus: _s, taxonomy: _t, ...rest } = itemLive
  return rest
})()

const recommended = {
  item: { assetId: 20002, name: "Cool Hair", price: 75, premiumPrice: null, absoluteUrl: "https://www.test/catalog/20002" },
  creator: { creatorId: 12, creatorType: "User", name: "Maker", hasVerifiedBadge: false },
  product: { id: 77, priceInRobux: 75, isForSale: true, isPublicDomain: false },
  thumbnailUrl: null
}

requestCases("CatalogClient", [
  {
    name: "getAssetBundles",
    call: catalog((c) => c.getAssetBundles({ params: { assetId: 2510230574 }, query: { sortOrder: "Desc", limit: 10, cursor: "c1" } })),
    method: "GET",
    path: "/catalog/v1/assets/2510230574/bundles",
    query: { sortOrder: "Desc", limit: "10", cursor: "c1" },
    response: { previousPageCursor: null, nextPageCursor: "c2", data: [bundleLive] },
    expected: { previousPageCursor: null, nextPageCursor: "c2", data: [bundleDecoded] }
  },
  {
    name: "getBundleDetails",
    call: catalog((c) => c.getBundleDetails({ params: { bundleId: 192 } })),
    method: "GET",
    path: "/catalog/v1/bundles/192/details",
    response: bundleDocumented,
    expected: bundleDocumentedDecoded
  },
  {
    name: "getBundleRecommendations",
    call: catalog((c) => c.getBundleRecommendations({ params: { bundleId: 192 }, query: { numItems: 4 } })),
    method: "GET",
    path: "/catalog/v1/bundles/192/recommendations",
    query: { numItems: "4" },
    response: { data: [bundleLive] },
    expected: { data: [bundleDecoded] }
  },
  {
    name: "unpackBundle",
    call: catalog((c) => c.unpackBundle({ params: { bundleId: 192 } })),
    method: "POST",
    path: "/catalog/v1/bundles/192/unpack",
    response: {}
  },
  {
    name: "getBundlesDetails",
    call: catalog((c) => c.getBundlesDetails({ query: { bundleIds: [192, 501] } })),
    method: "GET",
    path: "/catalog/v1/bundles/details",
    query: { bundleIds: "192,501" },
    response: [bundleLive, bundleDocumented],
    expected: [bundleDecoded, bundleDocumentedDecoded]
  },
  {
    name: "getUserBundlesByType",
    call: catalog((c) =>
      c.getUserBundlesByType({ params: { userId: 1, bundleType: "BodyParts" }, query: { limit: 25, sortOrder: "Asc" } })
    ),
    method: "GET",
    path: "/catalog/v1/users/1/bundles/BodyParts",
    query: { limit: "25", sortOrder: "Asc" },
    response: { previousPageCursor: null, nextPageCursor: null, data: [owned] },
    expected: { previousPageCursor: null, nextPageCursor: null, data: [ownedDecoded] }
  },
  {
    name: "getUserBundles",
    call: catalog((c) => c.getUserBundles({ params: { userId: 1 }, query: { cursor: "abc" } })),
    method: "GET",
    path: "/catalog/v1/users/1/bundles",
    query: { cursor: "abc" },
    response: { data: [owned], nextPageCursor: "def" },
    expected: { data: [ownedDecoded], nextPageCursor: "def" }
  },
  {
    name: "getCatalogItemsDetails",
    call: catalog((c) =>
      c.getCatalogItemsDetails({ payload: { items: [{ id: 20001, itemType: "Asset" }, { id: 192, itemType: "Bundle" }] } })
    ),
    method: "POST",
    path: "/catalog/v1/catalog/items/details",
    body: { items: [{ id: 20001, itemType: "Asset" }, { id: 192, itemType: "Bundle" }] },
    response: { data: [{ ...itemLive, itemType: 1, creatorType: 1, itemRestrictions: [3] }] },
    expected: { data: [itemDecoded] }
  },
  {
    name: "getCatalogItemDetails",
    call: catalog((c) => c.getCatalogItemDetails({ params: { itemId: 20001 }, query: { itemType: "Asset" } })),
    method: "GET",
    path: "/catalog/v1/catalog/items/20001/details",
    query: { itemType: "Asset" },
    response: itemLive,
    expected: itemDecoded
  },
  {
    name: "getCatalogMetadata",
    call: catalog((c) => c.getCatalogMetadata()),
    method: "GET",
    path: "/catalog/v1/catalog/metadata",
    response: { numberOfCatalogItemsToDisplayOnSplash: 25, numberOfCatalogItemsToDisplayOnSplashOnPhone: 15, isCatalogSortsFromApiEnabled: true },
    expected: { numberOfCatalogItemsToDisplayOnSplash: 25, numberOfCatalogItemsToDisplayOnSplashOnPhone: 15, isCatalogSortsFromApiEnabled: true }
  },
  {
    name: "getCatalogSorts",
    call: catalog((c) => c.getCatalogSorts()),
    method: "GET",
    path: "/catalog/v1/catalog/sorts",
    response: [
      { sortType: 0, sortOrder: "Desc", displayName: "Relevance", hasSubMenu: false, isPriceRelated: false },
      { sortType: 3, sortOrder: "Asc", displayName: "Price (Low to High)", isPriceRelated: true, sortAggregations: [] }
    ],
    expected: [
      { sortType: 0, sortOrder: "Desc", displayName: "Relevance", hasSubMenu: false, isPriceRelated: false },
      { sortType: 3, sortOrder: "Asc", displayName: "Price (Low to High)", isPriceRelated: true }
    ]
  },
  {
    name: "getAssetRecommendations",
    call: catalog((c) => c.getAssetRecommendations({ params: { assetTypeId: 8 }, query: { numItems: 6, contextAssetId: 20001 } })),
    method: "GET",
    path: "/catalog/v1/recommendations/asset/8",
    query: { numItems: "6", contextAssetId: "20001" },
    response: { data: [recommended] }
  },
  {
    name: "getRecommendationsMetadata",
    call: catalog((c) => c.getRecommendationsMetadata({ query: { page: "CatalogItem" } })),
    method: "GET",
    path: "/catalog/v1/recommendations/metadata",
    query: { page: "CatalogItem" },
    response: { numOfRecommendationsDisplayed: 6, numOfRecommendationsRetrieved: 40, subject: "CatalogItem", isDisabled: false }
  },
  {
    name: "getRecommendationsV2",
    call: catalog((c) =>
      c.getRecommendationsV2({ params: { assetTypeId: 8 }, query: { numItems: 6, contextAssetId: 20001, thumbWidth: 150, thumbHeight: 150 } })
    ),
    method: "GET",
    path: "/catalog/v2/recommendations/8",
    query: { numItems: "6", contextAssetId: "20001", thumbWidth: "150", thumbHeight: "150" },
    response: { data: [{ ...recommended, thumbnailUrl: "https://cdn.test/t/1.png" }] }
  },
  {
    name: "getAssetOwners",
    call: catalog((c) => c.getAssetOwners({ params: { assetId: 20001 }, query: { limit: 10 } })),
    method: "GET",
    path: "/catalog/v2/assets/20001/owners",
    query: { limit: "10" },
    response: {
      previousPageCursor: null,
      nextPageCursor: "n",
      data: [{ id: 9, collectibleItemInstanceId: null, serialNumber: 3, owner: { id: 5, type: "User", name: "Someone" }, created: "2026-01-01T00:00:00Z", updated: "2026-01-02T00:00:00Z" }]
    }
  }
])
