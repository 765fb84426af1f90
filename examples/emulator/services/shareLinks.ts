/**
 * The share-links service (`POST /shareLinks/v1/resolve-link`) answering the seeded links of shareLinksSeed.ts,
 * and the games lookup deep links use to find a universe's root place (`POST /games/v1/games`), both from the
 * library's own endpoint definitions.
 *
 * An unknown code, or a known code asked with another type, is a 404 `{ errors: [{ code: 1 }] }`. The games
 * lookup answers the universes it knows (at most 100 ids, else 400 code 9), leaving unknown ids out.
 *
 * Mount with one line in services/registry.ts: `...shareLinksServices`.
 *
 * @module
 */
import { Effect, Layer } from "effect"
import { HttpApi, HttpApiBuilder, HttpApiEndpoint, HttpApiGroup } from "effect/http-api"
import { ApiBadRequest, ApiNotFound, DataList } from "../../../src/platform/api/common.ts"
import { GamesLookupRequest } from "../../../src/platform/api/gameDetails.ts"
import { GameDetail, maxUniverseIdsPerLookup } from "../../../src/platform/api/games.ts"
import { ShareLinksApi } from "../../../src/platform/api/shareLinks.ts"
import { EmulatorState } from "../EmulatorState.ts"
import { seedShareLinks } from "./shareLinksSeed.ts"
import { checkIds } from "./support.ts"

/** The share-links API as served, under `/shareLinks`. */
export const ServedShareLinksApi = ShareLinksApi.prefix("/shareLinks")

/** Handlers of the share-links service. */
export const ShareLinksHandlers = HttpApiBuilder.group(
  ServedShareLinksApi,
  "shareLinks",
  Effect.fn(function*(handlers) {
    const { world } = yield* EmulatorState
    const links = new Map(seedShareLinks(world).map((link) => [`${link.type}:${link.code}`, link.answer]))
    return handlers.handleAll({
      resolveLink: ({ payload }) => {
        const answer = links.get(`${payload.linkType}:${payload.linkId}`)
        return answer === undefined
          ? Effect.fail(new ApiNotFound({ errors: [{ code: 1, message: "The share link was not found." }] }))
          : Effect.succeed(answer)
      }
    })
  })
)

/** `POST /v1/games` alone (the `lookupGames` endpoint of the games service's definition). */
export class GamesLookupGroup extends HttpApiGroup.make("gamesLookup").add(
  HttpApiEndpoint.post("lookupGames", "/v1/games", {
    payload: GamesLookupRequest,
    success: DataList(GameDetail),
    error: ApiBadRequest
  })
) {}

/** The games lookup as served, under `/games`. */
export const ServedGamesLookupApi = HttpApi.make("gamesLookup").add(GamesLookupGroup).prefix("/games")

/** Handlers of the games lookup. */
export const GamesLookupHandlers = HttpApiBuilder.group(
  ServedGamesLookupApi,
  "gamesLookup",
  Effect.fn(function*(handlers) {
    const { world } = yield* EmulatorState
    return handlers.handleAll({
      lookupGames: ({ payload }) =>
        Effect.map(
          checkIds(payload.universeIds, maxUniverseIdsPerLookup, [9, "Too many ids."]),
          (ids) => ({
            data: ids.flatMap((id) => {
              const u = world.universes.get(id)
              return u === undefined ? [] : [{
                id: u.id,
                rootPlaceId: u.rootPlaceId,
                name: u.name,
                description: u.description,
                playing: u.playing,
                visits: u.visits,
                maxPlayers: u.maxPlayers
              }]
            })
          })
        )
    })
  })
)

/** The registry entries: spread into `servedServices` (services/registry.ts). */
export const shareLinksServices = [
  {
    name: "shareLinks",
    routes: Layer.mergeAll(
      HttpApiBuilder.layer(ServedShareLinksApi, { openapiPath: "/shareLinks/openapi.json" }).pipe(
        Layer.provide(ShareLinksHandlers)
      ),
      HttpApiBuilder.layer(ServedGamesLookupApi).pipe(Layer.provide(GamesLookupHandlers))
    )
  }
] as const
