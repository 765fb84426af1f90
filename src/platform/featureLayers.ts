/**
 * Ready-made layers of the platform features, so that an app wires them in one line instead of composing each
 * service over its dependencies. Each goes over what `browserPlatformLayer()` (or `testPlatformLayer`) provides:
 *
 * | layer | provides | needs |
 * |---|---|---|
 * | `socialLayer(options)` | `Friends` (lists with names and presence), `PresenceLookup`, `FriendListCache`, `UserLookup`, and the `FriendsClient`, `UsersClient`, `PresenceClient` they call | PlatformHttp, PlatformConfig, KeyValueStore |
 * | `thumbnailsLayer(options)` | `ThumbnailBatch` batching with the page's `thumbnail-meta-data` settings, and the `ThumbnailsClient` | PlatformHttp, PlatformConfig, PageMetadata |
 * | `platformFeaturesLayer(options)` | both, and every typed client (`platformClientsLayer`) | the union |
 *
 * ```ts
 * const AppLayer = platformFeaturesLayer().pipe(Layer.provideMerge(browserPlatformLayer({ challenges: Challenges.browser })))
 * export const app = createPlatformHooks(AppLayer)
 * ```
 *
 * Each layer builds its services once per build: the lookups batch and remember for the app's whole life, and a
 * service asked twice (Friends' PresenceLookup and the app's own) is the same one.
 *
 * @module
 */
import * as Layer from "effect/Layer"
import type { LookupOptions } from "./batchPresets.ts"
import {
  FriendsClient,
  platformClientsLayer,
  PresenceClient,
  ThumbnailsClient,
  UsersClient
} from "./clients/PlatformClients.ts"
import { FriendListCache } from "./social/FriendListCache.ts"
import { Friends, type FriendsOptions } from "./social/Friends.ts"
import { PresenceLookup, type PresenceLookupOptions } from "./social/PresenceLookup.ts"
import { UserLookup } from "./social/UserLookup.ts"
import { ThumbnailBatch } from "./thumbnails/ThumbnailBatch.ts"
import { thumbnailPageSettingsLayer } from "./thumbnails/thumbnailPageSettings.ts"

/** Options of {@link socialLayer}: each service's own (see each `layerWith`). */
export interface SocialLayerOptions {
  /** How `Friends.page` retries a failed list load. */
  readonly friends?: FriendsOptions
  /** Whether presence is remembered, and how `get` and `lookup` retry. */
  readonly presence?: PresenceLookupOptions
  /** What UserLookup remembers. */
  readonly users?: LookupOptions
}

/** Friends with presence and the friend-list cache, UserLookup, and the clients they call; see the module doc. */
export const socialLayer = (options: SocialLayerOptions = {}) =>
  Friends.layerWith(options.friends ?? {}).pipe(
    Layer.provideMerge(
      Layer.mergeAll(
        PresenceLookup.layerWith(options.presence ?? {}),
        FriendListCache.layer,
        UserLookup.layerWith(options.users ?? {})
      )
    ),
    Layer.provideMerge(Layer.mergeAll(FriendsClient.layer, UsersClient.layer, PresenceClient.layer))
  )

/** Options of {@link thumbnailsLayer}. */
export interface ThumbnailsLayerOptions extends LookupOptions {
  /**
   * Batch with the settings of the page's `thumbnail-meta-data` tag (batch size, retries, cooldown, concurrency),
   * read once when the layer is built (default true); false for the spec's defaults.
   */
  readonly pageSettings?: boolean
}

/** ThumbnailBatch with the page's thumbnail settings, and the ThumbnailsClient; see the module doc. */
export const thumbnailsLayer = (options: ThumbnailsLayerOptions = {}) => {
  const { pageSettings = true, ...lookup } = options
  const batch = ThumbnailBatch.layerWith(lookup)
  return (pageSettings ? batch.pipe(Layer.provide(thumbnailPageSettingsLayer)) : batch).pipe(
    Layer.provideMerge(ThumbnailsClient.layer)
  )
}

/** Options of {@link platformFeaturesLayer}. */
export interface PlatformFeaturesOptions {
  readonly social?: SocialLayerOptions
  readonly thumbnails?: ThumbnailsLayerOptions
}

/** Every typed client, {@link socialLayer} and {@link thumbnailsLayer}; see the module doc. */
export const platformFeaturesLayer = (options: PlatformFeaturesOptions = {}) =>
  Layer.merge(socialLayer(options.social), thumbnailsLayer(options.thumbnails)).pipe(
    Layer.provideMerge(platformClientsLayer)
  )
