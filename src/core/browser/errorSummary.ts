/**
 * Safe one-line descriptions of thrown values and failures, for logs and error reports.
 *
 * Only the tag/name and message are kept: never the whole object, which may carry requests, headers or cookies. An
 * error that carries the server's own words (a `serverMessage` field: the pipeline's ResponseError, whose message is
 * exactly the spec's sentence) has them appended to its message, `{message}: {serverMessage}`, so a log line says
 * what the server said. An error that names its request's URL (a `url` field: the pipeline's ResponseError, FetchError, TimeoutError,
 * RedirectError, ResponseDecodeError) has that URL redacted in its message (../text/redactUrl.ts): the caller's
 * value keeps it, what the library logs or reports does not. A caller may name more to redact ({@link Redacting}: the
 * request's URL, every URL written in the message); all of it is redacted in the whole message before it is cut.
 * Tag and message are written printable (../text/printableText.ts): a thrown value's text comes from anywhere, and
 * no line break, control or bidi character of it reaches a log line or a report.
 *
 * @module
 */
import { printableText } from "../text/printableText.ts"
import { redactUrlIn, redactUrlsIn } from "../text/redactUrl.ts"

/** The longest message kept; longer ones are cut and end with `…`. */
export const maxErrorMessageLength = 500

const field = (value: unknown, key: string): string | undefined => {
  if (typeof value !== "object" || value === null) return undefined
  const found = (value as Record<string, unknown>)[key]
  return typeof found === "string" && found !== "" ? found : undefined
}

/** The error's `_tag`, else its `name` (`SecurityError`, `TypeError`), else `Unknown`; printable. */
export const errorName = (error: unknown): string =>
  printableText(field(error, "_tag") ?? field(error, "name") ?? "Unknown")

/**
 * What {@link errorSummary} redacts in a message besides the URL of the error's own `url` field: a URL the message
 * may quote (the request's), and, with `everyUrl`, every http(s) or ws(s) URL written in it (a text from outside).
 */
export interface Redacting {
  readonly url?: string
  readonly everyUrl?: boolean
}

/** The message of an error, then the server's message it carries, if any. */
const writtenMessage = (error: unknown): string => {
  if (typeof error === "string") return error
  const message = field(error, "message") ?? ""
  const serverMessage = field(error, "serverMessage")
  return serverMessage === undefined ? message : `${message}: ${serverMessage}`
}

/**
 * The tag and message of an error: `_tag`/`name` and `message` (then the server's message it carries); a string
 * error is its own message. The URL of an error's `url` field, and what `redacting` names, are redacted in the whole
 * message; then it is made printable and cut.
 */
export const errorSummary = (
  error: unknown,
  redacting: Redacting = {}
): { readonly tag: string; readonly message: string } => {
  const written = writtenMessage(error)
  const urls = [field(error, "url"), redacting.url].filter((url) => url !== undefined)
  const message = printableText(
    redacting.everyUrl ? redactUrlsIn(written, urls) : urls.length > 0 ? redactUrlIn(written, urls) : written
  )
  return {
    tag: errorName(error),
    message: message.length > maxErrorMessageLength ? `${message.slice(0, maxErrorMessageLength - 1)}…` : message
  }
}

/** An error as one log line, `{tag}: {message}` ({@link errorSummary}): what a log call shows instead of the error. */
export const describeError = (error: unknown, redacting: Redacting = {}): string => {
  const { message, tag } = errorSummary(error, redacting)
  return message === "" ? tag : `${tag}: ${message}`
}
