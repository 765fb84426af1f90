/**
 * The catalog service over the seeded world's items and bundles.
 *
 * - Bundle details: unknown bundle 404 code 1 "The bundle does not exist."; lists page with limit 10/25/50/100 (a
 *   user's bundles 1–100; else 400 code 6) and cursors; a user's bundles of one type take the type's code 1–4 in the
 *   path (else 400) and a cursor (`""` for the first page).
 * - `GET /v1/bundles/details` and `POST /v1/catalog/items/details`: at most 100 ids/items (400 code 1 beyond);
 *   unknown ones left out.
 * - Ownership (bundles of a user, owners of an asset) is derived from the ids, the same on every run.
 * - Unpacking needs a signed-in user (401) who owns the bundle (403 code 2).
 * - Recommendations: items of the same asset type (asset type ids 8 Hat, 11 Shirt, 12 Pants, 18 Face, 19 Gear,
 *   41 HairAccessory, 46 BackAccessory), bundles of the same bundle type.
 *
 * @module
 */
import { Effect } from "effect"
import { HttpApiBuilder } from "effect/http-api"
import type {
  BundleDetails,
  CatalogItemDetails,
  OwnedBundle,
  RecommendedItem
} from "../../platform/api/catalog/schemas.ts"
import type { AssetTypeName } from "../../platform/api/assetTypes.ts"
import { CatalogApi } from "../../platform/api/catalog/api.ts"
import { toHttpApi } from "../../platform/api/httpApi.ts"
import { EmulatorState } from "../EmulatorState.ts"
import type { World, WorldBundle, WorldCatalogItem } from "../world/World.ts"
import {
  anyPageSize,
  badRequest,
  checkIds,
  currentUserId,
  forbidden,
  hashOf,
  notFound,
  pageOf,
  requestOrigin,
  requireUserId
} from "./support.ts"

/** The catalog API as served, under `/catalog`. */
export const ServedCatalogApi = toHttpApi(CatalogApi).prefix("/catalog")

/** Asset type ids of the world's asset types. */
export const assetTypeIds: Readonly<Record<string, number>> = {
  Hat: 8,
  Shirt: 11,
  Pants: 12,
  Face: 18,
  Gear: 19,
  HairAccessory: 41,
  BackAccessory: 46
}

/** Whether a user owns a bundle (derived: about one bundle in three). */
export const ownsBundle = (userId: number, bundleId: number) => hashOf(3, userId, bundleId) === 0

const bundleDetails = (world: World, bundle: WorldBundle, userId: number | undefined): BundleDetails => ({
  id: bundle.id,
  name: bundle.name,
  description: bundle.description,
  bundleType: bundle.bundleType,
  items: bundle.itemIds.map((id) => {
    const item = world.catalogItems.get(id)!
    return {
      id,
      name: item.name,
      type: "Asset",
      assetType: assetTypeIds[item.assetType]!,
      owned: userId !== undefined && ownsBundle(userId, bundle.id)
    }
  }),
  creator: { id: bundle.creatorId, name: bundle.creatorName, type: "User", hasVerifiedBadge: false },
  product: {
    id: 60_000 + bundle.id,
    type: "productType",
    isPublicDomain: false,
    isForSale: bundle.price !== null,
    priceInRobux: bundle.price,
    isFree: bundle.price === 0,
    noPriceText: bundle.price === null ? "Off Sale" : null
  },
  itemRestrictions: [],
  isRecolorable: false
})

const ownedBundle = (bundle: WorldBundle): OwnedBundle => ({
  id: bundle.id,
  name: bundle.name,
  bundleType: bundle.bundleType,
  creator: { id: bundle.creatorId, name: bundle.creatorName, type: "User" }
})

const itemDetails = (item: WorldCatalogItem): CatalogItemDetails => ({
  id: item.id,
  itemType: "Asset",
  name: item.name,
  description: item.description,
  assetType: item.assetType as AssetTypeName,
  productId: 40_000 + item.id,
  price: item.price,
  lowestPrice: item.price,
  priceStatus: item.price === null ? "Off Sale" : null,
  creatorName: item.creatorName,
  creatorTargetId: item.creatorId,
  creatorType: "User",
  creatorHasVerifiedBadge: false,
  favoriteCount: item.favoriteCount,
  isOffSale: item.price === null,
  itemRestrictions: []
})

