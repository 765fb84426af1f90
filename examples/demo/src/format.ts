/**
 * Small display helpers.
 *
 * @module
 */

/** 1234 → "1.2K", 2500000 → "2.5M". */
export const compactNumber = (n: number): string =>
  n >= 1_000_000 ? `${(n / 1_000_000).toFixed(1)}M` : n >= 1000 ? `${(n / 1000).toFixed(1)}K` : String(n)

/** Share of up votes, as "87%", or "–" without votes. */
export const rating = (up: number | undefined, down: number | undefined): string => {
  const total = (up ?? 0) + (down ?? 0)
  return total === 0 ? "–" : `${Math.round(((up ?? 0) / total) * 100)}%`
}
