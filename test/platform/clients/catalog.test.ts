/**
 * The catalog client's calls that no published document describes (single item details, metadata, sorts,
 * recommendations, owners, unpack): method, path, query and body, and the decoding of realistic answers (extra fields
 * ignored, integer enums decoded to names). The published calls are in test/platform/contracts/catalog.test.ts.
 */
import * as Effect from "effect/Effect"
import { CatalogClient } from "../../../src/platform/clients/PlatformClients.ts"
import { requestCases } from "./harness.ts"

const catalog = <A, E>(f: (client: CatalogClient["Service"]["catalog"]) => Effect.Effect<A, E>) =>
  Effect.flatMap(CatalogClient, (client) => f(client.catalog))

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
  taxonomy: [{ taxonomyId: "x", taxonomyName: "Hats" }],
  somethingNew: true
}
const { somethingNew: _new, ...itemKept } = itemLive
const itemDecoded = { ...itemKept, assetType: "Hat" }

const recommended = {
  item: {
    assetId: 20002,
    name: "Cool Hair",
    price: 75,
    premiumPrice: null,
    absoluteUrl: "https://www.test/catalog/20002"
  },
  creator: { creatorId: 12, creatorType: "User", name: "Maker", hasVerifiedBadge: false },
  product: { id: 77, priceInRobux: 75, isForSale: true, isPublicDomain: false },
  thumbnailUrl: null
}

requestCases("CatalogClient", [
  {
    name: "unpackBundle",
    call: catalog((c) => c.unpackBundle({ params: { bundleId: 192 } })),
    method: "POST",
    path: "/catalog/v1/bundles/192/unpack",
    response: {}
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
    response: {
      numberOfCatalogItemsToDisplayOnSplash: 25,
      numberOfCatalogItemsToDisplayOnSplashOnPhone: 15,
      isCatalogSortsFromApiEnabled: true
    },
    expected: {
      numberOfCatalogItemsToDisplayOnSplash: 25,
      numberOfCatalogItemsToDisplayOnSplashOnPhone: 15,
      isCatalogSortsFromApiEnabled: true
    }
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
    call: catalog((c) =>
      c.getAssetRecommendations({ params: { assetTypeId: 8 }, query: { numItems: 6, contextAssetId: 20001 } })
    ),
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
    response: {
      numOfRecommendationsDisplayed: 6,
      numOfRecommendationsRetrieved: 40,
      subject: "CatalogItem",
      isDisabled: false
    }
  },
  {
    name: "getRecommendationsV2",
    call: catalog((c) =>
      c.getRecommendationsV2({
        params: { assetTypeId: 8 },
        query: { numItems: 6, contextAssetId: 20001, thumbWidth: 150, thumbHeight: 150 }
      })
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
      data: [
        {
          id: 9,
          collectibleItemInstanceId: null,
          serialNumber: 3,
          owner: { id: 5, type: "User", name: "Someone" },
          created: "2026-01-01T00:00:00Z",
          updated: "2026-01-02T00:00:00Z"
        }
      ]
    }
  }
])
