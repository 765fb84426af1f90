/**
 * Retry-After: how long a server asks its client to wait before trying again, read from the header's value. HTTP
 * gives it as a number of seconds (`120`) or as an HTTP date, in any of the three forms a recipient must accept:
 * `Sun, 06 Nov 1994 08:49:37 GMT` (the preferred one), `Sunday, 06-Nov-94 08:49:37 GMT` and
 * `Sun Nov  6 08:49:37 1994`. Month and day names are read without regard to case (a tolerant reader).
 *
 * A value that is neither (empty, negative, a fraction, a date that does not exist, anything else) gives `undefined`:
 * the caller keeps its own delay. A date in the past gives 0. The answer is not capped: the caller caps it.
 *
 * {@link waitAskedBy} reads it from a failure that carries the response's headers and says what a retry may do: wait
 * at least that long, or not retry when the server asks for more than the caller's cap (a retry sooner than asked
 * would go against the server; a longer wait against the page). The batch cooldowns and the query retries use it.
 *
 * @module
 */

const months = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]

const seconds = /^\d+$/
/**
 * `Sun, 06 Nov 1994 08:49:37 GMT` and `Sunday, 06-Nov-94 08:49:37 GMT`: day, month, year (four or two digits), time.
 */
const dayFirst = /^[a-z]{3,9}, (\d\d)[ -]([a-z]{3})[ -](\d\d|\d{4}) (\d\d):(\d\d):(\d\d) gmt$/i
/** `Sun Nov  6 08:49:37 1994`: month, day, time, year. */
const asctime = /^[a-z]{3} ([a-z]{3}) ( \d|\d\d) (\d\d):(\d\d):(\d\d) (\d{4})$/i

/** The time in ms of a date given by its parts (UTC), or undefined when no such date exists (31 Feb, 25:00). */
const utc = (year: number, monthName: string, day: number, hours: number, minutes: number, secs: number) => {
  const monthIndex = months.indexOf(monthName.toLowerCase())
  if (monthIndex < 0 || hours > 23 || minutes > 59 || secs > 60) return undefined
  const at = Date.UTC(year, monthIndex, day, hours, minutes, Math.min(secs, 59))
  return new Date(at).getUTCDate() === day ? at : undefined
}

/**
 * A year as HTTP reads it: four digits as they are; two digits, the year with those last two digits that is not
 * more than 50 years after `now`.
 */
const fullYear = (digits: string, now: number): number => {
  if (digits.length === 4) return Number(digits)
  const current = new Date(now).getUTCFullYear()
  const year = current - (current % 100) + Number(digits)
  return year > current + 50 ? year - 100 : year
}

/** The time an HTTP date names, in ms, or undefined when `value` is no HTTP date. */
const httpDate = (value: string, now: number): number | undefined => {
  const d = dayFirst.exec(value)
  if (d !== null) return utc(fullYear(d[3]!, now), d[2]!, Number(d[1]), Number(d[4]), Number(d[5]), Number(d[6]))
  const a = asctime.exec(value)
  return a === null ? undefined : utc(Number(a[6]), a[1]!, Number(a[2]), Number(a[3]), Number(a[4]), Number(a[5]))
}

/**
 * The wait a `Retry-After` value asks for, in ms from `now` (ms since the epoch): seconds × 1000, or the time until
 * the date (0 when it is past); undefined when the value is missing or not a Retry-After value.
 */
export const parseRetryAfter = (value: string | undefined, now: number): number | undefined => {
  if (value === undefined) return undefined
  const trimmed = value.trim()
  if (seconds.test(trimmed)) return Number(trimmed) * 1000
  const at = httpDate(trimmed, now)
  return at === undefined ? undefined : Math.max(0, at - now)
}

/** The `Retry-After` value of a failure that carries response headers (a record, lower-case names, or `Headers`). */
export const retryAfterOf = (cause: unknown): string | undefined => {
  if (typeof cause !== "object" || cause === null) return undefined
  const headers: unknown = (cause as { readonly headers?: unknown }).headers
  if (typeof headers !== "object" || headers === null) return undefined
  const value =
    typeof (headers as Headers).get === "function"
      ? (headers as Headers).get("retry-after")
      : (headers as Readonly<Record<string, unknown>>)["retry-after"]
  return typeof value === "string" ? value : undefined
}

/**
 * What a failure's `Retry-After` asks of a retry, with `capMs` the longest wait the caller accepts (0: the header is
 * ignored): `{ atLeast }` ms (0 when it asks nothing readable), or `"tooLong"` when it asks for more than the cap.
 */
export const waitAskedBy = (cause: unknown, now: number, capMs: number): { readonly atLeast: number } | "tooLong" => {
  if (capMs <= 0) return { atLeast: 0 }
  const asked = parseRetryAfter(retryAfterOf(cause), now)
  if (asked === undefined) return { atLeast: 0 }
  return asked > capMs ? "tooLong" : { atLeast: asked }
}
