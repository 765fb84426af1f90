/**
 * Safe one-line descriptions of thrown values and failures, for logs and error reports.
 *
 * Only the tag/name and message are kept: never the whole object, which may carry requests, headers or cookies. An
 * error that names its request's URL (a `url` field: the pipeline's ResponseError, FetchError, TimeoutError,
 * RedirectError, ResponseDecodeError) has that URL redacted in its message (../text/redactUrl.ts): the caller's
 * value keeps it, what the library logs or reports does not.
 *
 * @module
 */
import { redactUrlIn } from "../text/redactUrl.ts"

/** The longest message kept; longer ones are cut and end with `…`. */
export const maxErrorMessageLength = 500

const field = (value: unknown, key: string): string | undefined => {
  if (typeof value !== "object" || value === null) return undefined
  const found = (value as Record<string, unknown>)[key]
  return typeof found === "string" && found !== "" ? found : undefined
}

/** The error's `_tag`, else its `name` (`SecurityError`, `TypeError`), else `Unknown`. */
export const errorName = (error: unknown): string => field(error, "_tag") ?? field(error, "name") ?? "Unknown"

/**
 * The tag and message of an error: `_tag`/`name` and `message`; a string error is its own message. The URL of an
 * error's `url` field is redacted in the message.
 */
export const errorSummary = (error: unknown): { readonly tag: string; readonly message: string } => {
  const written = typeof error === "string" ? error : field(error, "message") ?? ""
  const url = field(error, "url")
  const message = url === undefined ? written : redactUrlIn(written, url)
  return {
    tag: errorName(error),
    message: message.length > maxErrorMessageLength ? `${message.slice(0, maxErrorMessageLength - 1)}…` : message
  }
}

/** An error as one log line, `{tag}: {message}` ({@link errorSummary}): what a log call shows instead of the error. */
export const describeError = (error: unknown): string => {
  const { message, tag } = errorSummary(error)
  return message === "" ? tag : `${tag}: ${message}`
}
