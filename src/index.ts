/**
 * platform-web-client: the shared web client layer of the platform. The root holds what a page starts with: its
 * configuration (from the page's `<meta>` tags), the browser layer, PlatformHttp, the required-field check and the typed
 * errors. Every concern has its own entry point: `/http`, `/browser`, `/signing`, `/challenge`, `/batch`, `/paging`,
 * `/cache`, `/api` (and `/api/<service>`), `/clients`, `/social`, `/thumbnails`, `/locale`, `/deeplinks`, `/sharelinks`,
 * `/links`, `/auth-intent`, `/payments`, `/upsell`, `/heartbeat`, `/perf`, `/text`, `/query`, `/react`,
 * `/react/tanstack`, `/testing` and `/emulator` (Node).
 *
 * @module
 */
export {
  PlatformConfig,
  type PlatformConfigInput,
  type ServiceBaseUrls,
  type ServiceName
} from "./core/config/PlatformConfig.ts"
export {
  configMetaTags,
  platformConfigFromPageMetadata,
  platformConfigFromPageMetadataLayer
} from "./core/config/fromPageMetadata.ts"
export {
  type BrowserCapabilities,
  browserPlatformLayer,
  type BrowserPlatformOptions,
  type BrowserPlatformServices,
  type PageServices,
  platformLayer
} from "./core/wiring/platformLayer.ts"
export {
  serverPlatformLayer,
  type ServerPlatformOptions,
  type ServerPlatformServices
} from "./core/wiring/serverPlatformLayer.ts"
export { type BodyCallOptions, type CallOptions, PlatformHttp, withRequestTimeout } from "./core/http/PlatformHttp.ts"
export { required } from "./core/http/required.ts"
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
export { ChallengeError } from "./core/challenge/ChallengeError.ts"
export { platformClientsLayer } from "./platform/clients/PlatformClients.ts"
export {
  platformFeaturesLayer,
  type PlatformFeaturesOptions,
  socialLayer,
  type SocialLayerOptions,
  thumbnailsLayer,
  type ThumbnailsLayerOptions
} from "./platform/featureLayers.ts"