const bundleAsItem = (bundle: WorldBundle): CatalogItemDetails => ({
  id: bundle.id,
  itemType: "Bundle",
  name: bundle.name,
  description: bundle.description,
  bundleType: bundle.bundleType,
  productId: 60_000 + bundle.id,
  price: bundle.price,
  priceStatus: bundle.price === null ? "Off Sale" : null,
  creatorName: bundle.creatorName,
  creatorTargetId: bundle.creatorId,
  creatorType: "User",
  isOffSale: bundle.price === null,
  itemRestrictions: []
})

/** Handlers of the catalog service. */
export const CatalogHandlers = HttpApiBuilder.group(
  ServedCatalogApi,
  "catalog",
  // oxlint-disable-next-line max-lines-per-function -- one handler per endpoint of the service, read as one list beside its API group
  Effect.fn(function* (handlers) {
    const { world } = yield* EmulatorState
    const bundles = [...world.bundles.values()]
    const items = [...world.catalogItems.values()]
    const findBundle = (id: number) =>
      Effect.gen(function* () {
        const bundle = world.bundles.get(id)
        if (bundle === undefined) return yield* notFound(1, "The bundle does not exist.", `unknown bundle ${id}`)
        return bundle
      })
    const recommend = (
      assetTypeId: number,
      count: number,
      contextAssetId: number | undefined,
      origin: string | undefined
    ) =>
      items
        .filter((item) => assetTypeIds[item.assetType] === assetTypeId && item.id !== contextAssetId)
        .slice(0, count)
        .map((item): RecommendedItem => ({
          item: {
            assetId: item.id,
            name: item.name,
            price: item.price,
            premiumPrice: null,
            absoluteUrl: `/catalog/${item.id}`
          },
          creator: { creatorId: item.creatorId, creatorType: "User", name: item.creatorName, hasVerifiedBadge: false },
          product: {
            id: 40_000 + item.id,
            priceInRobux: item.price,
            isForSale: item.price !== null,
            isPublicDomain: false
          },
          thumbnailUrl: origin === undefined ? null : `${origin}/cdn/thumbs/asset/${item.id}/150x150.svg`
        }))
    return handlers.handleAll({
      getAssetBundles: ({ params, query }) =>
        Effect.gen(function* () {
          if (!world.catalogItems.has(params.assetId))
            return yield* badRequest(1, "The asset does not exist.", "unknown asset")
          const userId = yield* currentUserId
          const containing = bundles
            .filter((b) => b.itemIds.includes(params.assetId))
            .map((b) => bundleDetails(world, b, userId))
          return yield* pageOf(`asset-bundles:${params.assetId}`, containing, query)
        }),
      getBundleDetails: ({ params }) =>
        Effect.flatMap(findBundle(params.bundleId), (bundle) =>
          Effect.map(currentUserId, (userId) => bundleDetails(world, bundle, userId))
        ),
      getBundleRecommendations: ({ params, query }) =>
        Effect.gen(function* () {
          const bundle = yield* findBundle(params.bundleId)
          const userId = yield* currentUserId
          const similar = bundles.filter((b) => b.bundleType === bundle.bundleType && b.id !== bundle.id)
          return { data: similar.slice(0, query.numItems ?? 6).map((b) => bundleDetails(world, b, userId)) }
        }),
      unpackBundle: ({ params }) =>
        Effect.gen(function* () {
          const userId = yield* requireUserId
          const bundle = yield* findBundle(params.bundleId)
          if (!ownsBundle(userId, bundle.id))
            return yield* forbidden(2, "You do not own this bundle.", "bundle not owned")
          return {}
        }),
      getBundlesDetails: ({ query }) =>
        Effect.gen(function* () {
          const ids = yield* checkIds(query.bundleIds, 100, [1, "Too many ids."])
          const userId = yield* currentUserId
          return ids.flatMap((id) => {
            const b = world.bundles.get(id)
            return b === undefined ? [] : [bundleDetails(world, b, userId)]
          })
        }),
      getUserBundlesByType: ({ params, query }) =>
        Effect.gen(function* () {
          if (!world.users.has(params.userId)) return yield* badRequest(1, "The user does not exist.", "unknown user")
          const type = params.bundleType
          const owned = bundles.filter((b) => b.bundleType === type && ownsBundle(params.userId, b.id)).map(ownedBundle)
          return yield* pageOf(`user-bundles:${params.userId}:${type}`, owned, query, anyPageSize)
        }),
      getUserBundles: ({ params, query }) =>
        Effect.gen(function* () {
          if (!world.users.has(params.userId)) return yield* badRequest(1, "The user does not exist.", "unknown user")
          const owned = bundles.filter((b) => ownsBundle(params.userId, b.id)).map(ownedBundle)
          return yield* pageOf(`user-bundles:${params.userId}`, owned, query, anyPageSize)
        }),
      getCatalogItemsDetails: ({ payload }) =>
        Effect.gen(function* () {
          yield* checkIds(
            payload.items.map((i) => i.id),
            100,
            [1, "Too many items."]
          )
          return {
            data: payload.items.flatMap((ref) => {
              if (ref.itemType === "Asset") {
                const item = world.catalogItems.get(ref.id)
                return item === undefined ? [] : [itemDetails(item)]
              }
              const bundle = world.bundles.get(ref.id)
              return bundle === undefined ? [] : [bundleAsItem(bundle)]
            })
          }
        }),
      getCatalogItemDetails: ({ params, query }) =>
        Effect.gen(function* () {
          if (query.itemType === "Asset") {
            const item = world.catalogItems.get(params.itemId)
            if (item !== undefined) return itemDetails(item)
          } else {
            const bundle = world.bundles.get(params.itemId)
            if (bundle !== undefined) return bundleAsItem(bundle)
          }
          return yield* notFound(2, "The item does not exist.", `unknown ${query.itemType} ${params.itemId}`)
        }),
      getCatalogMetadata: () =>
        Effect.succeed({
          numberOfCatalogItemsToDisplayOnSplash: 25,
          numberOfCatalogItemsToDisplayOnSplashOnPhone: 15,
          isCatalogSortsFromApiEnabled: true,
          isPremiumPriceOnItemTilesEnabled: false,
          isPremiumIconOnItemTilesEnabled: false,
          isPremiumSortEnabled: false
        }),
      getCatalogSorts: () =>
        Effect.succeed([
          {
            sortType: 0,
            sortOrder: "Desc" as const,
            displayName: "Relevance",
            hasSubMenu: false,
            isPriceRelated: false
          },
          {
            sortType: 1,
            sortOrder: "Desc" as const,
            displayName: "Most Favorited",
            hasSubMenu: true,
            isPriceRelated: false
          },
          {
            sortType: 3,
            sortOrder: "Asc" as const,
            displayName: "Price (Low to High)",
            hasSubMenu: false,
            isPriceRelated: true
          },
          {
            sortType: 3,
            sortOrder: "Desc" as const,
            displayName: "Price (High to Low)",
            hasSubMenu: false,
            isPriceRelated: true
          },
          {
            sortType: 4,
            sortOrder: "Desc" as const,
            displayName: "Recently Updated",
            hasSubMenu: false,
            isPriceRelated: false
          }
        ]),
      getAssetRecommendations: ({ params, query }) =>
        Effect.succeed({ data: recommend(params.assetTypeId, query.numItems ?? 6, query.contextAssetId, undefined) }),
      getRecommendationsMetadata: ({ query }) =>
        Effect.succeed({
          numOfRecommendationsDisplayed: 6,
          numOfRecommendationsRetrieved: 40,
          subject: query.page,
          isDisabled: false
        }),
      getRecommendationsV2: ({ params, query }) =>
        Effect.map(requestOrigin, (origin) => ({
          data: recommend(params.assetTypeId, query.numItems ?? 6, query.contextAssetId, origin)
        })),
      getAssetOwners: ({ params, query }) =>
        Effect.gen(function* () {
          const item = world.catalogItems.get(params.assetId)
          if (item === undefined) return yield* notFound(1, "The asset does not exist.", "unknown asset")
          const owners = [...world.users.values()]
            .filter((user) => hashOf(17, user.id, item.id) === 0)
            .map((user, index) => ({
              id: item.id * 1000 + index + 1,
              collectibleItemInstanceId: null,
              serialNumber: index + 1,
              owner: { id: user.id, type: "User", name: user.name },
              created: user.created,
              updated: user.created
            }))
          return yield* pageOf(`owners:${item.id}`, owners, query)
        })
    })
  })
)
