/**
 * Images of catalog and creator entities (assets and their 3D model, badges, bundles, developer products, passes,
 * groups, outfits) as the emulator serves them.
 *
 * @module
 */
import { Effect } from "effect"
import { HttpApiBuilder } from "effect/http-api"
import { EmulatorState } from "../../EmulatorState.ts"
import { requestOrigin } from "../support.ts"
import { ServedThumbnailsApi } from "./api.ts"
import { listOf, thumbnailOf } from "./images.ts"

/** Handlers of the asset images group. */
export const AssetThumbnailsHandlers = HttpApiBuilder.group(
  ServedThumbnailsApi,
  "assetThumbnails",
  Effect.fn(function* (handlers) {
    const { world } = yield* EmulatorState
    return handlers.handleAll({
      getAssetThumbnails: (request) => listOf(world, "Asset", "420x420")(request, request.query.assetIds),
      getAssetThumbnail3d: ({ query }) =>
        Effect.map(requestOrigin, (origin) => thumbnailOf(world, origin, "Asset", query.assetId, "420x420", false)),
      getBadgeIcons: (request) => listOf(world, "BadgeIcon", "150x150")(request, request.query.badgeIds),
      getBundleThumbnails: (request) => listOf(world, "BundleThumbnail", "150x150")(request, request.query.bundleIds),
      getDeveloperProductIcons: (request) =>
        listOf(world, "DeveloperProduct", "150x150")(request, request.query.developerProductIds),
      getGamePassIcons: (request) => listOf(world, "GamePass", "150x150")(request, request.query.gamePassIds),
      getGroupIcons: (request) => listOf(world, "GroupIcon", "150x150")(request, request.query.groupIds),
      getOutfitThumbnails: (request) => listOf(world, "Outfit", "150x150")(request, request.query.userOutfitIds)
    })
  })
)
