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
export * from "./core/signing/RequestSigner.ts"
