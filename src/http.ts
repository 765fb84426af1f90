/**
 * platform-web-client/http: the request pipeline. PlatformConfig (hosts per service, user, locale), PlatformHttp (the one
 * way to call the platform: CSRF, header relay, signing and challenge hooks, typed errors, time-outs), the required-field
 * check, the URL helpers (locale prefixes, legacy sub-hosts, the host-name limit), the CSRF store and the session header relay.
 *
 * @module
 */
export {
  type AppType,
  type BoundAuthTokenSettings,
  type CurrentUser,
  defaultHeaderNames,
  defaultPlatformConfig,
  defaultRequestTimeoutMs,
  type DeviceFlags,
  deviceFlagNames,
  type DeviceInfo,
  type DeviceType,
  type DuplicationSettings,
  guestUser,
  type HeaderNames,
  isNativeApp,
  type LocaleInfo,
  makePlatformConfig,
  PlatformConfig,
  type PlatformConfigInput,
  type PlatformConfigShape,
  prefixedBaseUrls,
  type ServiceBaseUrls,
  type ServiceName,
  serviceNames,
  serviceUrl,
  subdomainBaseUrls,
  type TracingSettings
} from "./core/config/PlatformConfig.ts"
export {
  configMetaTags,
  missingHostsWarning,
  platformConfigFromPageMetadata,
  platformConfigFromPageMetadataLayer
} from "./core/config/fromPageMetadata.ts"
export { environmentFromPage, type SiteEnvironment } from "./core/config/siteTags.ts"
export {
  type BoundAuthTokenListEntry,
  type BoundAuthTokenLists,
  boundAuthTokenListsFromPage
} from "./core/config/boundAuthTokenLists.ts"
export {
  type BrowserCapabilities,
  type BrowserPlatformOptions,
  browserPlatformLayer,
  type BrowserPlatformServices,
  type PageServices,
  platformLayer,
  type PlatformLayerOptions
} from "./core/wiring/platformLayer.ts"
export { OnDemandLoadTimeout } from "./core/wiring/onDemand.ts"
export {
  type BodyCallOptions,
  type Call,
  type CallOptions,
  PlatformHttp,
  type PlatformHttpShape,
  RequestTimeout,
  withRequestTimeout
} from "./core/http/PlatformHttp.ts"
export {
  FetchError,
  type PlatformHttpError,
  RedirectError,
  RequestEncodeError,
  RequiredError,
  ResponseDecodeError,
  ResponseError,
  ResponseTooLargeError,
  TimeoutError
} from "./core/http/errors.ts"
export {
  type HttpMethod,
  type HttpRequest,
  type HttpRequestBody,
  makeRequest,
  type Params,
  type ParamValue,
  setHeader,
  setHeaders,
  type Target,
  withJsonBody
} from "./core/http/request.ts"
export { HttpResponse, type ResponseHead } from "./core/http/response.ts"
export { defaultMaxResponseBytes, MaxResponseBytes } from "./core/http/responseBody.ts"
export {
  type BatchedCall,
  type BatchedCallOptions,
  batchedGet,
  batchedPost,
  defaultBatchedChunkSize,
  defaultBatchedConcurrency,
  defaultBatchedIdsKey
} from "./core/http/batchedCall.ts"
export { fromHttpClientRequest, type PlatformHttpClientError, toHttpClient } from "./core/http/httpClient.ts"
export { PipelineObserver, type PipelineEvent, type PipelineObserverShape } from "./core/http/observer.ts"
export { type Present, required } from "./core/http/required.ts"
export { InvalidHostError, validateHostName } from "./core/http/hostName.ts"
export {
  subHostRedirect,
  type SubHostRedirectOptions,
  type SubHostRoute,
  subHostRoutes
} from "./core/http/legacySubHosts.ts"
export { localePrefix, notLocalePrefixes, stripLocalePrefix } from "./core/http/localePrefix.ts"
export { SessionHeaders, type SessionHeadersShape, type SessionHeaderValues } from "./core/http/SessionHeaders.ts"
export { CsrfStore, type CsrfStoreShape, InitialCsrfToken } from "./core/csrf/CsrfStore.ts"
export { initialCsrfTokenFromPage, pageCsrfToken } from "./core/csrf/pageCsrfToken.ts"
