/**
 * The display date format (TEXT-10: short month, numeric day and year, hour and minute in 12-hour
 * style), through `Intl.DateTimeFormat`: `Jan 5, 2024, 3:07 PM` in `en-US`, `5 janv. 2024, 3:07 PM` in `fr-FR`.
 *
 * ICU versions differ in the space before AM/PM (U+202F NARROW NO-BREAK SPACE in newer ones, U+0020 in older ones);
 * it is normalised to an ordinary space so that the same date reads the same on every browser and in tests.
 *
 * @module
 */

/** The `Intl.DateTimeFormat` options of the display date format. */
export const displayDateOptions: Intl.DateTimeFormatOptions = {
  month: "short",
  day: "numeric",
  year: "numeric",
  hour: "numeric",
  minute: "2-digit",
  hour12: true
}

/** Options of {@link formatDisplayDate}. */
export interface DisplayDateOptions {
  /** A BCP 47 locale (default `en-US`). An invalid tag falls back to `en-US`. */
  readonly locale?: string
  /** An IANA time zone (default: the runtime's). An unknown zone falls back to the runtime's. */
  readonly timeZone?: string
}

/** The fallback locale. */
export const defaultDisplayLocale = "en-US"

const makeFormat = (locale: string, timeZone: string | undefined): Intl.DateTimeFormat | undefined => {
  try {
    return new Intl.DateTimeFormat(
      locale,
      timeZone === undefined ? displayDateOptions : { ...displayDateOptions, timeZone }
    )
  } catch {
    return undefined
  }
}

/**
 * A date (a `Date` or epoch milliseconds) in the display format. Never throws: an invalid locale or time zone falls
 * back as documented on {@link DisplayDateOptions}, and an invalid date gives the empty string.
 */
export const formatDisplayDate = (date: Date | number, options: DisplayDateOptions = {}): string => {
  const time = typeof date === "number" ? date : date.getTime()
  if (!Number.isFinite(time)) return ""
  const format =
    makeFormat(options.locale ?? defaultDisplayLocale, options.timeZone) ??
    makeFormat(defaultDisplayLocale, options.timeZone) ??
    makeFormat(defaultDisplayLocale, undefined)!
  return format.format(time).replace(/[\u202f\u00a0]/g, " ")
}
