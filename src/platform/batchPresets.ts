/**
 * The platform features' batching (platform-features §9): the batch sizes and windows each feature's processor
 * uses, over the core's spec defaults (core/batch/BatchDefaults: 10 ms window, 2 retries, 1 call in flight,
 * 1000 ms cooldown).
 *
 * @module
 */

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
