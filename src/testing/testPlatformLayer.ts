/**
 * The core layer for tests: PlatformHttp over a stub fetch, with every browser capability in memory.
 *
 * @example
 * const layer = testPlatformLayer((request) => jsonResponse({ data: [] }), { user: { id: 1, authenticated: true } })
 * it.effect("…", () => Effect.gen(function*() { … yield* StubFetch … }).pipe(Effect.provide(layer)))
 *
 * @module
 */
import * as Layer from "effect/Layer"
import { PlatformConfig, type PlatformConfigInput } from "../core/config/PlatformConfig.ts"
import { PlatformHttp } from "../core/http/PlatformHttp.ts"
import type { MetaData } from "../core/browser/PageMetadata.ts"
import { MemoryCookies } from "./memory/MemoryCookies.ts"
import { type MemoryKeyValueStoreOptions, MemoryKeyValueStore } from "./memory/MemoryKeyValueStore.ts"
import { MemoryNavigation } from "./memory/MemoryNavigation.ts"
import { MemoryPageMetadata } from "./memory/MemoryPageMetadata.ts"
import { MemoryTelemetry } from "./memory/MemoryTelemetry.ts"
import { StubFetch, type StubHandler } from "./StubFetch.ts"

/** Starting state of the memory capabilities. */
export interface TestPlatformOptions {
  readonly storage?: MemoryKeyValueStoreOptions
  readonly cookies?: Readonly<Record<string, string>>
  readonly url?: string
  readonly metadata?: Readonly<Record<string, MetaData>>
}

/** The memory capabilities with their controls (MemoryKeyValueStore, MemoryTelemetry, …) and a stub fetch. */
export const testBrowserLayer = (handler: StubHandler, options: TestPlatformOptions = {}) =>
  Layer.mergeAll(
    StubFetch.layer(handler),
    MemoryKeyValueStore.layer(options.storage),
    MemoryCookies.layer(options.cookies),
    MemoryNavigation.layer(options.url),
    MemoryPageMetadata.layer(options.metadata),
    MemoryTelemetry.layer()
  )

/** PlatformHttp (with CsrfStore, SessionHeaders) over {@link testBrowserLayer} and a configuration from values. */
export const testPlatformLayer = (
  handler: StubHandler,
  config: PlatformConfigInput = {},
  options: TestPlatformOptions = {}
) =>
  PlatformHttp.layer.pipe(
    Layer.provideMerge(Layer.merge(testBrowserLayer(handler, options), PlatformConfig.layer(config)))
  )
