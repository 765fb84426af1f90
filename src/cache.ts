/**
 * platform-web-client/cache: the schema-checked cache over a key-value store, with expiry and a bound.
 *
 * @module
 */
export {
  batchStore,
  type BatchStoreOptions,
  Cache,
  CacheExpiry,
  CacheMaxEntries,
  type CacheReadOptions,
  type CacheShape
} from "./core/cache/Cache.ts"
export { type CachedItem, isFresh } from "./core/cache/CachedItem.ts"
