/**
 * platform-web-client/browser: the browser's capabilities as services (storage, cookies, navigation, frames, page
 * metadata, telemetry, lifecycle, user activity, workers, key database, WebCrypto, native bridge). Each has a `browser`
 * layer here and a memory layer in `platform-web-client/testing`.
 *
 * @module
 */
export {
  KeyValueStore,
  type KeyValueStoreShape,
  StorageError,
  type StorageErrorReason,
  type StorageLike
} from "./core/browser/KeyValueStore.ts"
export { type CookieDocument, type CookieOptions, Cookies, type CookiesShape } from "./core/browser/Cookies.ts"
export { parentCookieDomain, parentCookieDomainOfUrl } from "./core/browser/cookieDomain.ts"
export { Navigation, type NavigationShape, type NavigationWindow } from "./core/browser/Navigation.ts"
export {
  FrameError,
  type FrameErrorReason,
  type FrameMessage,
  Frames,
  type FramesShape,
  type FramesWindow,
  type HiddenFrame,
  isExactOrigin,
  isExpectedSender,
  type MessageSender
} from "./core/browser/Frames.ts"
export {
  type MetaData,
  type MetaDocument,
  type MetaElements,
  type MetaLookup,
  metaOutsideHeadWarning,
  type MetaScope,
  PageMetadata,
  type PageMetadataShape
} from "./core/browser/PageMetadata.ts"
export {
  type BeaconTransport,
  type ErrorSeverity,
  type ReportedErrorLevel,
  ReportedErrorLogLevel,
  Telemetry,
  type TelemetryPayload,
  type TelemetryProperties,
  type TelemetryShape
} from "./core/browser/Telemetry.ts"
export {
  type LifecycleWindow,
  PageLifecycle,
  PageLifecycleError,
  type PageLifecycleShape,
  PageNavigationType
} from "./core/browser/PageLifecycle.ts"
export {
  type ActivityEventName,
  type ActivityTarget,
  UserActivity,
  UserActivityError,
  type UserActivityShape
} from "./core/browser/UserActivity.ts"
export {
  type WorkerConnection,
  WorkerError,
  WorkerHost,
  type WorkerHostShape,
  type WorkerLike
} from "./core/browser/WorkerHost.ts"
export { WorkerPort, type WorkerPortShape, type WorkerScopeLike } from "./core/browser/WorkerPort.ts"
export {
  KeyDatabase,
  KeyDatabaseError,
  type KeyDatabaseFailureReason,
  type KeyDatabaseShape,
  KeyDatabaseTimeout,
  type KeyLocation
} from "./core/browser/KeyDatabase.ts"
export {
  Crypto,
  CryptoError,
  type CryptoOperation,
  type CryptoShape,
  signatureAlgorithm,
  signingKeyAlgorithm,
  type WebCryptoLike
} from "./core/browser/Crypto.ts"
export {
  NativeBridge,
  type NativeBridgeShape,
  type NativeNavigateMessage,
  type WebKitWindow
} from "./core/browser/NativeBridge.ts"
export {
  type ChallengeFrame,
  type ChallengeFrameOptions,
  ChallengeFrames,
  type ChallengeFramesShape,
  type ChallengeFramesWindow,
  type RawFrameMessage
} from "./core/browser/ChallengeFrames.ts"
export {
  ScriptRunError,
  ScriptRunner,
  type ScriptRunnerShape,
  type ScriptRunRequest,
  type ScriptValues,
  type ScriptWorker,
  type ScriptWorkerFactory
} from "./core/browser/ScriptRunner.ts"
