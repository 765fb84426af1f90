/**
 * platform-web-client/api: what every service definition is made of, and the services together. The builders of a
 * definition (`api`, `group`, `get`, `post`, …), the schemas the services share (ids, error bodies, page sizes, asset
 * types, localization languages), the registry of the services (`platformServices`), the same definitions as
 * effect/http-api `HttpApi`s (`toHttpApi`) and their OpenAPI documents.
 *
 * Each service has its own entry point, named after it: `platform-web-client/api/friends`,
 * `platform-web-client/api/games`, `platform-web-client/api/catalog`, … (docs/platform-clients.md lists them), with
 * its definition, its endpoints (`getFriends`, `lookupUsers`, …: a page that calls one endpoint alone, with
 * `platformCall` of `platform-web-client/clients`, loads only its definition) and its schemas. The typed clients
 * (`platform-web-client/clients`), the emulator and the msw handlers are all built from these definitions.
 *
 * @module
 */
export { type PlatformServiceName, platformServices } from "./platform/api/registry.ts"
export {
  ApiBadRequest,
  ApiErrorBody,
  ApiErrorItem,
  ApiForbidden,
  ApiNotFound,
  ApiTooManyRequests,
  ApiUnauthorized,
  CreatorType,
  EmptyResponse,
  enumLabel,
  Id,
  NameFromString,
  PageSize,
  pageSizes,
  SortOrder,
  SortOrderCode,
  UnknownValue
} from "./platform/api/sharedSchemas.ts"
export { AssetType, assetTypeCodes, type AssetTypeName } from "./platform/api/assetTypes.ts"
export {
  AutoscrapeCleanupRequest,
  CreatorToolErrors,
  GameAutolocalizationInfo,
  Language,
  LanguageCodeType
} from "./platform/api/localizationSchemas.ts"
export {
  type AnyApi,
  type AnyEndpoint,
  type AnyGroup,
  api,
  type Api,
  defaultBodyName,
  del,
  type Endpoint,
  type EndpointConstructor,
  type EndpointOptions,
  type EndpointSchemas,
  endpointsOf,
  type ErrorStatus,
  get,
  group,
  type Group,
  type Method,
  patch,
  post,
  put
} from "./platform/api/definition.ts"
export {
  errorSchemas,
  type HttpApiEndpointOf,
  type HttpApiGroupOf,
  type HttpApiOf,
  toHttpApi,
  toHttpApiEndpoint
} from "./platform/api/httpApi.ts"
export { platformHttpApi, platformOpenApi, serviceOpenApi } from "./platform/openapi.ts"
