/**
 * Retry-After: how long a server asks its client to wait before trying again, read from the header's value. HTTP
 * gives it as a number of seconds (`120`) or as an HTTP date, in any of the three forms a recipient must accept:
 * `Sun, 06 Nov 1994 08:49:37 GMT` (the preferred one), `Sunday, 06-Nov-94 08:49:37 GMT` and
 * `Sun Nov  6 08:49:37 1994`. Month and day names are read without regard to case (a tolerant reader).
 *
 * A value that is neither (empty, negative, a fraction, a date that does not exist, anything else) gives `undefined`:
 * the caller keeps its own delay. A date in the past gives 0. The answer is not capped: the caller caps it.
 *
 * @module
 */

const months = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]

const seconds = /^\d+$/
const time = "(\\d{2}):(\\d{2}):(\\d{2})"
const month = "([a-z]{3})"
/** `Sun, 06 Nov 1994 08:49:37 GMT`: day, month, year, time. */
const imfFixdate = new RegExp(`^[a-z]{3}, (\\d{2}) ${month} (\\d{4}) ${time} gmt$`, "i")
/** `Sunday, 06-Nov-94 08:49:37 GMT`: day, month, two-digit year, time. */
const rfc850 = new RegExp(`^[a-z]{6,9}, (\\d{2})-${month}-(\\d{2}) ${time} gmt$`, "i")
/** `Sun Nov  6 08:49:37 1994`: month, day, time, year. */
const asctime = new RegExp(`^[a-z]{3} ${month} ( \\d|\\d{2}) ${time} (\\d{4})$`, "i")

/** The time in ms of a date given by its parts (UTC), or undefined when no such date exists (31 Feb, 25:00). */
const utc = (year: number, monthName: string, day: number, hours: number, minutes: number, secs: number) => {
  const monthIndex = months.indexOf(monthName.toLowerCase())
  if (monthIndex < 0 || hours > 23 || minutes > 59 || secs > 60) return undefined
  const at = Date.UTC(year, monthIndex, day, hours, minutes, Math.min(secs, 59))
  return new Date(at).getUTCDate() === day ? at : undefined
}

/**
 * A two-digit year as HTTP reads it: the year with those last two digits that is not more than 50 years after
 * `now`.
 */
const fullYear = (twoDigits: number, now: number): number => {
  const current = new Date(now).getUTCFullYear()
  const year = current - (current % 100) + twoDigits
  return year > current + 50 ? year - 100 : year
}

/** The time an HTTP date names, in ms, or undefined when `value` is no HTTP date. */
const httpDate = (value: string, now: number): number | undefined => {
  let match = imfFixdate.exec(value)
  if (match !== null) return utc(Number(match[3]), match[2]!, Number(match[1]), Number(match[4]), Number(match[5]), Number(match[6]))
  match = rfc850.exec(value)
  if (match !== null) {
    return utc(fullYear(Number(match[3]), now), match[2]!, Number(match[1]), Number(match[4]), Number(match[5]), Number(match[6]))
  }
  match = asctime.exec(value)
  if (match !== null) return utc(Number(match[6]), match[1]!, Number(match[2]), Number(match[3]), Number(match[4]), Number(match[5]))
  return undefined
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
