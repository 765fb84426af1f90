/**
 * Layers for deep-link tests: the navigator over memory capabilities (navigation, native bridge, telemetry,
 * storage, logs), a share-link table and a root-place table.
 */
import * as Effect from "effect/Effect"
import * as Fiber from "effect/Fiber"
import * as Layer from "effect/Layer"
import * as Schema from "effect/Schema"
import * as Stream from "effect/Stream"
import { KeyValueStore, type KeyValueStoreShape } from "../../../src/core/browser/KeyValueStore.ts"
import { type DeviceInfo, PlatformConfig, type PlatformConfigInput } from "../../../src/core/config/PlatformConfig.ts"
import { DeepLinkNavigator } from "../../../src/platform/deeplinks/DeepLinkNavigator.ts"
import { RootPlaceLookup } from "../../../src/platform/deeplinks/RootPlaceLookup.ts"
import type { GameJoinRequest } from "../../../src/platform/deeplinks/NavigationPlan.ts"
import { ResolveLinkResponse, ResolveLinkV2Response } from "../../../src/platform/sharelinks/schemas.ts"
import { ShareLinkResolver } from "../../../src/platform/sharelinks/ShareLinkResolver.ts"
import { MemoryKeyValueStore, type MemoryStorageMode } from "../../../src/testing/memory/MemoryKeyValueStore.ts"
import { MemoryLogger } from "../../../src/testing/memory/MemoryLogger.ts"
import { MemoryNativeBridge } from "../../../src/testing/memory/MemoryNativeBridge.ts"
import { MemoryNavigation } from "../../../src/testing/memory/MemoryNavigation.ts"
import { MemoryTelemetry } from "../../../src/testing/memory/MemoryTelemetry.ts"

export const www = "https://www.example.com"

/** Universe → root place used by the tests. */
export const rootPlaces: Readonly<Record<number, number>> = { 100: 1000, 200: 2000, 300: 3000 }

/** A `POST /v1/resolve-link` answer as the service sends it (JSON). */
export type ResolveLinkWire = typeof ResolveLinkResponse.Encoded

/** A `POST /v2/resolve` answer as the service sends it (JSON). */
export type ResolveLinkV2Wire = typeof ResolveLinkV2Response.Encoded

/** Answers as sent, decoded with the services' own schemas (as the typed clients decode them). */
const decodedTable = <S extends Schema.Top>(schema: S, table: Readonly<Record<string, unknown>>) => {
  const decode = Schema.decodeUnknownSync(schema as unknown as Schema.Codec<S["Type"], unknown>)
  return Object.fromEntries(Object.entries(table).map(([key, answer]) => [key, decode(answer)]))
}

export interface HarnessOptions {
  readonly device?: Partial<DeviceInfo>
  /** v1 answers as sent (JSON), by `{linkType}:{code}`. */
  readonly shareLinks?: Readonly<Record<string, ResolveLinkWire>>
  /** v2 answers as sent (JSON), by code. */
  readonly shareLinksV2?: Readonly<Record<string, ResolveLinkV2Wire>>
  readonly storage?: MemoryStorageMode
  readonly bridge?: boolean
  readonly baseUrls?: PlatformConfigInput["baseUrls"]
  /** A store the navigator uses instead of the memory one (which is still provided, and stays empty). */
  readonly store?: KeyValueStoreShape
}

export const navigatorLayer = (options: HarnessOptions = {}) => {
  const navigator: typeof DeepLinkNavigator.layer =
    options.store === undefined
      ? DeepLinkNavigator.layer
      : DeepLinkNavigator.layer.pipe(Layer.provide(Layer.succeed(KeyValueStore, options.store)))
  return navigator.pipe(
    Layer.provideMerge(
      Layer.mergeAll(
        PlatformConfig.layer({
          device: { deviceType: "Computer", appType: "None", ...options.device },
          ...(options.baseUrls === undefined ? {} : { baseUrls: options.baseUrls })
        }),
        MemoryNavigation.layer(),
        MemoryNativeBridge.layer(options.bridge ?? true),
        MemoryTelemetry.layer(),
        MemoryKeyValueStore.layer(options.storage === undefined ? {} : { mode: options.storage }),
        ShareLinkResolver.fromTable(
          decodedTable(ResolveLinkResponse, options.shareLinks ?? {}),
          decodedTable(ResolveLinkV2Response, options.shareLinksV2 ?? {})
        ),
        RootPlaceLookup.fromTable(rootPlaces)
      )
    ),
    Layer.provideMerge(MemoryLogger.layer())
  )
}

/** What a test observes after following links. */
export const observed = Effect.gen(function* () {
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

/** Follow `link` with a subscriber on the navigator's game joins: whether it was followed, and the joins published. */
export const followCollectingJoins = (link: string) =>
  Effect.gen(function* () {
    const navigator = yield* DeepLinkNavigator
    const joins: Array<GameJoinRequest> = []
    const listener = yield* Effect.forkChild(
      Stream.runForEach(navigator.gameJoinRequests, (join) => Effect.sync(() => joins.push(join))),
      { startImmediately: true }
    )
    const followed = yield* navigator.navigate(link)
    yield* Effect.yieldNow
    yield* Fiber.interrupt(listener)
    return { followed, joins }
  })
