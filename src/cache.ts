/**
 * platform-web-client/cache: the schema-checked cache over a key-value store, with expiry.
 *
 * @module
 */
export {
  batchStore,
  type BatchStoreOptions,
  Cache,
  CacheExpiry,
  type CacheReadOptions,
  type CacheShape
} from "./core/cache/Cache.ts"
export { type CachedItem, isFresh } from "./core/cache/CachedItem.ts"
