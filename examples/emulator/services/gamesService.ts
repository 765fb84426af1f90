/**
 * The rest of the games service (the game list and details are in games.ts): place and product details,
 * playability, icons, media, image-token thumbnails, `POST /v1/games`, passes, servers, place metadata,
 * recommendations, sorts, and the games of groups and users.
 *
 * - Id lists: at most 100 (400 code 9), none is 400 code 8; unknown ids are left out.
 * - Image tokens are `emu-icon-{universeId}`; an unknown token answers `final: false` with a retry token.
 * - Playability: moderated games (blocked icon) are `UnderReview`, paid games `PurchaseRequired` (for anyone), guests
 *   may play the rest.
 * - Servers: `serverType` `Public`/`0` lists enough servers for the game's players (at most 50), `Friend`/`1` the
 *   servers where the signed-in user's friends play (none: the world has no server membership); other types 400
 *   code 2. Lists page with limit 10/25/50/100 and cursors.
 * - Passes: 0–3 per game, derived from its id. Favourites: about one game in six per user, derived from the ids.
 * - Recommendations: the most played games (another game's recommendations leave it out), paged by
 *   `model.paginationKey` (the start row) and `model.maxRows` (1–100, default 6; else 400 code 4).
 *
 * @module
 */
import { Effect, Layer } from "effect"
import { HttpApiBuilder } from "effect/http-api"
import { GamesServiceApi } from "../../../src/platform/api/registry.ts"
import { EmulatorState } from "../EmulatorState.ts"
import type { World, WorldUniverse } from "../world/World.ts"
import { gameDetail, gameListItem, GamesHandlers } from "./games.ts"
import { currentUserId, hashOf, notFound, pageOf } from "./replies.ts"
import { badRequest, checkIds, requestOrigin } from "./support.ts"
import { imagePath } from "./thumbnails.ts"

/** The whole games service as served, under `/games`. */
export const ServedGamesServiceApi = GamesServiceApi.prefix("/games")

const tooMany = [9, "Too many universe IDs were requested."] as const
const none = [8, "No universe IDs were specified."] as const

const creatorGame = (u: WorldUniverse) => ({
  id: u.id,
  name: u.name,
  description: u.description,
  creator: { id: u.creatorId, type: u.creatorType },
  rootPlace: { id: u.rootPlaceId, type: "Place" },
  created: u.created,
  updated: u.updated,
  placeVisits: u.visits
})

const passNames = ["VIP", "Double Coins", "Speed Boost"] as const

const universeOfToken = (world: World, token: string) => {
  const match = /^emu-icon-(\d+)$/.exec(token)
  return match === null ? undefined : world.universes.get(Number(match[1]))
}

const paging = (paginationKey: string | undefined, maxRows: number | undefined) =>
  Effect.gen(function*() {
    const rows = maxRows ?? 6
    const start = paginationKey === undefined || paginationKey === "" ? 0 : Number(paginationKey)
    if (rows < 1 || rows > 100 || !Number.isInteger(start) || start < 0) {
      return yield* badRequest(4, "Invalid paging parameters.", `maxRows ${rows}, paginationKey ${paginationKey}`)
    }
    return { start, rows }
  })

const mostPlayed = (world: World) => [...world.universeList].sort((a, b) => b.playing - a.playing || a.id - b.id)

