/**
 * Number abbreviation for counts shown in the UI (visits, favourites, members): `12345` → `12.3K`, or `12.3K+`
 * with the plus variant (TEXT-7, TEXT-8: suffixes K, M, B, T, a plus variant, a default
 * threshold of 10000).
 *
 * Rules (the spec leaves the digits to us; these are chosen so that an abbreviation never over-states a count):
 * - Values whose magnitude is below the threshold are written in full, as plain digits without grouping
 *   (`9999` → `9999`). Non-integers below the threshold are written as JavaScript writes them.
 * - At or above the threshold the value is divided by the largest of 1,000 (K), 1,000,000 (M), 1,000,000,000 (B)
 *   and 1,000,000,000,000 (T) not above it, TRUNCATED (never rounded up) to `fractionDigits` decimals (default 1),
 *   and trailing zeros of the fraction are dropped: `10000` → `10K`, `12399` → `12.3K`, `1999999` → `1.9M`,
 *   `5e15` → `5000T`. The decimal separator is always `.`.
 * - The plus variant appends `+` to every abbreviated value (`10K+`): the count is at least that much.
 * - Negative values are abbreviated by magnitude with a leading `-`; NaN and ±Infinity are written as JavaScript
 *   writes them (`NaN`, `Infinity`). Nothing throws.
 *
 * Monotone: for non-negative integers a ≤ b, the value an abbreviation denotes never decreases, as long as the
 * threshold is a power of ten of at least 1000 (the default is) — a threshold between two truncation steps could
 * make the first abbreviated value denote less than the last full one.
 *
 * @module
 */

/** The suffixes, one per power of 1000 from 10^3. */
export const abbreviationSuffixes = ["K", "M", "B", "T"] as const

/** The default truncation threshold (TEXT-8). */
export const defaultAbbreviationThreshold = 10_000

/** Options of {@link abbreviateNumber}. */
export interface AbbreviateOptions {
  /** Values whose magnitude is below this are written in full (default {@link defaultAbbreviationThreshold}). */
  readonly threshold?: number
  /** Append `+` to abbreviated values (the plus variant). Default false. */
  readonly plus?: boolean
  /**
   * Decimals kept (truncated) after the point, 0–3; default 1. With K at most 2 are kept, so that an abbreviation
   * (point included) is never longer than the digits of the number it abbreviates, plus its suffix.
   */
  readonly fractionDigits?: number
}

/** Abbreviate a number with K, M, B, T; see the module doc for the rules. */
export const abbreviateNumber = (value: number, options: AbbreviateOptions = {}): string => {
  if (!Number.isFinite(value)) return String(value)
  const threshold = options.threshold ?? defaultAbbreviationThreshold
  const magnitude = Math.abs(value)
  if (magnitude < threshold || magnitude < 1000) return String(value)
  let power = 1
  while (power < abbreviationSuffixes.length && magnitude >= 1000 ** (power + 1)) power++
  const digits = Math.min(3 * power - 1, 3, Math.max(0, Math.floor(options.fractionDigits ?? 1)))
  // Truncate on the grid of the kept decimals: e.g. units of 100 for K with one decimal (12399 → 123 → "12.3").
  const units = Math.floor(magnitude / 10 ** (3 * power - digits))
  const text = stripFraction((units / 10 ** digits).toFixed(digits))
  return `${value < 0 ? "-" : ""}${text}${abbreviationSuffixes[power - 1]}${options.plus === true ? "+" : ""}`
}

/** Drop the zeros ending a fraction, and the point when nothing is left of it (`12.30` → `12.3`, `10.0` → `10`). */
const stripFraction = (text: string): string => (text.includes(".") ? text.replace(/0+$/, "").replace(/\.$/, "") : text)
