/**
 * Query strings for the URLs the library builds: fixed parameter order, `encodeURIComponent` on keys and values,
 * undefined values left out.
 *
 * @module
 */

/** Query parameters in the order they are written; undefined values are left out. */
export type QueryPairs = ReadonlyArray<readonly [string, string | number | boolean | undefined]>

/** `?a=1&b=x%20y` for the pairs with a value, or `""` when none has one. */
export const queryString = (pairs: QueryPairs): string => {
  const parts: Array<string> = []
  for (const [key, value] of pairs) {
    if (value === undefined) continue
    parts.push(`${encodeURIComponent(key)}=${encodeURIComponent(String(value))}`)
  }
  return parts.length === 0 ? "" : `?${parts.join("&")}`
}
