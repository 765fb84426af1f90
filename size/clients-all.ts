// The core layer and every typed client (platformClientsLayer), each used.
import * as Effect from "effect/Effect"
import { browserPlatformLayer } from "platform-web-client"
import {
  AppConfigClient,
  CatalogClient,
  DeepLinksClient,
  FriendsClient,
  GameInternationalizationClient,
  GamesClient,
  HbaClient,
  LocaleClient,
  LocalizationTablesClient,
  MetricsClient,
  platformClientsLayer,
  PresenceClient,
  ShareLinksClient,
  ThumbnailsClient,
  TranslationRolesClient,
  UsersClient
} from "platform-web-client/clients"

const program = Effect.all([
  CatalogClient,
  GamesClient,
  ThumbnailsClient,
  UsersClient,
  FriendsClient,
  PresenceClient,
  LocaleClient,
  GameInternationalizationClient,
  LocalizationTablesClient,
  TranslationRolesClient,
  ShareLinksClient,
  DeepLinksClient,
  HbaClient,
  MetricsClient,
  AppConfigClient
])

Effect.runPromise(program.pipe(Effect.provide(platformClientsLayer), Effect.provide(browserPlatformLayer()))).then(
  (clients) => console.log(clients)
)
