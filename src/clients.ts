/**
 * platform-web-client/clients: a typed client for every platform service, made from its definition
 * (`platform-web-client/api`) and executed through PlatformHttp, and all of them in one layer; `platformCall` for a
 * page that calls one endpoint alone. A page loads the definitions of the clients (or the endpoint) it uses and one
 * small executor over PlatformHttp, nothing of the others.
 *
 * @module
 */
export {
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
} from "./platform/clients/PlatformClients.ts"
export { PlatformClient, type PlatformClientClass } from "./platform/clients/PlatformClient.ts"
export {
  type CheckedClient,
  type CheckedClientOf,
  type CheckedGroup,
  makeCheckedClient
} from "./platform/clients/checkedClient.ts"
export {
  type CheckedMethod,
  checkedMethod,
  type CheckedRequest,
  platformCall
} from "./platform/clients/checkedMethod.ts"
export { type PlatformCallError } from "./platform/clients/errors.ts"
export { RequestEncodeError } from "./core/http/errors.ts"
export { isTransientFailure } from "./core/http/transientFailure.ts"
export {
  type AllowedRule,
  type AllowedValue,
  type AllowedValues,
  allowedValues
} from "./platform/clients/allowedValues.ts"
