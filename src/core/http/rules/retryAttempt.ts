/**
 * The retry-attempt header: when the site enables it, every request that the pipeline re-sends (after a CSRF
 * refresh, after a challenge) carries the header with the number of the re-send: 1 for the first, 2 when a
 * re-sent request is re-sent again (a challenge re-send that then needs a CSRF refresh). The first send never
 * carries it. The header name is configurable (`headers.retryAttempt`, default `x-retry-attempt`); the spec does
 * not show it.
 *
 * @module
 */
import type { PlatformConfigShape } from "../../config/PlatformConfig.ts"
import { type HttpRequest, setHeader } from "../request.ts"

/** Mark `request` as one more re-send (its attempt header plus one), if the site enables the header. */
export const markResend = (config: PlatformConfigShape, request: HttpRequest): HttpRequest => {
  if (!config.retryAttemptHeader) return request
  const previous = Number(request.headers[config.headers.retryAttempt.toLowerCase()] ?? 0)
  return setHeader(
    request,
    config.headers.retryAttempt,
    String((Number.isInteger(previous) && previous > 0 ? previous : 0) + 1)
  )
}
