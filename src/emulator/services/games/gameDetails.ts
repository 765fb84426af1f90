/**
 * Details of games and places on the games service: place and product details, playability, icons, media and
 * image-token thumbnails (served, though the published document has them deprecated).
 *
 * - Id lists: at most 100 (400 code 9), none is 400 code 8; unknown ids are left out.
 * - Image tokens are `emu-icon-{universeId}`; an unknown token answers `final: false` with a retry token.
 * - Playability: moderated games (blocked icon) are `UnderReview`, paid games `PurchaseRequired` (for anyone), guests
 *   may play the rest.
 *
 * @module
 */
import { Effect } from "effect"
import { HttpApiBuilder } from "effect/http-api"
import { EmulatorState } from "../../EmulatorState.ts"
import type { World } from "../../world/World.ts"
import { badRequest, checkIds, notFound, requestOrigin } from "../support.ts"
import { imagePath } from "../thumbnails/images.ts"
import { ServedGamesApi } from "./api.ts"

const tooMany = [9, "Too many universe IDs were requested."] as const
const none = [8, "No universe IDs were specified."] as const

const universeOfToken = (world: World, token: string) => {
  const match = /^emu-icon-(\d+)$/.exec(token)
  return match === null ? undefined : world.universes.get(Number(match[1]))
}

/** Handlers of the game and place details group. */
export const GameDetailsHandlers = HttpApiBuilder.group(
  ServedGamesApi,
  "gameDetails",
  // oxlint-disable-next-line max-lines-per-function -- one handler per endpoint of the service, read as one list beside its API group
  Effect.fn(function* (handlers) {
    const { world } = yield* EmulatorState
    const universes = (ids: ReadonlyArray<number>) =>
      Effect.map(checkIds(ids, 100, tooMany, none), (found) => found.flatMap((id) => world.universes.get(id) ?? []))
    const thumbnail = (origin: string, token: string, width: number | undefined, height: number | undefined) => {
      const u = universeOfToken(world, token)
      if (u === undefined) return { url: null, final: false, retryToken: `retry-${token}` }
      const size = `${width ?? 150}x${height ?? 150}`
      const url = origin + imagePath(u.iconState === "Completed" ? "game-icon" : "placeholder", u.id, size, false)
      return { url, cdnUrl: url, final: true, retryToken: null, universeId: u.id, placeId: u.rootPlaceId }
    }
    return handlers.handleAll({
      getGameThumbnail: ({ query }) =>
        Effect.map(requestOrigin, (origin) => thumbnail(origin, query.imageToken, query.width, query.height)),
      getGameThumbnails: ({ query }) =>
        Effect.gen(function* () {
          if (query.imageTokens.length > 100) return yield* badRequest(1, "Too many image tokens.", "too many tokens")
          const origin = yield* requestOrigin
          return query.imageTokens.map((token) => thumbnail(origin, token, query.width, query.height))
        }),
      getGamesProductInfo: ({ query }) =>
        Effect.map(universes(query.universeIds), (found) => ({
          data: found.map((u) => ({
            universeId: u.id,
            isForSale: u.price !== null,
            productId: u.price === null ? null : 50_000 + u.id,
            price: u.price,
            sellerId: u.creatorId
          }))
        })),
      getPlaceDetails: ({ query }) =>
        Effect.map(
          checkIds(query.placeIds, 100, [9, "Too many place IDs were requested."], [8, "No place IDs were specified."]),
          (ids) =>
            ids.flatMap((id) => {
              const place = world.places.get(id)
              const u = place === undefined ? undefined : world.universes.get(place.universeId)
              if (place === undefined || u === undefined) return []
              return [
                {
                  placeId: place.id,
                  name: place.name,
                  description: u.description,
                  url: `/games/${place.id}`,
                  builder: u.creatorName,
                  builderId: u.creatorId,
                  hasVerifiedBadge: u.creatorHasVerifiedBadge,
                  isPlayable: u.iconState === "Completed",
                  reasonProhibited: u.iconState === "Completed" ? "None" : "UnderReview",
                  universeId: u.id,
                  universeRootPlaceId: u.rootPlaceId,
                  price: u.price ?? 0,
                  imageToken: `emu-icon-${u.id}`
                }
              ]
            })
        ),
      getPlayabilityStatus: ({ query }) =>
        Effect.map(universes(query.universeIds), (found) =>
          found.map((u) => {
            const status =
              u.iconState === "Blocked" ? "UnderReview" : u.price !== null ? "PurchaseRequired" : "Playable"
            return { universeId: u.id, isPlayable: status === "Playable", playabilityStatus: status }
          })
        ),
      getGameIcon: ({ params }) =>
        Effect.gen(function* () {
          const u = world.universes.get(params.universeId)
          if (u === undefined) return yield* notFound(3, "The universe does not exist.", "unknown universe")
          const origin = yield* requestOrigin
          return { imageId: 70_000 + u.id, url: origin + imagePath("game-icon", u.id, "512x512", false) }
        }),
      getGameMedia: ({ params }) =>
        Effect.gen(function* () {
          const u = world.universes.get(params.universeId)
          if (u === undefined) return yield* notFound(3, "The universe does not exist.", "unknown universe")
          return {
            data: [1, 2, 3].map((n) => ({
              id: n,
              assetTypeId: 1,
              assetType: "Image",
              imageId: 80_000 + u.id * 10 + n,
              videoHash: null,
              videoTitle: null,
              approved: true,
              altText: `${u.name} screenshot ${n}`
            }))
          }
        }),
      getGameMediaV2: ({ params }) =>
        Effect.gen(function* () {
          const u = world.universes.get(params.universeId)
          if (u === undefined) return yield* notFound(3, "The universe does not exist.", "unknown universe")
          return {
            data: [1, 2, 3].map((n) => ({
              assetTypeId: 1,
              assetType: "Image",
              imageId: 80_000 + u.id * 10 + n,
              videoHash: null,
              videoTitle: null,
              approved: true,
              altText: `${u.name} screenshot ${n}`
            }))
          }
        })
    })
  })
)
