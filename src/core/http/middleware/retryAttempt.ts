/**
 * The retry-attempt header: when the site enables it, every request that the pipeline re-sends (after a CSRF
 * refresh, after a challenge) carries the header with the number of the attempt, 1 for the first re-send.
 * The first send never carries it. The header name is configurable (`headers.retryAttempt`, default
 * `x-retry-attempt`); the spec does not show it.
 *
 * @module
 */
import * as HttpClientRequest from "effect/http/HttpClientRequest"
import type { PlatformConfigShape } from "../../config/PlatformConfig.ts"

/** Mark `request` as re-send number `attempt` (1-based), if the site enables the retry-attempt header. */
export const markResend = (
  config: PlatformConfigShape,
  request: HttpClientRequest.HttpClientRequest,
  attempt: number
): HttpClientRequest.HttpClientRequest =>
  config.retryAttemptHeader
    ? HttpClientRequest.setHeader(request, config.headers.retryAttempt, String(attempt))
    : request
