/**
 * Query strings for the URLs the library builds: fixed parameter order, undefined values left out, keys and values
 * written by `URLSearchParams` (the form encoding browsers use: a space is `+`, every character that could end a
 * value or the query — `&`, `=`, `#`, `/`, `?`, `%`, `\` — is percent-encoded). Outside values only ever enter a URL
 * this way, never by joining text.
 *
 * @module
 */

/** Query parameters in the order they are written; undefined values are left out. */
export type QueryPairs = ReadonlyArray<readonly [string, string | number | boolean | undefined]>

/** The parameters of `pairs` that have a value, in order. */
export const searchParamsOf = (pairs: QueryPairs): URLSearchParams => {
  const params = new URLSearchParams()
  for (const [key, value] of pairs) if (value !== undefined) params.append(key, String(value))
  return params
}

/** `?a=1&b=x+y` for the pairs with a value, or `""` when none has one. */
export const queryString = (pairs: QueryPairs): string => {
  const query = searchParamsOf(pairs).toString()
  return query === "" ? "" : `?${query}`
}
