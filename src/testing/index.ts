/**
 * platform-web-client/testing: what you need to test YOUR app against this library, deterministically.
 *
 * @module
 */
export * from "./MemoryChallengeFrames.ts"
export * from "./memory/MemoryCookies.ts"
export * from "./memory/MemoryFrames.ts"
export * from "./memory/MemoryKeyDatabase.ts"
export * from "./memory/MemoryKeyValueStore.ts"
export * from "./memory/MemoryLogger.ts"
export * from "./memory/MemoryNativeBridge.ts"
export * from "./memory/MemoryNavigation.ts"
export * from "./memory/MemoryPageLifecycle.ts"
export * from "./memory/MemoryPageMetadata.ts"
export * from "./memory/MemoryTelemetry.ts"
export * from "./memory/MemoryUserActivity.ts"
export * from "./memory/MemoryWorkerHost.ts"
export * from "./ScriptedChallengePresenter.ts"
export * from "./ScriptedScriptRunner.ts"
export * from "./StubFetch.ts"
export * from "./testPlatformLayer.ts"
