/**
 * The services the emulator serves. Each is mounted under `/{name}` (its PlatformConfig service name) from the
 * library's own HttpApi definition, with its OpenAPI document at `/{name}/openapi.json`.
 *
 * The layout mirrors `src/platform/api/`: one module per service (`users.ts`, `friends.ts`, …), or a folder for the
 * larger ones (`games/`, `thumbnails/`, `gameInternationalization/`, `localizationTables/`) with the served API in `api.ts`, one file per
 * endpoint group and every group's handlers merged in `handlers.ts`. To serve another service: define its API in
 * `src/platform/api/`, write its handlers here in the same layout, and add one line below.
 *
 * @module
 */
import { Layer } from "effect"
import type { HttpApi, HttpApiGroup } from "effect/http-api"
import { HttpApiBuilder } from "effect/http-api"
import type { ServiceName } from "../../core/config/PlatformConfig.ts"
import { analyticsServices } from "../analytics/routes.ts"
import { ChallengeRoutes } from "../challenge/routes.ts"
import { HbaMetricsRoutes, HbaRoutes } from "../hba/routes.ts"
import { CatalogHandlers, ServedCatalogApi } from "./catalog.ts"
import { FriendsServiceHandlers, ServedFriendsApi } from "./friends.ts"
import { DeepLinksHandlers, ServedDeepLinksApi } from "./deepLinks.ts"
import { ServedGameInternationalizationApi } from "./gameInternationalization/api.ts"
import { GameInternationalizationHandlers } from "./gameInternationalization/handlers.ts"
import { ServedGamesApi } from "./games/api.ts"
import { GamesServiceHandlers } from "./games/handlers.ts"
import { LocaleHandlers, ServedLocaleApi } from "./locale.ts"
import { ServedLocalizationTablesApi } from "./localizationTables/api.ts"
import { LocalizationTablesHandlers } from "./localizationTables/handlers.ts"
import { PresenceServiceHandlers, ServedPresenceApi } from "./presence.ts"
import { ServedShareLinksApi, ShareLinksHandlers } from "./shareLinks.ts"
import { ServedThumbnailsApi } from "./thumbnails/api.ts"
import { ThumbnailsServiceHandlers } from "./thumbnails/handlers.ts"
import { ServedTranslationRolesApi, TranslationRolesHandlers } from "./translationRoles.ts"
import { ServedUsersApi, UsersHandlers } from "./users.ts"

const serve = <Id extends string, Groups extends HttpApiGroup.Constraint, E, R>(
  name: ServiceName,
  api: HttpApi.HttpApi<Id, Groups>,
  handlers: Layer.Layer<HttpApiGroup.ToService<Id, Groups>, E, R>
) => ({
  name,
  routes: HttpApiBuilder.layer(api, { openapiPath: `/${name}/openapi.json` }).pipe(Layer.provide(handlers))
})

/** Every served service with its routes. */
export const servedServices = [
  { name: "hba", routes: HbaRoutes },
  { name: "apis", routes: HbaMetricsRoutes },
  serve("users", ServedUsersApi, UsersHandlers),
  serve("friends", ServedFriendsApi, FriendsServiceHandlers),
  serve("presence", ServedPresenceApi, PresenceServiceHandlers),
  serve("games", ServedGamesApi, GamesServiceHandlers),
  serve("thumbnails", ServedThumbnailsApi, ThumbnailsServiceHandlers),
  serve("catalog", ServedCatalogApi, CatalogHandlers),
  serve("locale", ServedLocaleApi, LocaleHandlers),
  serve("gameInternationalization", ServedGameInternationalizationApi, GameInternationalizationHandlers),
  serve("localizationTables", ServedLocalizationTablesApi, LocalizationTablesHandlers),
  serve("translationRoles", ServedTranslationRolesApi, TranslationRolesHandlers),
  { name: "challenge", routes: ChallengeRoutes },
  // POST /games/v1/games (the root-place lookup) is served by the games service above, from its own definition
  serve("shareLinks", ServedShareLinksApi, ShareLinksHandlers),
  // v2 share links (links that name no type) on the deep-links service's own prefix, as on the real site
  serve("deepLinks", ServedDeepLinksApi, DeepLinksHandlers),
  // metrics, apiGateway (heartbeat configuration) and the analytics collector under apis (src/emulator/analytics)
  ...analyticsServices()
] as const

/** The names of the served services. */
export const servedServiceNames: ReadonlyArray<ServiceName> = servedServices.map((service) => service.name)
