/**
 * Ids written in text (a query parameter, a path segment, a field of a server answer): positive safe integers in
 * decimal digits.
 *
 * @module
 */

/** A positive safe integer written in 1 to 16 decimal digits (leading zeros allowed), or undefined. */
export const idOf = (value: string | undefined): number | undefined => {
  if (value === undefined || !/^\d{1,16}$/.test(value)) return undefined
  const n = Number(value)
  return n > 0 && Number.isSafeInteger(n) ? n : undefined
}
