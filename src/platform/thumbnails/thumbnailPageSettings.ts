/**
 * The real site's `<meta name="thumbnail-meta-data">` tag (rendered at the end of `<head>`), decoded:
 *
 * | attribute | value | setting |
 * |---|---|---|
 * | `data-is-webapp-cache-enabled` | boolean (`False`, Razor style) | `webappCacheEnabled` |
 * | `data-webapp-cache-expirations-timespan` | time span `hh:mm:ss` (`00:01:00`), up to a day | `webappCacheExpirationMs` |
 * | `data-request-min-cooldown`, `data-request-max-cooldown` | integer ms, up to 10 minutes | `retryCooldownMinMs`, `retryCooldownMaxMs` |
 * | `data-request-max-retry-attempts` | integer 0–10 | `maxRetryAttempts` |
 * | `data-request-batch-size` | integer 1–100 (the batch call's limit) | `batchSize` |
 * | `data-thumbnail-metrics-sample-size` | integer 0–1000000 | `metricsSampleSize` |
 * | `data-concurrent-thumbnail-request-count` | integer 1–16 | `concurrency` |
 *
 * Only what the page sets is given; a missing or blank attribute is absent, a malformed one is absent with a Warning
 * naming the tag and the attribute (never the value).
 *
 * ThumbnailBatch batches with them when {@link ThumbnailPageSettings} holds them (provide
 * {@link thumbnailPageSettingsLayer}: `ThumbnailBatch.layer.pipe(Layer.provide(thumbnailPageSettingsLayer))`);
 * without it, the spec's defaults. In BatchProcessor terms ({@link thumbnailBatchOptions}): `batchSize`,
 * `maxRetries` (the page's retry attempts), `concurrency`, and the cooldown: exponential from the minimum to the
 * maximum when the page sets both, else the minimum every time. The web-app cache and metrics settings are read
 * but used by nothing in the library.
 *
 * @module
 */
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import type { PageMetadata } from "../../core/browser/PageMetadata.ts"
import { exponentialBackoff, fixedCooldown } from "../../core/batch/BatchDefaults.ts"
import type { CommonOptions } from "../../core/batch/options.ts"
import { bool, compact, numberIn, readTag, timeSpanMs } from "../../core/config/metaAttributes.ts"

/** The tag read. */
export const thumbnailMetaTag = "thumbnail-meta-data"

/** The thumbnail settings a page sets (each absent when the page does not set it). */
export interface ThumbnailPageSettingsShape {
  readonly webappCacheEnabled?: boolean
  readonly webappCacheExpirationMs?: number
  readonly retryCooldownMinMs?: number
  readonly retryCooldownMaxMs?: number
  readonly maxRetryAttempts?: number
  readonly batchSize?: number
  readonly metricsSampleSize?: number
  readonly concurrency?: number
}

const tenMinutes = 600_000

/** The settings of the page's `thumbnail-meta-data` tag (see the module doc); empty when the tag is absent. */
export const thumbnailPageSettings: Effect.Effect<ThumbnailPageSettingsShape, never, PageMetadata> = Effect.map(
  readTag(thumbnailMetaTag, {
    isWebappCacheEnabled: bool,
    webappCacheExpirationsTimespan: timeSpanMs(86_400_000),
    requestMinCooldown: numberIn(0, tenMinutes),
    requestMaxCooldown: numberIn(0, tenMinutes),
    requestMaxRetryAttempts: numberIn(0, 10),
    requestBatchSize: numberIn(1, 100),
    thumbnailMetricsSampleSize: numberIn(0, 1_000_000),
    concurrentThumbnailRequestCount: numberIn(1, 16)
  }),
  ({ values: v }) =>
    compact({
      webappCacheEnabled: v.isWebappCacheEnabled,
      webappCacheExpirationMs: v.webappCacheExpirationsTimespan,
      retryCooldownMinMs: v.requestMinCooldown,
      retryCooldownMaxMs: v.requestMaxCooldown,
      maxRetryAttempts: v.requestMaxRetryAttempts,
      batchSize: v.requestBatchSize,
      metricsSampleSize: v.thumbnailMetricsSampleSize,
      concurrency: v.concurrentThumbnailRequestCount
    })
)

/** The page's thumbnail settings, for the thumbnail batcher; none unless provided ({@link thumbnailPageSettingsLayer}). */
export const ThumbnailPageSettings = Context.Reference<ThumbnailPageSettingsShape>(
  "platform-web-client/platform/thumbnails/ThumbnailPageSettings",
  { defaultValue: () => ({}) }
)

/** {@link ThumbnailPageSettings} from the page's tag ({@link thumbnailPageSettings}), read once when built. */
export const thumbnailPageSettingsLayer: Layer.Layer<never, never, PageMetadata> = Layer.effect(
  ThumbnailPageSettings,
  thumbnailPageSettings
)

/** The BatchProcessor options the page's thumbnail settings give (only those it sets; see the module doc). */
export const thumbnailBatchOptions = (
  settings: ThumbnailPageSettingsShape
): Pick<CommonOptions<unknown, unknown, never, never>, "batchSize" | "maxRetries" | "concurrency" | "cooldown"> => {
  const { concurrency, maxRetryAttempts, retryCooldownMaxMs: maxMs, retryCooldownMinMs: baseMs } = settings
  return compact({
    batchSize: settings.batchSize,
    maxRetries: maxRetryAttempts,
    concurrency,
    cooldown:
      baseMs === undefined
        ? undefined
        : maxMs === undefined
          ? fixedCooldown(baseMs)
          : exponentialBackoff({ baseMs, maxMs: Math.max(baseMs, maxMs) })
  })
}
