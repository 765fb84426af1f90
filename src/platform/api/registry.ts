/**
 * Every platform service this library calls, with its HttpApi definition and the PlatformConfig service name whose
 * base URL it lives under. One definition per service drives the typed client (`src/platform/clients`), the
 * emulator and the OpenAPI documents (`src/platform/openapi.ts`).
 *
 * Device attestation (`hba`), performance metrics (`metrics`) and the universal app configuration (`apiGateway`)
 * are defined by their feature modules (attestation.ts, metrics.ts, appConfig.ts) and listed here too.
 *
 * @module
 */
import * as HttpApi from "effect/http-api/HttpApi"
import * as OpenApi from "effect/http-api/OpenApi"
import type { ServiceName } from "../../core/config/PlatformConfig.ts"
import { AppConfigApi } from "./appConfig.ts"
import { HbaApi } from "./attestation.ts"
import { CatalogApi } from "./catalog.ts"
import { CreatorGamesGroup } from "./creatorGames.ts"
import { FriendRequestsGroup } from "./friendRequests.ts"
import { FriendsGroup } from "./friends.ts"
import { GameDetailsGroup } from "./gameDetails.ts"
import { GameInternationalizationApi } from "./gameInternationalization/api.ts"
import { GameRecommendationsGroup } from "./gameRecommendations.ts"
import { GamesGroup } from "./games.ts"
import { GameServersGroup } from "./gameServers.ts"
import { LocaleApi } from "./locale.ts"
import { LocalizationTablesApi } from "./localizationTables.ts"
import { MetricsApi } from "./metrics.ts"
import { PresenceGroup } from "./presence.ts"
import { PresenceQueryGroup } from "./presenceQuery.ts"
import { ShareLinksApi } from "./shareLinks.ts"
import { AssetThumbnailsGroup, AvatarThumbnailsGroup, GameThumbnailsGroup, ThumbnailBatchGroup } from "./thumbnailGroups.ts"
import { ThumbnailsGroup } from "./thumbnails.ts"
import { TranslationRolesApi } from "./translationRoles.ts"
import { UsersApi } from "./users.ts"

/** The games service: game list and details, places, servers, passes, recommendations, creators' games. */
export class GamesServiceApi extends HttpApi.make("games").add(
  GamesGroup,
  GameDetailsGroup,
  GameServersGroup,
  GameRecommendationsGroup,
  CreatorGamesGroup
).annotateMerge(OpenApi.annotations({ title: "Games", version: "v1" })) {}

/** The thumbnails service: every image kind and the batch call. */
export class ThumbnailsServiceApi extends HttpApi.make("thumbnails").add(
  ThumbnailsGroup,
  AssetThumbnailsGroup,
  AvatarThumbnailsGroup,
  GameThumbnailsGroup,
  ThumbnailBatchGroup
).annotateMerge(OpenApi.annotations({ title: "Thumbnails", version: "v1" })) {}

/** The friends service: friends, followers, followings and friend requests. */
export class FriendsServiceApi extends HttpApi.make("friends").add(FriendsGroup, FriendRequestsGroup).annotateMerge(
  OpenApi.annotations({ title: "Friends", version: "v1" })
) {}

/** The presence service: both readings of the presence lookup. */
export class PresenceServiceApi extends HttpApi.make("presence").add(PresenceGroup, PresenceQueryGroup).annotateMerge(
  OpenApi.annotations({ title: "Presence", version: "v1" })
) {}

/** The services, each with the PlatformConfig name of its base URL and its definition. */
export const platformServices = {
  catalog: CatalogApi,
  games: GamesServiceApi,
  thumbnails: ThumbnailsServiceApi,
  users: UsersApi,
  friends: FriendsServiceApi,
  presence: PresenceServiceApi,
  locale: LocaleApi,
  gameInternationalization: GameInternationalizationApi,
  localizationTables: LocalizationTablesApi,
  translationRoles: TranslationRolesApi,
  shareLinks: ShareLinksApi,
  hba: HbaApi,
  metrics: MetricsApi,
  apiGateway: AppConfigApi
} as const satisfies Partial<Record<ServiceName, HttpApi.Constraint>>

/** A service of {@link platformServices}. */
export type PlatformServiceName = keyof typeof platformServices