const GameDetailsHandlers = HttpApiBuilder.group(
  ServedGamesServiceApi,
  "gameDetails",
  Effect.fn(function*(handlers) {
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
      getGameThumbnail: ({ query }) => Effect.map(requestOrigin, (origin) => thumbnail(origin, query.imageToken, query.width, query.height)),
      getGameThumbnails: ({ query }) =>
        Effect.gen(function*() {
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
        Effect.map(checkIds(query.placeIds, 100, [9, "Too many place IDs were requested."], [8, "No place IDs were specified."]), (ids) =>
          ids.flatMap((id) => {
            const place = world.places.get(id)
            const u = place === undefined ? undefined : world.universes.get(place.universeId)
            if (place === undefined || u === undefined) return []
            return [{
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
            }]
          })),
      getPlayabilityStatus: ({ query }) =>
        Effect.map(universes(query.universeIds), (found) =>
          found.map((u) => {
            const status = u.iconState === "Blocked" ? "UnderReview" : u.price !== null ? "PurchaseRequired" : "Playable"
            return { universeId: u.id, isPlayable: status === "Playable", playabilityStatus: status }
          })),
      getGameIcon: ({ params }) =>
        Effect.gen(function*() {
          const u = world.universes.get(params.universeId)
          if (u === undefined) return yield* notFound(3, "The universe does not exist.", "unknown universe")
          const origin = yield* requestOrigin
          return { imageId: 70_000 + u.id, url: origin + imagePath("game-icon", u.id, "512x512", false) }
        }),
      getGameMedia: ({ params }) =>
        Effect.gen(function*() {
          const u = world.universes.get(params.universeId)
          if (u === undefined) return yield* notFound(3, "The universe does not exist.", "unknown universe")
          return {
            data: [1, 2, 3].map((n) => ({ id: n, assetTypeId: 1, assetType: "Image", imageId: 80_000 + u.id * 10 + n, videoHash: null, videoTitle: null, approved: true, altText: `${u.name} screenshot ${n}` }))
          }
        }),
      getGameMediaV2: ({ params }) =>
        Effect.gen(function*() {
          const u = world.universes.get(params.universeId)
          if (u === undefined) return yield* notFound(3, "The universe does not exist.", "unknown universe")
          return {
            data: [1, 2, 3].map((n) => ({ assetTypeId: 1, assetType: "Image", imageId: 80_000 + u.id * 10 + n, videoHash: null, videoTitle: null, approved: true, altText: `${u.name} screenshot ${n}` }))
          }
        }),
      lookupGames: ({ payload }) => Effect.map(universes(payload.universeIds), (found) => ({ data: found.map(gameDetail) }))
    })
  })
)

const GameServersHandlers = HttpApiBuilder.group(
  ServedGamesServiceApi,
  "gameServers",
  Effect.fn(function*(handlers) {
    const { world } = yield* EmulatorState
    const findUniverse = (id: number) =>
      Effect.gen(function*() {
        const u = world.universes.get(id)
        if (u === undefined) return yield* notFound(3, "The universe does not exist.", "unknown universe")
        return u
      })
    return handlers.handleAll({
      getGamePasses: ({ params, query }) =>
        Effect.gen(function*() {
          const u = yield* findUniverse(params.universeId)
          const userId = yield* currentUserId
          const passes = passNames.slice(0, hashOf(4, u.id)).map((name, i) => ({
            id: u.id * 10 + i + 1,
            name,
            displayName: name,
            productId: 90_000 + u.id * 10 + i,
            price: [100, 50, 25][i]!,
            sellerName: u.creatorName,
            sellerId: u.creatorId,
            isOwned: userId !== undefined && hashOf(5, userId, u.id, i) === 0
          }))
          return yield* pageOf(`passes:${u.id}`, passes, query)
        }),
      getGameServers: ({ params, query }) =>
        Effect.gen(function*() {
          const place = world.places.get(params.placeId)
          if (place === undefined) return yield* notFound(1, "The place does not exist.", "unknown place")
          const u = world.universes.get(place.universeId)!
          const type = params.serverType.toLowerCase()
          if (!["public", "0", "friend", "1"].includes(type)) return yield* badRequest(2, "Invalid server type.", `server type ${params.serverType}`)
          const count = type === "public" || type === "0" ? Math.min(50, Math.ceil(u.playing / u.maxPlayers)) : 0
          const servers = Array.from({ length: count }, (_, i) => {
            const playing = i < count - 1 ? u.maxPlayers - hashOf(3, u.id, i) : Math.max(1, u.playing - (count - 1) * u.maxPlayers)
            return {
              id: `emu-${place.id}-${i + 1}`,
              maxPlayers: u.maxPlayers,
              playing: Math.min(u.maxPlayers, playing),
              playerTokens: [],
              fps: 60,
              ping: 40 + hashOf(80, u.id, i)
            }
          })
          return yield* pageOf(`servers:${place.id}:${type}`, servers, query)
        }),
      postPlaceMetadata: ({ params }) =>
        Effect.gen(function*() {
          const place = world.places.get(params.placeId)
          if (place === undefined) return yield* notFound(1, "The place does not exist.", "unknown place")
          const u = world.universes.get(place.universeId)!
          return { placeId: place.id, universeId: u.id, name: place.name, description: u.description, isRootPlace: u.rootPlaceId === place.id, maxPlayers: u.maxPlayers }
        })
    })
  })
)

