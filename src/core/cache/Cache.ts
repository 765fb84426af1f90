/**
 * Cache: values kept in the KeyValueStore with the time they were stored, fresh for an expiry (default 30000 ms).
 *
 * - Nothing is cached unless a caller asks (CACHE-2): a batch processor caches
 *   only with a `store` made by {@link batchStore}, a feature only when it calls the Cache.
 * - Reads never fail: a missing, expired, unreadable, corrupt or foreign value (one that does not decode with the
 *   caller's schema) is a miss, logged at debug or warning level, and the caller's next `set` replaces it.
 * - Writes never fail: when the storage is full or disabled, the value is kept in memory instead (logged once per
 *   key), and still expires.
 * - Bounded: the cache holds at most {@link CacheMaxEntries} keys (1,000 by default), in the storage and in memory
 *   together; writing one more removes the least recently used. An expired value is removed when a read finds it
 *   expired, and by a sweep at every write (at most 16 expired keys from the least recently used end), so expired
 *   values do not stay in the storage.
 *
 * @module
 */
import * as Clock from "effect/Clock"
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Option from "effect/Option"
import * as Result from "effect/Result"
import * as Schema from "effect/Schema"
import { KeyValueStore, type KeyValueStoreShape } from "../browser/KeyValueStore.ts"
import type { BatchKeyId, BatchStore } from "../batch/BatchProcessor.ts"
import { makeCacheIndex } from "./CacheIndex.ts"
import { cachedItemJson, isFresh } from "./CachedItem.ts"

/** How long a cached value stays fresh unless the caller says otherwise (CACHE-3: 30000 ms). */
export const CacheExpiry = Context.Reference<number>("platform-web-client/core/cache/CacheExpiry", {
  defaultValue: () => 30_000
})

/**
 * The most keys a cache holds, in the storage and in its memory together (not in the spec); writing one more removes
 * the least recently used. 1,000: the page's storage (about 5 MB for localStorage) is shared by every script of the
 * origin, and a thousand values of a few kilobytes stay well inside it; a batch store (one key per user or image)
 * keeps a day's worth of lookups.
 */
export const CacheMaxEntries = Context.Reference<number>("platform-web-client/core/cache/CacheMaxEntries", {
  defaultValue: () => 1000
})

/**
 * Per-read (and per-write) options. The expiry of the last read or write of a key is the one its sweep uses; readers
 * of one key should agree on it: the first read that finds the value expired removes it.
 */
export interface CacheReadOptions {
  /** Fresh for this many ms after it was stored (default {@link CacheExpiry}). */
  readonly expiryMs?: number
}

/** The shape of the cache. */
export interface CacheShape {
  /** The fresh value under `key`, decoded with `schema`; none on a miss of any kind. */
  readonly get: <A, I>(
    key: string,
    schema: Schema.Codec<A, I>,
    options?: CacheReadOptions
  ) => Effect.Effect<Option.Option<A>>
  /** Store `value` under `key` with the current time (`expiryMs`: how long the sweep keeps it; default the expiry). */
  readonly set: <A, I>(
    key: string,
    value: A,
    schema: Schema.Codec<A, I>,
    options?: CacheReadOptions
  ) => Effect.Effect<void>
  /** Forget `key`. */
  readonly remove: (key: string) => Effect.Effect<void>
  /** The fresh value under `key`, or the result of `orElse`, which is then stored. Failures of `orElse` are not. */
  readonly getOrSet: <A, I, E, R>(
    key: string,
    schema: Schema.Codec<A, I>,
    orElse: Effect.Effect<A, E, R>,
    options?: CacheReadOptions
  ) => Effect.Effect<A, E, R>
}

/** The cached-item codec of a schema, made once per schema (kept while the schema lives). */
const makeCodecs = () => {
  const codecs = new WeakMap<object, ReturnType<typeof cachedItemJson<any, any>>>()
  return <A, I>(schema: Schema.Codec<A, I>) => {
    let found = codecs.get(schema)
    if (found === undefined) codecs.set(schema, (found = cachedItemJson(schema)))
    return found as ReturnType<typeof cachedItemJson<A, I>>
  }
}

/**
 * The storage `store` with a memory for the values it refuses (full or disabled), by key: newer than what the storage
 * holds. Reading and removing never fail: an unreadable value is a miss, a value the storage cannot remove stays.
 */
