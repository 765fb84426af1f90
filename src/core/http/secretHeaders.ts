/**
 * The request headers that carry the platform's secrets: every header the layer writes (`PlatformConfig.headers`:
 * the anti-forgery token, the token, proxy and challenge-meta values, the bound-auth token; the retry-attempt
 * header too, which only ever marks a re-send of such a request) and the three challenge headers of a re-sent
 * request. A request carrying any of them never follows a redirect (middleware/redirectGuard.ts), and their values
 * are blanked out of the server messages an error keeps (middleware/errors.ts). A response's headers of the same
 * names (a new anti-forgery token, token and proxy values, challenge headers), and its cookies, are secrets too:
 * an error keeps them redacted ({@link redactedHeaders}).
 *
 * @module
 */
import type { PlatformConfigShape } from "../config/PlatformConfig.ts"
import { challengeHeaderNames } from "../challenge/headerNames.ts"

/** The lower-case names of the secret-carrying request headers of a configuration. */
export const secretHeaderNames = (config: PlatformConfigShape): ReadonlyArray<string> =>
  [...Object.values(config.headers), ...Object.values(challengeHeaderNames)].map((name) => name.toLowerCase())

/** True when `headers` (lower-case names, as the pipeline's requests keep them) carry any of `names`. */
export const carriesSecret = (headers: Readonly<Record<string, string>>, names: ReadonlyArray<string>): boolean =>
  names.some((name) => headers[name] !== undefined)

/** What a redacted header value reads. */
export const redacted = "[redacted]"

/** Response headers that carry secrets whatever the configuration: cookies. */
const cookieHeaders: ReadonlyArray<string> = ["set-cookie", "set-cookie2"]

/** `headers` as a record (lower-case names) with the value of each of `names` (and of cookies) {@link redacted}. */
export const redactedHeaders = (headers: Headers, names: ReadonlyArray<string>): Record<string, string> => {
  const out: Record<string, string> = {}
  headers.forEach((value, name) => {
    out[name] = names.includes(name) || cookieHeaders.includes(name) ? redacted : value
  })
  return out
}
