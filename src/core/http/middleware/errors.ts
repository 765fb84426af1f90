/**
 * Rule: turn failed outcomes into the pipeline's typed errors, and report them.
 *
 * Any non-2xx response becomes a ResponseError carrying the codes and the server's message of its body (below); a
 * request that got no response becomes a FetchError, or the TimeoutError / RedirectError that the rules below
 * diagnosed (they travel up as the transport error's cause, see {@link stopped}). All are reported to the error
 * reporter, except responses with status 401, 403 and 404 (spec §8), which are expected in normal use.
 *
 * Error bodies (spec §8, REAL-PLATFORM.md) come in two shapes, both read:
 * - `{ errors: [{ code, message, userFacingMessage? }, …] }`: item by item, so one bad item never costs the
 *   others (`{"errors":[{"code":"7"},{"code":9}]}` gives `[9]`); at most {@link maxErrorItems} items are read;
 * - a top-level `{ code, message }`.
 * A code counts when it is an integer JSON number. Numeric strings do not: the spec and the real services send
 * numbers, and a string code is a malformed item (is `"07"` 7? is `"7.0"`?). The main item is the first with a
 * code (else the first item); its `message` and `userFacingMessage` are kept as texts for a person: control
 * characters become spaces, any secret the request carried (or the response set) is blanked out as `[redacted]`,
 * and each is cut to {@link maxServerMessageLength} characters.
 *
 * @module
 */
import * as Effect from "effect/Effect"
import * as HttpClientError from "effect/http/HttpClientError"
import type * as HttpClientRequest from "effect/http/HttpClientRequest"
import type * as HttpClientResponse from "effect/http/HttpClientResponse"
import * as Option from "effect/Option"
import * as Schema from "effect/Schema"
import type { TelemetryShape } from "../../browser/Telemetry.ts"
import type { ChallengeFailure } from "../../challenge/ChallengeInterceptor.ts"
import {
  FetchError,
  type PlatformHttpError,
  RedirectError,
  ResponseError,
  TimeoutError
} from "../errors.ts"
import { fullUrl, middleware } from "./middleware.ts"

/** Statuses that are not reported to the error reporter. */
export const unreportedStatuses: ReadonlySet<number> = new Set([401, 403, 404])

/** At most this many items of an `errors` list are read. */
export const maxErrorItems = 100

/** Server messages are cut to this many characters (an ellipsis marks the cut). */
export const maxServerMessageLength = 300

/** What an error body says: its codes (main first) and the main item's texts, raw. */
export interface ErrorBody {
  readonly codes: ReadonlyArray<number>
  readonly message?: string | undefined
  readonly userFacingMessage?: string | undefined
}

const valueOf = <A>(decode: (input: unknown) => Option.Option<A>) => (input: unknown) => Option.getOrUndefined(decode(input))
const codeOf = valueOf(Schema.decodeUnknownOption(Schema.Int))
const textOf = valueOf(Schema.decodeUnknownOption(Schema.String))
const fieldsOf = valueOf(Schema.decodeUnknownOption(Schema.Record(Schema.String, Schema.Unknown)))

/** Read an error body (parsed JSON) of either shape; see the module doc. Never fails. */
export const readErrorBody = (body: unknown): ErrorBody => {
  const top = fieldsOf(body)
  const items = (Array.isArray(top?.errors) ? top.errors.slice(0, maxErrorItems) : [top]).map(fieldsOf)
  const coded = items.filter((item) => codeOf(item?.code) !== undefined)
  const main = coded[0] ?? items[0]
  return {
    codes: coded.map((item) => item!.code as number),
    message: textOf(main?.message),
    userFacingMessage: textOf(main?.userFacingMessage)
  }
}

/**
 * A server's text made fit for a person and a log: one line, `secrets` blanked out, at most
 * {@link maxServerMessageLength} characters; undefined when nothing is left.
 */
export const cleanServerText = (text: string | undefined, secrets: ReadonlyArray<string>): string | undefined => {
  let clean = text?.replace(/[\x00-\x1f\x7f]+/g, " ")
  for (const secret of secrets) if (secret.length >= 4) clean = clean?.replaceAll(secret, "[redacted]")
  clean = clean?.trim()
  return !clean ? undefined : clean.length > maxServerMessageLength ? `${clean.slice(0, maxServerMessageLength - 1)}…` : clean
}

/** The ResponseError of a non-2xx response, its body read (an unreadable body gives no codes). */
const responseError = (
  request: HttpClientRequest.HttpClientRequest,
  response: HttpClientResponse.HttpClientResponse,
  secretNames: ReadonlyArray<string>
): Effect.Effect<ResponseError> =>
  response.json.pipe(
    Effect.map(readErrorBody),
    Effect.orElseSucceed((): ErrorBody => ({ codes: [] })),
    Effect.map((body) => {
      // what the server's texts must not show: the secrets the request carried and the response set
      const secrets = secretNames.flatMap((name) => [response.request.headers[name] ?? "", response.headers[name] ?? ""])
      return new ResponseError({
        status: response.status,
        url: fullUrl(request),
        method: request.method,
        codes: body.codes,
        serverMessage: cleanServerText(body.message, secrets),
        userFacingMessage: cleanServerText(body.userFacingMessage, secrets)
      })
    })
  )

/**
 * A transport error that carries a TimeoutError or RedirectError diagnosed below this rule: the rules between
 * pass it on as any transport failure, and this rule hands the caller the error itself.
 */
export const stopped = (
  request: HttpClientRequest.HttpClientRequest,
  error: TimeoutError | RedirectError
): HttpClientError.HttpClientError =>
  new HttpClientError.HttpClientError({ reason: new HttpClientError.TransportError({ request, cause: error }) })

const fromTransport = (request: HttpClientRequest.HttpClientRequest, cause: HttpClientError.HttpClientError) => {
  const reason = cause.reason
  if (reason._tag === "TransportError" && (reason.cause instanceof TimeoutError || reason.cause instanceof RedirectError)) {
    return reason.cause
  }
  return new FetchError({ url: fullUrl(request), method: request.method, cause: reason })
}

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
 * Map non-2xx responses to ResponseError and transport failures to FetchError (or the TimeoutError /
 * RedirectError they carry), reporting them. A challenge failure passes through as it is (the challenge flow
 * reports its own outcomes). `secretNames`: the secret-carrying header names (../secretHeaders.ts).
 */
export const withErrors = (telemetry: TelemetryShape, secretNames: ReadonlyArray<string>) =>
  middleware<HttpClientError.HttpClientError | ChallengeFailure, never, PlatformHttpError, never>((request, send) =>
    send(request).pipe(
      Effect.mapError((cause) => HttpClientError.isHttpClientError(cause) ? fromTransport(request, cause) : cause),
      Effect.flatMap((response) =>
        response.status >= 200 && response.status < 300
          ? Effect.succeed(response)
          : Effect.flatMap(responseError(request, response, secretNames), Effect.fail)
      ),
      Effect.tapError((error) => report(telemetry, error))
    )
  )
