/**
 * Every platform service this library calls, with its definition (./definition.ts), keyed by the PlatformConfig
 * service name whose base URL it lives under. Each definition lives with its endpoints (`catalog/api.ts`,
 * `games/api.ts`, `friends.ts`, `localizationTables/api.ts`, …) and drives the typed client (`src/platform/clients`),
 * the emulator and the OpenAPI documents (`src/platform/openapi.ts`, through ./httpApi.ts).
 *
 * @module
 */
import type { ServiceName } from "../../core/config/PlatformConfig.ts"
import { AppConfigApi } from "./appConfig.ts"
import { HbaApi } from "./attestation.ts"
import type { AnyApi } from "./definition.ts"
import { CatalogApi } from "./catalog/api.ts"
import { DeepLinksApi } from "./deepLinks.ts"
import { FriendsApi } from "./friends.ts"
import { GameInternationalizationApi } from "./gameInternationalization/api.ts"
import { GamesApi } from "./games/api.ts"
import { LocaleApi } from "./locale.ts"
import { LocalizationTablesApi } from "./localizationTables/api.ts"
import { MetricsApi } from "./metrics.ts"
import { PresenceApi } from "./presence.ts"
import { ShareLinksApi } from "./shareLinks.ts"
import { ThumbnailsApi } from "./thumbnails/api.ts"
import { TranslationRolesApi } from "./translationRoles.ts"
import { UsersApi } from "./users.ts"

/** The services, each with the PlatformConfig name of its base URL and its definition. */
export const platformServices = {
  catalog: CatalogApi,
  games: GamesApi,
  thumbnails: ThumbnailsApi,
  users: UsersApi,
  friends: FriendsApi,
  presence: PresenceApi,
  locale: LocaleApi,
  gameInternationalization: GameInternationalizationApi,
  localizationTables: LocalizationTablesApi,
  translationRoles: TranslationRolesApi,
  shareLinks: ShareLinksApi,
  deepLinks: DeepLinksApi,
  hba: HbaApi,
  metrics: MetricsApi,
  apiGateway: AppConfigApi
} as const satisfies Partial<Record<ServiceName, AnyApi>>

/** A service of {@link platformServices}. */
export type PlatformServiceName = keyof typeof platformServices
