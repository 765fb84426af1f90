/**
 * Servers, passes and place metadata on the games service.
 *
 * - Servers: `serverType` `0` (Public) lists enough servers for the game's players (at most 50), `1` (Friend) the
 *   servers where the signed-in user's friends play (none: the world has no server membership); other types 400.
 *   `excludeFullGames=true` leaves full servers out. Lists page with limit 10/25/50/100 and cursors.
 * - Passes: 0–3 per game, derived from its id; any limit 1–100.
 *
 * @module
 */
import { Effect } from "effect"
import { HttpApiBuilder } from "effect/http-api"
import { EmulatorState } from "../../EmulatorState.ts"
import { anyPageSize, currentUserId, hashOf, notFound, pageOf } from "../support.ts"
import { ServedGamesApi } from "./api.ts"

const passNames = ["VIP", "Double Coins", "Speed Boost"] as const

/** Handlers of the servers, passes and place metadata group. */
export const GameServersHandlers = HttpApiBuilder.group(
  ServedGamesApi,
  "gameServers",
  Effect.fn(function* (handlers) {
    const { world } = yield* EmulatorState
    const findUniverse = (id: number) =>
      Effect.gen(function* () {
        const u = world.universes.get(id)
        if (u === undefined) return yield* notFound(3, "The universe does not exist.", "unknown universe")
        return u
      })
    return handlers.handleAll({
      getGamePasses: ({ params, query }) =>
        Effect.gen(function* () {
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
          return yield* pageOf(`passes:${u.id}`, passes, query, anyPageSize)
        }),
      getGameServers: ({ params, query }) =>
        Effect.gen(function* () {
          const place = world.places.get(params.placeId)
          if (place === undefined) return yield* notFound(1, "The place does not exist.", "unknown place")
          const u = world.universes.get(place.universeId)!
          const type = params.serverType
          const count = type === "Public" ? Math.min(50, Math.ceil(u.playing / u.maxPlayers)) : 0
          const servers = Array.from({ length: count }, (_, i) => {
            const playing =
              i < count - 1 ? u.maxPlayers - hashOf(3, u.id, i) : Math.max(1, u.playing - (count - 1) * u.maxPlayers)
            return {
              id: `emu-${place.id}-${i + 1}`,
              maxPlayers: u.maxPlayers,
              playing: Math.min(u.maxPlayers, playing),
              playerTokens: [],
              fps: 60,
              ping: 40 + hashOf(80, u.id, i)
            }
          })
          const listed = query.excludeFullGames === true ? servers.filter((s) => s.playing < s.maxPlayers) : servers
          return yield* pageOf(`servers:${place.id}:${type}:${query.excludeFullGames === true}`, listed, query)
        }),
      postPlaceMetadata: ({ params }) =>
        Effect.gen(function* () {
          const place = world.places.get(params.placeId)
          if (place === undefined) return yield* notFound(1, "The place does not exist.", "unknown place")
          const u = world.universes.get(place.universeId)!
          return {
            placeId: place.id,
            universeId: u.id,
            name: place.name,
            description: u.description,
            isRootPlace: u.rootPlaceId === place.id,
            maxPlayers: u.maxPlayers
          }
        })
    })
  })
)
