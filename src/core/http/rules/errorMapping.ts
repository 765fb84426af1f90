/**
 * Rule: turn failed outcomes into the pipeline's typed errors, and report them.
 *
 * Any non-2xx response becomes a ResponseError carrying its status and status text, the codes and the server's
 * message of its body (below) and its headers (secrets redacted; `retry-after` only from a platform host); a request that got no response fails with the
 * FetchError, TimeoutError or RedirectError of the rules below. All are reported to the error reporter, except
 * responses with status 401, 403 and 404 (HTTP-16), which are expected in normal use; the other 4xx are reported as
 * expected failures (a caller handles them: Telemetry logs them at Debug, not Error).
 *
 * Error bodies are read as the platform's own pages read them (docs/real-platform.md, "CSRF and error bodies": the site collects the number codes of
 * `errors[]`, also under `.data`, and ignores anything that is not a number):
 * - `{ errors: [{ code, message, userFacingMessage? }, …] }`: item by item, so one bad item never costs the others
 *   (`{"errors":[{"code":"7"},{"code":9}]}` gives `[9]`);
 * - `{ data: { errors: [...] } }`: the same list one level down; its codes follow those of a top-level list;
 * - a `{ code, message }` object, at the top (a CSRF failure of the real services) or under `data`, when there is no
 *   list.
 * At most {@link maxErrorItems} items of each list are read. A code counts when it is a JSON number; numeric strings
 * do not (the site skips them too: is `"07"` 7?). The main item is the first with a code (else the first item); its
 * `message` and `userFacingMessage` are kept as texts for a person. A body of any other shape — plain text, an HTML
 * error page, a JSON string, JSON without codes or message — gives no codes, and its own text is kept as the server's
 * message. Every text: control characters become spaces, any secret the request carried (or the response set) is
 * blanked out as `[redacted]`, and it is cut to {@link maxServerMessageLength} characters. Reading never fails: any
 * body gives a ResponseError.
 *
 * @module
 */
import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import * as Schema from "effect/Schema"
import type { TelemetryShape } from "../../browser/Telemetry.ts"
import { printableText } from "../../text/printableText.ts"
import { redactUrl } from "../../text/redactUrl.ts"
import { type PlatformHttpError, ResponseError } from "../errors.ts"
import type { Rule } from "../pipeline.ts"
import type { HttpResponse } from "../response.ts"
import { redactedHeaders } from "../secretHeaders.ts"
import { fromPlatform, type Targets } from "../targets.ts"

/** Statuses that are not reported to the error reporter. */
export const unreportedStatuses: ReadonlySet<number> = new Set([401, 403, 404])

/** At most this many items of an `errors` list are read. */
export const maxErrorItems = 100

/** Server messages are cut to this many characters (an ellipsis marks the cut). */
export const maxServerMessageLength = 300

/** What an error body says: its codes (main first) and the main item's texts (or the body's text), raw. */
export interface ErrorBody {
  readonly codes: ReadonlyArray<number>
  readonly message?: string | undefined
  readonly userFacingMessage?: string | undefined
}

const valueOf =
  <A>(decode: (input: unknown) => Option.Option<A>) =>
  (input: unknown) =>
    Option.getOrUndefined(decode(input))
const codeOf = valueOf(Schema.decodeUnknownOption(Schema.Finite))
const textOf = valueOf(Schema.decodeUnknownOption(Schema.String))
const fieldsOf = valueOf(Schema.decodeUnknownOption(Schema.Record(Schema.String, Schema.Unknown)))

type Fields = Readonly<Record<string, unknown>>

/** The items of an `errors` list of `container`, at most {@link maxErrorItems}; undefined when it has no list. */
const errorItems = (container: Fields | undefined): ReadonlyArray<Fields | undefined> | undefined =>
  Array.isArray(container?.errors) ? container.errors.slice(0, maxErrorItems).map(fieldsOf) : undefined

/**
 * Read an error body (parsed JSON) of any shape; see the module doc. Never fails. `message` is undefined when the
 * body names none (the caller then keeps the body's own text).
 */