const GameRecommendationsHandlers = HttpApiBuilder.group(
  ServedGamesServiceApi,
  "gameRecommendations",
  Effect.fn(function*(handlers) {
    const { world } = yield* EmulatorState
    const page = (list: ReadonlyArray<WorldUniverse>, key: string | undefined, maxRows: number | undefined) =>
      Effect.map(paging(key, maxRows), ({ start, rows }) => ({
        games: list.slice(start, start + rows).map(gameListItem),
        nextPaginationKey: start + rows < list.length ? String(start + rows) : null
      }))
    return handlers.handleAll({
      getRecommendationsByAlgorithm: ({ query }) => page(mostPlayed(world), query["model.paginationKey"], query["model.maxRows"]),
      getRecommendationsForGame: ({ params, query }) =>
        Effect.gen(function*() {
          const u = world.universes.get(params.universeId)
          if (u === undefined) return yield* badRequest(3, "The universe does not exist.", "unknown universe")
          const similar = mostPlayed(world).filter((other) => other.id !== u.id && other.genre === u.genre)
          return yield* page(similar, query["model.paginationKey"], query["model.maxRows"])
        }),
      getGameSorts: () =>
        Effect.succeed({
          sorts: [
            { token: "popular", name: "Popular", displayName: "Popular", gameSetTypeId: 1, timeOptionsAvailable: false, genreOptionsAvailable: false, numberOfRows: 1, isDefaultSort: true },
            { token: "top-rated", name: "TopRated", displayName: "Top Rated", gameSetTypeId: 2, timeOptionsAvailable: false, genreOptionsAvailable: false, numberOfRows: 1, isDefaultSort: false },
            { token: "new", name: "New", displayName: "New and Updated", gameSetTypeId: 3, timeOptionsAvailable: false, genreOptionsAvailable: false, numberOfRows: 1, isDefaultSort: false }
          ],
          pageContext: { pageId: "emu-sorts", isSeeAllPage: null }
        })
    })
  })
)

const CreatorGamesHandlers = HttpApiBuilder.group(
  ServedGamesServiceApi,
  "creatorGames",
  Effect.fn(function*(handlers) {
    const { world } = yield* EmulatorState
    const by = (type: "User" | "Group", id: number) =>
      world.universeList.filter((u) => u.creatorType === type && u.creatorId === id).map(creatorGame)
    return handlers.handleAll({
      getGroupGames: ({ params, query }) => pageOf(`group-games:${params.groupId}`, by("Group", params.groupId), query, [10, 25, 50, 100]),
      getGroupGamesV2: ({ params, query }) =>
        pageOf(`group-games-v2:${params.groupId}`, by("Group", params.groupId), query, [10, 25, 50, 100]),
      getUserFavoriteGames: ({ params, query }) =>
        Effect.gen(function*() {
          if (!world.users.has(params.userId)) return yield* badRequest(1, "The user does not exist.", "unknown user")
          const favorites = world.universeList.filter((u) => hashOf(6, params.userId, u.id) === 0).map(creatorGame)
          return yield* pageOf(`favorites:${params.userId}`, favorites, query, [10, 25, 50])
        }),
      getUserGames: ({ params, query }) =>
        Effect.gen(function*() {
          if (!world.users.has(params.userId)) return yield* badRequest(1, "The user does not exist.", "unknown user")
          return yield* pageOf(`user-games:${params.userId}`, by("User", params.userId), query, [10, 25, 50])
        })
    })
  })
)

/** Handlers of every group of the games service (the game list's from games.ts). */
export const GamesServiceHandlers = Layer.mergeAll(
  GamesHandlers,
  GameDetailsHandlers,
  GameServersHandlers,
  GameRecommendationsHandlers,
  CreatorGamesHandlers
)
