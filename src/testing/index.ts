/**
 * platform-web-client/testing: what you need to test YOUR app against this library, deterministically: the test
 * platform layer over a stub fetch that records every request, and a memory layer for every browser capability.
 *
 * @module
 */
export {
  type TestChallengeOptions,
  testBrowserLayer,
  type TestFetchLayer,
  testPlatformLayer,
  testPlatformLayerOver,
  type TestPlatformOptions,
  type TestPlatformServices
} from "./testPlatformLayer.ts"
export {
  jsonResponse,
  makePassThroughFetch,
  makeStubFetch,
  opaqueRedirectResponse,
  type RecordedRequest,
  redirectedResponse,
  StubFetch,
  type StubFetchShape,
  type StubHandler
} from "./StubFetch.ts"
export { type MemoryCookie, MemoryCookies, type MemoryCookiesShape } from "./memory/MemoryCookies.ts"
export {
  type DeliveredPost,
  type IncomingMessage,
  type MemoryFrameRecord,
  MemoryFrames,
  type MemoryFramesShape,
  type PostedMessage
} from "./memory/MemoryFrames.ts"
export {
  MemoryKeyDatabase,
  type MemoryKeyDatabaseOperation,
  type MemoryKeyDatabaseShape
} from "./memory/MemoryKeyDatabase.ts"
export {
  MemoryKeyValueStore,
  type MemoryKeyValueStoreOptions,
  type MemoryKeyValueStoreShape,
  type MemoryStorageMode
} from "./memory/MemoryKeyValueStore.ts"
export { type LogEntry, MemoryLogger, type MemoryLoggerShape } from "./memory/MemoryLogger.ts"
export { MemoryNativeBridge, type MemoryNativeBridgeShape } from "./memory/MemoryNativeBridge.ts"
export {
  defaultMemoryUrl,
  MemoryNavigation,
  type MemoryNavigationShape,
  type NavigationRecord
} from "./memory/MemoryNavigation.ts"
export {
  MemoryPageLifecycle,
  type MemoryPageLifecycleOptions,
  type MemoryPageLifecycleShape
} from "./memory/MemoryPageLifecycle.ts"
export { MemoryPageMetadata, type MemoryPageMetadataShape } from "./memory/MemoryPageMetadata.ts"
export { MemoryTelemetry, type MemoryTelemetryShape, type TelemetryRecording } from "./memory/MemoryTelemetry.ts"
export { MemoryUserActivity, type MemoryUserActivityShape } from "./memory/MemoryUserActivity.ts"
export {
  MemoryWorkerHost,
  type MemoryWorkerHostOptions,
  type MemoryWorkerHostShape
} from "./memory/MemoryWorkerHost.ts"
export {
  type MemoryChallengeFrameRecord,
  MemoryChallengeFrames,
  type MemoryChallengeFramesShape
} from "./MemoryChallengeFrames.ts"
export {
  type ChallengeScript,
  ScriptedChallengeControl,
  type ScriptedChallengeControlShape,
  ScriptedChallengePresenter,
  type ScriptStep
} from "./ScriptedChallengePresenter.ts"
export {
  allSymbolsTrue,
  ScriptedScriptRunner,
  ScriptedScriptRunnerControl,
  type ScriptedScriptRunnerControlShape,
  type ScriptRunAnswer
} from "./ScriptedScriptRunner.ts"
