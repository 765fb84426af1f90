/**
 * platform-web-client/batch: DataLoader-style batching on Effect. `BatchProcessor.make`, its settings and
 * cool-downs, the batch failure types, and the platform's presets per lookup (sizes, windows, memo bounds).
 *
 * @module
 */
export * as BatchProcessor from "./core/batch/BatchProcessor.ts"
export {
  BatchDefaults,
  type BatchSettings,
  type Cooldown,
  defaultBatchSettings,
  exponentialBackoff,
  fixedCooldown
} from "./core/batch/BatchDefaults.ts"
export {
  BatchFailure,
  type BatchFailureReason,
  BatchItemError,
  retriableItem,
  unretriableItem
} from "./core/batch/BatchFailure.ts"
export { type LookupOptions, platformBatchPresets, platformMemoBounds } from "./platform/batchPresets.ts"
