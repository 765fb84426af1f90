/**
 * Layers for deep-link tests: the navigator over memory capabilities (navigation, native bridge, telemetry,
 * storage, logs), a share-link table and a root-place table.
 */
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import { type DeviceInfo, PlatformConfig, type PlatformConfigInput } from "../../../src/core/config/PlatformConfig.ts"
import { DeepLinkNavigator } from "../../../src/platform/deeplinks/DeepLinkNavigator.ts"
import { RootPlaceLookup } from "../../../src/platform/deeplinks/RootPlaceLookup.ts"
import type { ResolveLinkResponse } from "../../../src/platform/sharelinks/schemas.ts"
import { ShareLinkResolver } from "../../../src/platform/sharelinks/ShareLinkResolver.ts"
import { MemoryKeyValueStore, type MemoryStorageMode } from "../../../src/testing/memory/MemoryKeyValueStore.ts"
import { MemoryLogger } from "../../../src/testing/memory/MemoryLogger.ts"
import { MemoryNativeBridge } from "../../../src/testing/memory/MemoryNativeBridge.ts"
import { MemoryNavigation } from "../../../src/testing/memory/MemoryNavigation.ts"
import { MemoryTelemetry } from "../../../src/testing/memory/MemoryTelemetry.ts"

export const www = "https://www.example.com"

/** Universe → root place used by the tests. */
export const rootPlaces: Readonly<Record<number, number>> = { 100: 1000, 200: 2000, 300: 3000 }

export interface HarnessOptions {
  readonly device?: Partial<DeviceInfo>
  readonly shareLinks?: Readonly<Record<string, ResolveLinkResponse>>
  readonly storage?: MemoryStorageMode
  readonly bridge?: boolean
  readonly baseUrls?: PlatformConfigInput["baseUrls"]
}

export const navigatorLayer = (options: HarnessOptions = {}) =>
  DeepLinkNavigator.layer.pipe(
    Layer.provideMerge(Layer.mergeAll(
      PlatformConfig.layer({
        device: { deviceType: "Computer", appType: "None", ...options.device },
        ...(options.baseUrls === undefined ? {} : { baseUrls: options.baseUrls })
      }),
      MemoryNavigation.layer(),
      MemoryNativeBridge.layer(options.bridge ?? true),
      MemoryTelemetry.layer(),
      MemoryKeyValueStore.layer(options.storage === undefined ? {} : { mode: options.storage }),
      ShareLinkResolver.fromTable(options.shareLinks ?? {}),
      RootPlaceLookup.fromTable(rootPlaces)
    )),
    Layer.provideMerge(MemoryLogger.layer())
  )

/** What a test observes after following links. */
export const observed = Effect.gen(function*() {
  const visits = yield* (yield* MemoryNavigation).visits
  const bridge = yield* (yield* MemoryNativeBridge).navigations
  const recorded = yield* (yield* MemoryTelemetry).recorded
  const logs = yield* (yield* MemoryLogger).entries
  const storage = yield* (yield* MemoryKeyValueStore).entries
  return {
    visits: visits.map((v) => `${v.kind} ${v.url}`),
    bridge,
    events: recorded.events,
    warnings: logs.filter((l) => l.level === "Warn").map((l) => l.text),
    infos: logs.filter((l) => l.level === "Info").map((l) => l.text),
    storage: Object.fromEntries(storage)
  }
})
