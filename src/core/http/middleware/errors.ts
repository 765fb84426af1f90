/**
 * Rule: turn outcomes into the pipeline's typed errors, and report them.
 *
 * Any non-2xx response becomes a ResponseError carrying the numeric `errors[].code` list of its body; a request
 * that got no response becomes a FetchError. Both are reported to the error reporter, except responses with
 * status 401, 403 and 404 (spec §8), which are expected in normal use.
 *
 * @module
 */
import * as Effect from "effect/Effect"
import * as HttpClientError from "effect/http/HttpClientError"
import type * as HttpClientRequest from "effect/http/HttpClientRequest"
import type * as HttpClientResponse from "effect/http/HttpClientResponse"
import * as Schema from "effect/Schema"
import type { TelemetryShape } from "../../browser/Telemetry.ts"
import type { ChallengeFailure } from "../../challenge/ChallengeInterceptor.ts"
import { FetchError, type PlatformHttpError, ResponseError } from "../errors.ts"
import { fullUrl, middleware } from "./middleware.ts"

/** The error body of the platform's services: `{ errors: [{ code, message }] }`; only numeric codes count. */
const ErrorBody = Schema.Struct({
  errors: Schema.Array(Schema.Struct({ code: Schema.Number }))
})
const decodeErrorBody = Schema.decodeUnknownOption(ErrorBody)

/** Statuses that are not reported to the error reporter. */
export const unreportedStatuses: ReadonlySet<number> = new Set([401, 403, 404])

/** The numeric error codes of a response body, in order; empty when the body is not an error body. */
export const readErrorCodes = (
  response: HttpClientResponse.HttpClientResponse
): Effect.Effect<ReadonlyArray<number>> =>
  response.json.pipe(
    Effect.map((body) => {
      const decoded = decodeErrorBody(body)
      return decoded._tag === "Some" ? decoded.value.errors.map((e) => e.code) : []
    }),
    Effect.orElseSucceed(() => [])
  )

const toFetchError = (request: HttpClientRequest.HttpClientRequest, cause: HttpClientError.HttpClientError) =>
  new FetchError({ url: fullUrl(request), method: request.method, cause: cause.reason })

const report = (telemetry: TelemetryShape, error: PlatformHttpError) =>
  error._tag === "ChallengeError" || (error._tag === "ResponseError" && unreportedStatuses.has(error.status))
    ? Effect.void
    : telemetry.reportError(error, {
      kind: error._tag,
      method: error.method,
      url: error.url,
      ...(error._tag === "ResponseError" ? { status: String(error.status) } : {})
    })

/**
 * Map non-2xx responses to ResponseError and transport failures to FetchError, reporting both. A challenge
 * failure passes through as it is (the challenge flow reports its own outcomes).
 */
export const withErrors = (telemetry: TelemetryShape) =>
  middleware<HttpClientError.HttpClientError | ChallengeFailure, never, PlatformHttpError, never>((request, send) =>
    send(request).pipe(
      Effect.mapError((cause) => HttpClientError.isHttpClientError(cause) ? toFetchError(request, cause) : cause),
      Effect.flatMap((response) =>
        response.status >= 200 && response.status < 300
          ? Effect.succeed(response)
          : Effect.flatMap(readErrorCodes(response), (codes) =>
            Effect.fail(
              new ResponseError({ status: response.status, url: fullUrl(request), method: request.method, codes })
            ))
      ),
      Effect.tapError((error) => report(telemetry, error))
    )
  )
