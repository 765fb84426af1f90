/**
 * The platform features' batching (BATCH-6, SOC-1, SOC-9, SOC-11, PERF-2): the batch sizes and windows each feature's processor
 * uses, over the core's spec defaults (core/batch/BatchDefaults: 10 ms window, 2 retries, 1 call in flight,
 * 1000 ms cooldown), and how much the platform lookups remember (not in the spec: bounds sized for a page open all
 * day).
 *
 * @module
 */
import type { MemoOptions } from "../core/batch/options.ts"

/** Per-use batch sizes and windows; spread one into `BatchProcessor.make` options. */
export const platformBatchPresets = {
  /** "Default batch wait 250 ms" for the platform features. */
  defaultWaitMs: 250,
  /** POST /v1/users: 100 ids per request, 1000 ms wait. */
  users: { batchSize: 100, waitMs: 1000 },
  /** Presence: 100 user ids per request, the platform default wait. */
  presence: { batchSize: 100, waitMs: 250 },
  /** Friend lists: one user per request, the platform default wait. */
  friendLists: { batchSize: 1, waitMs: 250 },
  /** Performance measurements: 100 per request, 10 s wait (page metadata may override both). */
  performanceMetrics: { batchSize: 100, waitMs: 10_000 }
} as const

/**
 * How much each platform lookup remembers when it memoizes: at most `maxEntries` values (least recently used out),
 * each for `timeToLiveMs` after it was fetched. Pass one as `memoize` to a processor of your own.
 *
 * - users: 2,000 users for 15 minutes. A day's pages (friends, followers, a game's players, chat) show a few hundred
 *   to a couple of thousand people; at about 170 bytes a user the bound is about 340 KB. Names and display names
 *   change rarely, and a change shows within 15 minutes.
 * - thumbnails: 2,000 images for 10 minutes. Game lists and avatars of a day's pages are a few hundred to a couple of
 *   thousand images; at 300 to 400 bytes a thumbnail the bound is under 800 KB. A new avatar or game icon gets a new
 *   image URL, shown within 10 minutes.
 * - presence (not remembered unless asked for: it changes by the minute): 1,000 users for 30 seconds.
 */
export const platformMemoBounds = {
  users: { maxEntries: 2_000, timeToLiveMs: 15 * 60_000 },
  thumbnails: { maxEntries: 2_000, timeToLiveMs: 10 * 60_000 },
  presence: { maxEntries: 1_000, timeToLiveMs: 30_000 }
} as const satisfies Readonly<Record<string, Required<MemoOptions>>>

/** Options of a platform lookup (UserLookup, PresenceLookup, ThumbnailBatch). */
export interface LookupOptions {
  /**
   * Whether and how much the lookup remembers what it fetched: `true` for its bound in {@link platformMemoBounds},
   * {@link MemoOptions} to change either number, `false` to remember nothing. Each lookup has its own default.
   */
  readonly memoize?: boolean | MemoOptions
}

/**
 * The `memoize` option of a lookup's processor from the lookup's options: its `bound` (with whatever the options
 * change), or false when it is off (`onByDefault` says whether it is when the options say nothing).
 */
export const lookupMemo = (
  memoize: LookupOptions["memoize"],
  bound: Required<MemoOptions>,
  onByDefault: boolean
): MemoOptions | false =>
  memoize === false || (memoize === undefined && !onByDefault)
    ? false
    : { ...bound, ...(memoize === true ? {} : memoize) }
