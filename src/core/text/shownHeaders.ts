/**
 * shownHeaders: the HTTP headers whose values the library may write (`ResponseError.headers`, a log line, a report),
 * failing closed like the URL rule (./redactUrl.ts, docs/security.md "Nothing secret in a log"): a header's value is
 * shown only when its name is on {@link shownHeaderNames}, names of headers that describe the message and never carry
 * a credential (its type, length, caching, dates, a time to retry after, a request id, rate limits); every other
 * value is `[redacted]`: cookies (`set-cookie`), the platform's token, proxy and challenge headers, authentication
 * challenges (`www-authenticate`), policies with nonces (`content-security-policy`), where a redirect goes
 * (`location`), and every header nobody has listed yet. A shown value goes through ./printableText.ts and is cut to
 * {@link maxShownHeaderValueLength} characters.
 *
 * @module
 */
import { printableText } from "./printableText.ts"
import { redacted } from "./redactUrl.ts"

/** The header names (lower case) whose values are shown. */
export const shownHeaderNames: ReadonlyArray<string> = [
  "accept-ranges",
  "age",
  "allow",
  "cache-control",
  "content-encoding",
  "content-language",
  "content-length",
  "content-range",
  "content-type",
  "date",
  "etag",
  "expires",
  "last-modified",
  "retry-after",
  "vary",
  "x-request-id",
  "x-ratelimit-limit",
  "x-ratelimit-remaining",
  "x-ratelimit-reset"
]

/** The longest header value shown; a longer one is cut (`…`). */
export const maxShownHeaderValueLength = 200

/** `value` of a shown header as written: printable, cut to {@link maxShownHeaderValueLength} characters. */
const shownValue = (value: string): string => {
  const printable = printableText(value)
  return printable.length > maxShownHeaderValueLength
    ? `${printable.slice(0, maxShownHeaderValueLength - 1)}…`
    : printable
}

/**
 * `headers` as a record (lower-case names) with every value `[redacted]` except those of {@link shownHeaderNames}
 * that are not among `hidden` (lower-case names hidden whatever the list says: the configuration's secret headers).
 */
export const redactedHeaders = (
  headers: Headers | Iterable<readonly [string, string]>,
  hidden: ReadonlyArray<string> = []
): Record<string, string> => {
  const out: Record<string, string> = {}
  for (const [written, value] of headers) {
    const name = written.toLowerCase()
    const shown = shownHeaderNames.includes(name) && !hidden.includes(name) ? shownValue(value) : redacted
    // an own property whatever the name: a header a server calls `__proto__` is a header, not the record's prototype
    Object.defineProperty(out, name, { value: shown, enumerable: true, writable: true, configurable: true })
  }
  return out
}
