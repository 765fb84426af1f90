/**
 * All typed platform clients in one layer.
 *
 * @module
 */
import * as Layer from "effect/Layer"
import { AppConfigClient } from "./AppConfigClient.ts"
import { CatalogClient } from "./CatalogClient.ts"
import { FriendsClient } from "./FriendsClient.ts"
import { GameInternationalizationClient } from "./GameInternationalizationClient.ts"
import { GamesClient } from "./GamesClient.ts"
import { HbaClient } from "./HbaClient.ts"
import { LocaleClient } from "./LocaleClient.ts"
import { LocalizationTablesClient } from "./LocalizationTablesClient.ts"
import { MetricsClient } from "./MetricsClient.ts"
import { PresenceClient } from "./PresenceClient.ts"
import { ShareLinksClient } from "./ShareLinksClient.ts"
import { ThumbnailsClient } from "./ThumbnailsClient.ts"
import { TranslationRolesClient } from "./TranslationRolesClient.ts"
import { UsersClient } from "./UsersClient.ts"

/** Every typed client of the platform's services; needs PlatformHttp and PlatformConfig. */
export const platformClientsLayer = Layer.mergeAll(
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
  HbaClient.layer,
  MetricsClient.layer,
  AppConfigClient.layer
)
