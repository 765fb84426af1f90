/**
 * FrameMetrics: the security frame's metrics, posted to the account-security service (FRAME-6 to FRAME-10):
 *
 * ```
 * POST {apis}/account-security-service/v1/metrics/record
 * { "name": "load_time_hba_frame" | "response_time_hba_frame" | "event_hba_frame",
 *   "value": number, "labelValues": { "origin_site": "https://create.example.com", "event_type"?: "…" } }
 * ```
 *
 * | name                    | value                                   | labelValues                      |
 * |-------------------------|-----------------------------------------|----------------------------------|
 * | load_time_hba_frame     | ms from creating the frame to "loaded"  | origin_site                      |
 * | response_time_hba_frame | ms from a signing request to its answer | origin_site                      |
 * | event_hba_frame         | 1                                       | origin_site, event_type: FrameLoadTimedOut or FrameResponseTimedOut |
 *
 * `origin_site` is the origin of the page that uses the frame. The post goes straight to the fetch transport (not
 * through PlatformHttp's rules: they sign through the very frame being measured), with credentials and a JSON body,
 * and keeps the pipeline's trust rules itself: it never follows a redirect (`redirect: "manual"`: the anti-forgery
 * token it carries must not reach another host) and each exchange is bounded by `PlatformConfig.requestTimeoutMs`.
 * Like every POST to the platform it carries the anti-forgery token: from the first metric on when one is known
 * ({@link FrameMetricsCsrfToken}: in a browser page, the token the page was served with); a 403 carrying a new,
 * legal `x-csrf-token` is re-sent once with it, and the token is kept for later metrics (an illegal header value is
 * ignored). A metric never fails or delays anything: failures are logged at Debug level and dropped.
 *
 * @module
 */
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Result from "effect/Result"
import { PlatformConfig, serviceUrl } from "../../config/PlatformConfig.ts"
import type { RequestEncodeError } from "../../http/errors.ts"
import { isLegalHeaderValue } from "../../http/headerValue.ts"
import { makeRequest, setHeader, withJsonBody } from "../../http/request.ts"
import type { HttpResponse } from "../../http/response.ts"
import { makeTransport, type TransportError } from "../../http/transport.ts"

/** The metric names. */
export type FrameMetricName = "load_time_hba_frame" | "response_time_hba_frame" | "event_hba_frame"

/** The `event_type` label values of `event_hba_frame`. */
export type FrameEventType = "FrameLoadTimedOut" | "FrameResponseTimedOut"

/** The path of the metrics endpoint on the `apis` service. */
export const metricsRecordPath = "/account-security-service/v1/metrics/record"

/**
 * The anti-forgery token the metrics start with (default none: the first metric's 403 gives one). The browser's
 * signer sets the token the page was served with; an illegal header value is ignored.
 */
export const FrameMetricsCsrfToken = Context.Reference<string | undefined>(
  "platform-web-client/core/signing/frame/FrameMetricsCsrfToken",
  { defaultValue: () => undefined }
)

/** The shape of the metrics sink. */
export interface FrameMetricsShape {
  /** Record one value; never fails. */
  readonly record: (
    name: FrameMetricName,
    value: number,
    labelValues: Readonly<Record<string, string>>
  ) => Effect.Effect<void>
}

/** Where the security frame's metrics go. */
export class FrameMetrics extends Context.Service<FrameMetrics, FrameMetricsShape>()(
  "platform-web-client/core/signing/frame/FrameMetrics"
) {
  /** Posts each metric to `{apis}/account-security-service/v1/metrics/record` with the fetch in context. */
  static readonly layer: Layer.Layer<FrameMetrics, never, PlatformConfig> = Layer.effect(
    FrameMetrics,
    Effect.gen(function* () {
      const config = yield* PlatformConfig
      const url = serviceUrl(config, "apis", metricsRecordPath)
      const csrfHeader = config.headers.csrf
      const transport = makeTransport(yield* Effect.context<never>())
      const initial = yield* FrameMetricsCsrfToken
      let token = initial !== undefined && isLegalHeaderValue(initial) ? initial : undefined
      const send = (
        body: unknown,
        with_: string | undefined
      ): Effect.Effect<HttpResponse, TransportError | RequestEncodeError> => {
        const request = withJsonBody(
          {
            ...makeRequest("POST", url),
            credentials: "include",
            redirect: "manual",
            timeoutMs: config.requestTimeoutMs
          },
          body,
          "frame metric"
        )
        if (Result.isFailure(request)) return Effect.fail(request.failure)
        return transport(with_ === undefined ? request.success : setHeader(request.success, csrfHeader, with_))
      }
      return FrameMetrics.of({
        record: (name, value, labelValues) =>
          Effect.suspend(() => {
            const body = { name, value, labelValues }
            const used = token
            return send(body, used).pipe(
              Effect.flatMap((response) => {
                const fresh = response.headers.get(csrfHeader) ?? undefined
                // re-send once when the answer carries another token than the one sent (concurrent metrics may
                // already have stored it)
                if (response.status !== 403 || fresh === undefined || fresh === used || !isLegalHeaderValue(fresh)) {
                  return Effect.succeed(response)
                }
                token = fresh
                return send(body, fresh)
              }),
              Effect.flatMap((response) =>
                response.status >= 200 && response.status < 300
                  ? Effect.void
                  : Effect.logDebug(`Security frame metric ${name} was answered ${response.status}`)
              ),
              Effect.catchCause(() => Effect.logDebug(`Security frame metric ${name} could not be sent`))
            )
          })
      })
    })
  )
}
