/**
 * The library's platform features the demo's screens use, all over the page's PlatformHttp and PlatformConfig:
 *
 * - every typed client (`platformClientsLayer`): the signed-in user, games, catalog, localization;
 * - `Friends`: friend lists with names and presence (presence batched by `PresenceLookup`, lists kept in
 *   `FriendListCache`), and the friend requests;
 * - `ThumbnailBatch`: every picture (avatars, game icons, bundles, items) through the batched thumbnails call.
 *
 * Batching, retries (`isTransient`), id limits and caching are the library's: the demo adds none of its own.
 *
 * @module
 */
import { Layer } from "effect"
import { platformClientsLayer } from "platform-web-client"
import { FriendListCache, Friends, PresenceLookup } from "platform-web-client/social"
import { ThumbnailBatch } from "platform-web-client/thumbnails"

/** The typed clients, Friends, PresenceLookup and ThumbnailBatch; needs PlatformHttp, PlatformConfig, KeyValueStore. */
export const platformFeaturesLayer = Layer.merge(Friends.layer, ThumbnailBatch.layer).pipe(
  Layer.provideMerge(Layer.merge(PresenceLookup.layer, FriendListCache.layer)),
  Layer.provideMerge(platformClientsLayer)
)
