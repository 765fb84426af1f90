/**
 * platform-web-client: the shared web client layer of the platform.
 *
 * Core (the request layer): PlatformConfig, browser capabilities, PlatformHttp with its middleware, CSRF,
 * routing helpers. Platform features are exported below the core as they land.
 *
 * @module
 */
export * from "./core/batch/BatchDefaults.ts"
export * from "./core/batch/BatchFailure.ts"
/** The batching queue: `BatchProcessor.make(options)` and its types. */
export * as BatchProcessor from "./core/batch/BatchProcessor.ts"
export * from "./core/browser/Cookies.ts"
export * from "./core/browser/Crypto.ts"
export * from "./core/browser/Frames.ts"
export * from "./core/browser/KeyDatabase.ts"
export * from "./core/browser/NativeBridge.ts"
export * from "./core/browser/KeyValueStore.ts"
export * from "./core/browser/Navigation.ts"
export * from "./core/browser/PageMetadata.ts"
export * from "./core/browser/Telemetry.ts"
export * from "./core/browser/ChallengeFrames.ts"
export * from "./core/browser/ScriptRunner.ts"
export * from "./core/challenge/ChallengeApi.ts"
export * from "./core/challenge/ChallengeComponent.ts"
export * from "./core/challenge/ChallengeError.ts"
export * from "./core/challenge/ChallengeHandler.ts"
export * from "./core/challenge/ChallengeInterceptor.ts"
export * from "./core/challenge/ChallengePresenter.ts"
export * from "./core/challenge/DomChallengePresenter.ts"
export * from "./core/challenge/enums.ts"
export * from "./core/challenge/headers.ts"
export * from "./core/challenge/hybridPage.ts"
export * from "./core/challenge/messageFilter.ts"
export * from "./core/challenge/messages.ts"
export * from "./core/challenge/metadata.ts"
export * from "./core/challenge/scriptChallenge.ts"
export * from "./core/challenge/settings.ts"
export * from "./core/challenge/withChallenges.ts"
export * from "./core/config/fromPageMetadata.ts"
export * from "./core/config/PlatformConfig.ts"
export * from "./core/csrf/CsrfStore.ts"
export * from "./core/http/errors.ts"
export * from "./core/http/PlatformHttp.ts"
export * from "./core/http/request.ts"
export * from "./core/http/required.ts"
export * from "./core/http/routing.ts"
export * from "./core/http/SessionHeaders.ts"
export * from "./core/cache/Cache.ts"
export * from "./core/cache/CachedItem.ts"
/** The cursor pager: `Pager.make(options)` and its types. */
export * as Pager from "./core/paging/Pager.ts"
export * from "./core/paging/PagingError.ts"
export * from "./core/platformLayer.ts"
export * from "./core/security-frame/FrameMetrics.ts"
export * from "./core/security-frame/frameMain.ts"
export * from "./core/security-frame/frameSide.ts"
export * from "./core/security-frame/SecurityFrame.ts"
export * from "./core/security-frame/settings.ts"
export * from "./core/signing/BoundAuthToken.ts"
export * from "./core/signing/BoundAuthTokenSigner.ts"
export * from "./core/signing/KeyStore.ts"
export * from "./core/signing/reportSigningFailure.ts"
export * from "./core/signing/RequestSigner.ts"
export * from "./core/signing/Signing.ts"
export * from "./core/signing/SigningFailure.ts"
export * from "./core/signing/SigningPolicy.ts"
export * from "./core/text/htmlEscape.ts"
export * from "./core/text/seoName.ts"
export * from "./platform/api/attestation.ts"
export * from "./platform/attestation/DeviceAttestation.ts"
export * from "./platform/auth-intent/AuthIntent.ts"
export * from "./platform/deeplinks/DeepLinkError.ts"
export * from "./platform/deeplinks/DeepLinkNavigator.ts"
export * from "./platform/deeplinks/DeepLinkSettings.ts"
export * from "./platform/deeplinks/events.ts"
export * from "./platform/deeplinks/kinds.ts"
export * from "./platform/deeplinks/NavigationPlan.ts"
export * from "./platform/deeplinks/parseDeepLink.ts"
export * from "./platform/deeplinks/planTarget.ts"
export * from "./platform/deeplinks/RootPlaceLookup.ts"
export * from "./platform/deeplinks/routes.ts"
export * from "./platform/deeplinks/targetGuard.ts"
export * from "./platform/links/checkout.ts"
export * from "./platform/links/entityUrls.ts"
export * from "./platform/links/helpLinks.ts"
export * from "./platform/links/LinkError.ts"
export * from "./platform/links/pages.ts"
export * from "./platform/links/query.ts"
export * from "./platform/links/SupportLinks.ts"
export {
  followedStatuses,
  friendshipSourceTypes,
  inviteReferrerKey,
  planShareLink,
  type ShareLinkContext,
  type ShareLinkRequest
} from "./platform/sharelinks/planShareLink.ts"
export { ResolveLinkResponse, resolveLinkFields } from "./platform/sharelinks/schemas.ts"
export { ShareLinkError, type ShareLinkErrorReason } from "./platform/sharelinks/ShareLinkError.ts"
export { ShareLinkResolver, type ShareLinkResolverShape } from "./platform/sharelinks/ShareLinkResolver.ts"
export {
  type ShareLinkStatus,
  shareLinkStatuses,
  shareLinkStatusOf,
  shareLinkTypeOf,
  statusesByType
} from "./platform/sharelinks/shareLinkTypes.ts"
