/**
 * CacheIndex: the keys a Cache holds (in the storage or in its memory), with when each value was stored and the
 * expiry it was last used with, in order of use (the least recently used first). It decides what the cache removes:
 * the expired values at the least recently used end, a few at a time (a sweep of bounded cost), and the least
 * recently used keys beyond the bound. Pure bookkeeping: the Cache does the removing.
 *
 * Keys the storage held before the cache was made (another page's, an earlier visit's) are known once read.
 *
 * @module
 */

/** The most expired keys one sweep removes. */
export const sweepLimit = 16

/** The index of one cache; see the module doc. */
export interface CacheIndex {
  /** `key` was just used: its value stored at `timeStamp`, fresh for `expiryMs`. */
  readonly use: (key: string, timeStamp: number, expiryMs: number) => void
  /** `key` holds nothing any more. */
  readonly forget: (key: string) => void
  /**
   * The keys to remove now, forgotten by the index: expired ones from the least recently used end (at most
   * {@link sweepLimit}, stopping at one still fresh), then the least recently used beyond `maxEntries`.
   */
  readonly overflow: (now: number) => ReadonlyArray<string>
  /** Keys held. */
  readonly size: () => number
}

interface Use {
  readonly timeStamp: number
  readonly expiryMs: number
}

/** An empty index of at most `maxEntries` keys (at least 1). */
export const makeCacheIndex = (maxEntries: number): CacheIndex => {
  const bound = Math.max(1, Math.floor(maxEntries))
  const uses = new Map<string, Use>()
  return {
    use: (key, timeStamp, expiryMs) => {
      uses.delete(key)
      uses.set(key, { timeStamp, expiryMs })
    },
    forget: (key) => void uses.delete(key),
    overflow: (now) => {
      const out: Array<string> = []
      for (const [key, use] of uses) {
        if (out.length === sweepLimit || now - use.timeStamp < use.expiryMs) break
        out.push(key)
      }
      for (const key of out) uses.delete(key)
      for (const key of uses.keys()) {
        if (uses.size <= bound) break
        uses.delete(key)
        out.push(key)
      }
      return out
    },
    size: () => uses.size
  }
}
