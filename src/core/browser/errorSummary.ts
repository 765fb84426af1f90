/**
 * Safe one-line descriptions of thrown values and failures, for logs and error reports.
 *
 * Only the tag/name and message are kept: never the whole object, which may carry requests, headers or cookies.
 *
 * @module
 */

/** The longest message kept; longer ones are cut and end with `…`. */
export const maxErrorMessageLength = 500

const field = (value: unknown, key: string): string | undefined => {
  if (typeof value !== "object" || value === null) return undefined
  const found = (value as Record<string, unknown>)[key]
  return typeof found === "string" && found !== "" ? found : undefined
}

/** The error's `_tag`, else its `name` (`SecurityError`, `TypeError`), else `Unknown`. */
export const errorName = (error: unknown): string => field(error, "_tag") ?? field(error, "name") ?? "Unknown"

/** The tag and message of an error: `_tag`/`name` and `message`; a string error is its own message. */
export const errorSummary = (error: unknown): { readonly tag: string; readonly message: string } => {
  const message = typeof error === "string" ? error : field(error, "message") ?? ""
  return {
    tag: errorName(error),
    message: message.length > maxErrorMessageLength ? `${message.slice(0, maxErrorMessageLength - 1)}…` : message
  }
}
