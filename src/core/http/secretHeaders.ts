/**
 * The request headers that carry the platform's secrets: the anti-forgery token, the token, proxy and
 * challenge-meta values, the bound-auth token (signature) and the three challenge headers of a re-sent request.
 * A request carrying any of them never follows a redirect (middleware/redirectGuard.ts), and their values are
 * blanked out of the server messages an error keeps (middleware/errors.ts).
 *
 * @module
 */
import type { PlatformConfigShape } from "../config/PlatformConfig.ts"
import { challengeHeaderNames } from "../challenge/headerNames.ts"

/** The lower-case names of the secret-carrying request headers of a configuration. */
export const secretHeaderNames = (config: PlatformConfigShape): ReadonlyArray<string> => {
  const names = config.headers
  return [
    names.csrf,
    names.token,
    names.proxy,
    names.challengeMeta,
    names.boundAuthToken,
    ...Object.values(challengeHeaderNames)
  ].map((name) => name.toLowerCase())
}

/** True when `headers` (lower-case names, as effect/http keeps them) carry any of `names`. */
export const carriesSecret = (headers: Readonly<Record<string, string>>, names: ReadonlyArray<string>): boolean => {
  for (const name of names) if (headers[name] !== undefined) return true
  return false
}
