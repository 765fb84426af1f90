/**
 * Durations as `hh:mm:ss` (TEXT-11), each part at least two
 * digits through `Intl.NumberFormat`: `0` → `00:00:00`, `3_723_000` ms → `01:02:03`. Hours are not wrapped at 24
 * (`100:00:00` for 100 hours).
 *
 * Fractions of a second are truncated. A negative duration gets a leading `-` (`-00:00:05`); NaN and ±Infinity,
 * which are no duration, give `00:00:00`.
 *
 * @module
 */

const twoDigits = new Intl.NumberFormat("en-US", {
  minimumIntegerDigits: 2,
  useGrouping: false,
  maximumFractionDigits: 0
})

/** A duration in milliseconds as `hh:mm:ss`; see the module doc. */
export const formatDuration = (milliseconds: number): string => {
  if (!Number.isFinite(milliseconds)) return "00:00:00"
  const totalSeconds = Math.floor(Math.abs(milliseconds) / 1000)
  const hours = Math.floor(totalSeconds / 3600)
  const minutes = Math.floor((totalSeconds % 3600) / 60)
  const seconds = totalSeconds % 60
  const sign = milliseconds < 0 && totalSeconds > 0 ? "-" : ""
  return `${sign}${twoDigits.format(hours)}:${twoDigits.format(minutes)}:${twoDigits.format(seconds)}`
}