export const readErrorBody = (body: unknown): ErrorBody => {
  if (typeof body === "string") return { codes: [], message: body, userFacingMessage: undefined }
  const top = fieldsOf(body)
  const data = fieldsOf(top?.data)
  const lists = [errorItems(top), errorItems(data)].filter((list) => list !== undefined)
  // without a list, a `{ code, message }` object: the top-level one, else the one under `data`
  const items =
    lists.length > 0 ? lists.flat() : [top, data].filter((object) => codeOf(object?.code) !== undefined).slice(0, 1)
  const coded = items.filter((item) => codeOf(item?.code) !== undefined)
  const main = coded[0] ?? items[0] ?? top
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
  let clean = text === undefined ? undefined : printableText(text)
  for (const secret of secrets) if (secret.length >= 4) clean = clean?.replaceAll(secret, "[redacted]")
  clean = clean?.trim()
  return !clean
    ? undefined
    : clean.length > maxServerMessageLength
      ? `${clean.slice(0, maxServerMessageLength - 1)}…`
      : clean
}

/** What a body says: a JSON body read by {@link readErrorBody}; any other text is its own message. */
const bodyOf = (text: string): ErrorBody => {
  if (text === "") return { codes: [] }
  try {
    const read = readErrorBody(JSON.parse(text))
    // a JSON body that names neither a code nor a message: its text is what the server said
    return read.codes.length === 0 && read.message === undefined ? { ...read, message: text } : read
  } catch {
    return { codes: [], message: text }
  }
}

/**
 * The headers a ResponseError keeps: the response's, secrets redacted, and `retry-after` only from a platform host.
 * The batch cooldowns and the query retries wait what a failure's Retry-After asks (../../text/retryAfter.ts), and
 * no other host's response may steer what the library does.
 */
const keptHeaders = (response: HttpResponse, secretNames: ReadonlyArray<string>, fromPlatformHost: () => boolean) => {
  const headers = redactedHeaders(response.headers, secretNames)
  if (!("retry-after" in headers) || fromPlatformHost()) return headers
  const { ["retry-after"]: _foreign, ...kept } = headers
  return kept
}

/**
 * The ResponseError of a non-2xx response, its body read whatever its shape (see the module doc); `targets` tells
 * whether it came from a platform host (only then is its Retry-After kept).
 */
export const responseError = (
  response: HttpResponse,
  secretNames: ReadonlyArray<string>,
  targets: Targets
): ResponseError => {
  const request = response.request
  const body = bodyOf(response.text)
  // what the server's texts must not show: the secrets the request carried and the response set
  const secrets = secretNames.flatMap((name) => [request.headers[name] ?? "", response.headers.get(name) ?? ""])
  return new ResponseError({
    status: response.status,
    statusText: response.statusText,
    url: request.url,
    method: request.method,
    codes: body.codes,
    serverMessage: cleanServerText(body.message, secrets),
    userFacingMessage: cleanServerText(body.userFacingMessage, secrets),
    headers: keptHeaders(response, secretNames, () => fromPlatform(targets, response))
  })
}

/**
 * Whether an error is reported, and how: `false` for the statuses the spec leaves out (401, 403, 404) and for
 * challenge failures (the flow reports its own outcomes); `expected` for the other 4xx (a caller handles them: they
 * are reported but not logged as errors); `unexpected` for 5xx and for calls that got no response.
 */
export const reportingOf = (error: PlatformHttpError): false | "expected" | "unexpected" =>
  error._tag === "ChallengeError" || (error._tag === "ResponseError" && unreportedStatuses.has(error.status))
    ? false
    : error._tag === "ResponseError" && error.status < 500
      ? "expected"
      : "unexpected"

const report = (telemetry: TelemetryShape, error: PlatformHttpError) => {
  const reporting = reportingOf(error)
  return reporting === false || error._tag === "ChallengeError"
    ? Effect.void
    : telemetry.reportError(
        error,
        {
          kind: error._tag,
          method: error.method,
          url: redactUrl(error.url),
          ...(error._tag === "ResponseError" ? { status: String(error.status) } : {})
        },
        reporting === "expected" ? "expected" : "unexpected"
      )
}

/**
 * Fail non-2xx responses with a ResponseError, and report every failure (see {@link reportingOf}): the
 * ResponseErrors made here and the errors of the rules after this one (FetchError, TimeoutError, RedirectError; a
 * ChallengeError passes through unreported). `secretNames`: the secret-carrying header names (../secretHeaders.ts);
 * `targets`: the platform's hosts, whose responses alone keep their Retry-After.
 */
export const errorMapping = (telemetry: TelemetryShape, secretNames: ReadonlyArray<string>, targets: Targets): Rule => {
  const failed = (error: PlatformHttpError) => Effect.andThen(report(telemetry, error), Effect.fail(error))
  return (request, send) =>
    Effect.matchEffect(send(request), {
      onSuccess: (response) =>
        response.status >= 200 && response.status < 300
          ? Effect.succeed(response)
          : failed(responseError(response, secretNames, targets)),
      onFailure: failed
    })
}
