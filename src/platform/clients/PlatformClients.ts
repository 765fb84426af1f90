/**
 * The typed client of every platform service, each made by {@link PlatformClient} from its definition in
 * `src/platform/api/`, and all of them in one layer. A method is `client.<group>.<endpoint>(request)`; see
 * checkedClient.ts for what every method checks and how it fails.
 *
 * @module
 */
import * as Layer from "effect/Layer"
import { AppConfigApi } from "../api/appConfig.ts"
import { HbaApi } from "../api/attestation.ts"
import { CatalogApi } from "../api/catalog/api.ts"
import { DeepLinksApi } from "../api/deepLinks.ts"
import { FriendsApi } from "../api/friends.ts"
import { GameInternationalizationApi } from "../api/gameInternationalization/api.ts"
import { GamesApi } from "../api/games/api.ts"
import { LocaleApi } from "../api/locale.ts"
import { LocalizationTablesApi } from "../api/localizationTables/api.ts"
import { MetricsApi } from "../api/metrics.ts"
import { PresenceApi } from "../api/presence.ts"
import { ShareLinksApi } from "../api/shareLinks.ts"
import { ThumbnailsApi } from "../api/thumbnails/api.ts"
import { TranslationRolesApi } from "../api/translationRoles.ts"
import { UsersApi } from "../api/users.ts"
import type { CheckedClientOf } from "./checkedClient.ts"
import { PlatformClient } from "./PlatformClient.ts"

/** The catalog client (bundles, items, sorts, recommendations, owners): `PlatformConfig.baseUrls.catalog`. */
export class CatalogClient extends PlatformClient("CatalogClient", CatalogApi, "catalog")<CatalogClient>() {}

/** The games client (list, details, places, servers, passes, recommendations, creators' games). */
export class GamesClient extends PlatformClient("GamesClient", GamesApi, "games")<GamesClient>() {}

/** The thumbnails client (every image kind and the batch call). */
export class ThumbnailsClient extends PlatformClient(
  "ThumbnailsClient",
  ThumbnailsApi,
  "thumbnails"
)<ThumbnailsClient>() {}

/** The users client (lookups by id, the signed-in user). */
export class UsersClient extends PlatformClient("UsersClient", UsersApi, "users")<UsersClient>() {}

/** The friends client (friends, followers, followings, friend requests). */
export class FriendsClient extends PlatformClient("FriendsClient", FriendsApi, "friends")<FriendsClient>() {}

/** The presence client (both readings of the lookup). */
export class PresenceClient extends PlatformClient("PresenceClient", PresenceApi, "presence")<PresenceClient>() {}

/** The locale client (locales, the user's locale). */
export class LocaleClient extends PlatformClient("LocaleClient", LocaleApi, "locale")<LocaleClient>() {}

/** The game internationalization client (autolocalization, translation, status counts, game tables, languages, analytics). */
export class GameInternationalizationClient extends PlatformClient(
  "GameInternationalizationClient",
  GameInternationalizationApi,
  "gameInternationalization"
)<GameInternationalizationClient>() {}

/** The localization tables client (tables and their entries, a game's automatic table and autolocalization settings). */
export class LocalizationTablesClient extends PlatformClient(
  "LocalizationTablesClient",
  LocalizationTablesApi,
  "localizationTables"
)<LocalizationTablesClient>() {}

/**
 * The listing of the games where the current user holds a role sends the `groupId` filter only when it is greater
 * than 0 (API-18).
 */
const groupFilterOnlyAboveZero = (
  client: CheckedClientOf<typeof TranslationRolesApi>
): CheckedClientOf<typeof TranslationRolesApi> => {
  const list = client.translationRoles.getCurrentUserRoleGames
  const getCurrentUserRoleGames: typeof list = (request) => {
    const query = request?.query
    if (query?.groupId === undefined || query.groupId === null || query.groupId > 0) return list(request)
    const { groupId: _dropped, ...rest } = query
    return list({ ...request, query: rest })
  }
  return { translationRoles: { ...client.translationRoles, getCurrentUserRoleGames } }
}

/** The translation roles client; the role-games listing sends `groupId` only when it is greater than 0 (API-18). */
export class TranslationRolesClient extends PlatformClient(
  "TranslationRolesClient",
  TranslationRolesApi,
  "translationRoles",
  groupFilterOnlyAboveZero
)<TranslationRolesClient>() {}

/** The share links client (resolution of a link of a known type). */
export class ShareLinksClient extends PlatformClient(
  "ShareLinksClient",
  ShareLinksApi,
  "shareLinks"
)<ShareLinksClient>() {}

/** The deep links client (resolution of a v2 share link, which names no type). */
export class DeepLinksClient extends PlatformClient("DeepLinksClient", DeepLinksApi, "deepLinks")<DeepLinksClient>() {}

/** The device attestation client (the server nonce). */
export class HbaClient extends PlatformClient("HbaClient", HbaApi, "hba")<HbaClient>() {}

/** The performance metrics client (measurement batches). */
export class MetricsClient extends PlatformClient("MetricsClient", MetricsApi, "metrics")<MetricsClient>() {}

/** The universal app configuration client (the page-heartbeat behaviour), on the API gateway. */
export class AppConfigClient extends PlatformClient("AppConfigClient", AppConfigApi, "apiGateway")<AppConfigClient>() {}

/**
 * Every typed client of the platform's services; needs PlatformHttp and PlatformConfig. (Suspended, so that a page
 * importing one client does not read, and keep, every client's layer.)
 */
export const platformClientsLayer = Layer.suspend(() =>
  Layer.mergeAll(
    CatalogClient.layer,
    GamesClient.layer,
    ThumbnailsClient.layer,
    UsersClient.layer,
    FriendsClient.layer,
    PresenceClient.layer,
    LocaleClient.layer,
    GameInternationalizationClient.layer,
    LocalizationTablesClient.layer,
    TranslationRolesClient.layer,
    ShareLinksClient.layer,
    DeepLinksClient.layer,
    HbaClient.layer,
    MetricsClient.layer,
    AppConfigClient.layer
  )
)
