/**
 * The services the emulator serves. Each is mounted under `/{name}` (its PlatformConfig service name) from the
 * library's own HttpApi definition, with its OpenAPI document at `/{name}/openapi.json`. To serve another service:
 * define its API in `src/platform/api/`, write its handlers next to this file, and add one line below.
 *
 * @module
 */
import { Layer } from "effect"
import type { HttpApi, HttpApiGroup } from "effect/http-api"
import { HttpApiBuilder } from "effect/http-api"
import type { ServiceName } from "../../../src/core/config/PlatformConfig.ts"
import { HbaMetricsRoutes, HbaRoutes } from "../hba/routes.ts"
import { ChallengeRoutes } from "../challenge/routes.ts"
import { FriendsHandlers, ServedFriendsApi } from "./friends.ts"
import { GamesHandlers, ServedGamesApi } from "./games.ts"
import { PresenceHandlers, ServedPresenceApi } from "./presence.ts"
import { shareLinksServices } from "./shareLinks.ts"
import { ServedThumbnailsApi, ThumbnailsHandlers } from "./thumbnails.ts"
import { ServedUsersApi, UsersHandlers } from "./users.ts"

const serve = <Id extends string, Groups extends HttpApiGroup.Constraint, E, R>(
  name: ServiceName,
  api: HttpApi.HttpApi<Id, Groups>,
  handlers: Layer.Layer<HttpApiGroup.ToService<Id, Groups>, E, R>
) => ({ name, routes: HttpApiBuilder.layer(api, { openapiPath: `/${name}/openapi.json` }).pipe(Layer.provide(handlers)) })

/** Every served service with its routes. */
export const servedServices = [
  { name: "hba", routes: HbaRoutes },
  { name: "apis", routes: HbaMetricsRoutes },
  serve("users", ServedUsersApi, UsersHandlers),
  serve("friends", ServedFriendsApi, FriendsHandlers),
  serve("presence", ServedPresenceApi, PresenceHandlers),
  serve("games", ServedGamesApi, GamesHandlers),
  serve("thumbnails", ServedThumbnailsApi, ThumbnailsHandlers),
  { name: "challenge", routes: ChallengeRoutes },
  ...shareLinksServices
] as const

/** The names of the served services. */
export const servedServiceNames: ReadonlyArray<ServiceName> = servedServices.map((service) => service.name)