const makeFallbackStorage = (store: KeyValueStoreShape) => {
  const memory = new Map<string, string>()
  return {
    /** The raw value under `key`, from memory first; undefined when there is none or it cannot be read. */
    read: (key: string): Effect.Effect<string | undefined> => {
      const kept = memory.get(key)
      if (kept !== undefined) return Effect.succeed(kept)
      return Effect.catch(store.get(key), (error) =>
        Effect.as(Effect.logDebug(`Cache: cannot read "${key}" (${error.reason}); treated as a miss`), undefined)
      )
    },
    /** Store `raw` under `key`, in memory when the storage refuses it (logged the first time for the key). */
    write: (key: string, raw: string): Effect.Effect<void> =>
      Effect.matchEffect(store.set(key, raw), {
        onSuccess: () => Effect.sync(() => void memory.delete(key)),
        onFailure: (error) => {
          const first = !memory.has(key)
          memory.set(key, raw)
          return first
            ? Effect.logWarning(`Cache: storage refused "${key}" (${error.reason}); kept in memory`)
            : Effect.void
        }
      }),
    /** Remove `key` from memory and the storage (a storage that cannot is left as it is). */
    drop: (key: string): Effect.Effect<void> =>
      Effect.suspend(() => {
        memory.delete(key)
        return Effect.catch(store.remove(key), () => Effect.void)
      })
  }
}

const make = Effect.gen(function* () {
  const { read, write, drop } = makeFallbackStorage(yield* KeyValueStore)
  const defaultExpiry = yield* CacheExpiry
  const index = makeCacheIndex(yield* CacheMaxEntries)
  const codec = makeCodecs()

  const get = <A, I>(key: string, schema: Schema.Codec<A, I>, options?: CacheReadOptions) =>
    Effect.gen(function* () {
      const raw = yield* read(key)
      if (raw === undefined) {
        index.forget(key)
        return Option.none<A>()
      }
      const decoded = Schema.decodeUnknownResult(codec(schema))(raw)
      if (Result.isFailure(decoded)) {
        yield* Effect.logWarning(`Cache: the value under "${key}" is corrupt or foreign; treated as a miss`)
        return Option.none<A>()
      }
      const now = yield* Clock.currentTimeMillis
      const item = decoded.success
      const expiryMs = options?.expiryMs ?? defaultExpiry
      if (isFresh(item.timeStamp, now, expiryMs)) {
        index.use(key, item.timeStamp, expiryMs)
        return Option.some(item.data)
      }
      if (now - item.timeStamp >= expiryMs) {
        index.forget(key)
        yield* drop(key)
      }
      return Option.none<A>()
    })

  const set = <A, I>(key: string, value: A, schema: Schema.Codec<A, I>, options?: CacheReadOptions) =>
    Effect.gen(function* () {
      const timeStamp = yield* Clock.currentTimeMillis
      const encoded = Schema.encodeResult(codec(schema))({ data: value, timeStamp })
      if (Result.isFailure(encoded)) {
        return yield* Effect.logWarning(`Cache: the value for "${key}" does not encode; not cached`)
      }
      yield* write(key, encoded.success)
      index.use(key, timeStamp, options?.expiryMs ?? defaultExpiry)
      yield* Effect.forEach(index.overflow(timeStamp), drop, { discard: true })
    })

  const remove = (key: string) =>
    Effect.suspend(() => {
      index.forget(key)
      return drop(key)
    })

  const getOrSet = <A, I, E, R>(
    key: string,
    schema: Schema.Codec<A, I>,
    orElse: Effect.Effect<A, E, R>,
    options?: CacheReadOptions
  ): Effect.Effect<A, E, R> =>
    Effect.flatMap(get(key, schema, options), (hit) =>
      Option.isSome(hit) ? Effect.succeed(hit.value) : Effect.tap(orElse, (value) => set(key, value, schema, options))
    )

  return { get, set, remove, getOrSet } satisfies CacheShape
})

/** Values in the KeyValueStore with a time stamp; see the module doc. */
export class Cache extends Context.Service<Cache, CacheShape>()("platform-web-client/core/cache/Cache") {
  /** The cache over the KeyValueStore in context. */
  static readonly layer: Layer.Layer<Cache, never, KeyValueStore> = Layer.effect(Cache, make)
}

/** Options of {@link batchStore}. */
export interface BatchStoreOptions<A, I> {
  /** Prepended to each key's identity to make the storage key, e.g. `"users:"`. */
  readonly prefix: string
  readonly schema: Schema.Codec<A, I>
  /** Default {@link CacheExpiry}. */
  readonly expiryMs?: number
}

/** A {@link BatchStore} over the Cache, to give a batch processor persistent caching (off unless given). */
export const batchStore = <A, I>(options: BatchStoreOptions<A, I>): Effect.Effect<BatchStore<A>, never, Cache> =>
  Effect.map(Cache, (cache) => {
    const expiry = options.expiryMs === undefined ? undefined : { expiryMs: options.expiryMs }
    return {
      get: (id: BatchKeyId) => cache.get(`${options.prefix}${id}`, options.schema, expiry),
      set: (id: BatchKeyId, value: A) => cache.set(`${options.prefix}${id}`, value, options.schema, expiry)
    }
  })
