/**
 * The request headers that carry the platform's secrets: every header the layer writes (`PlatformConfig.headers`:
 * the anti-forgery token, the token, proxy and challenge-meta values, the bound-auth token; the retry-attempt
 * header too, which only ever marks a re-send of such a request) and the three challenge headers of a re-sent
 * request. A request carrying any of them never follows a redirect (rules/redirectGuard.ts), and their values
 * are blanked out of the server messages an error keeps (rules/errorMapping.ts). Which header values an error or a log
 * may show is another question, answered by an allow-list that fails closed (../text/shownHeaders.ts, re-exported
 * here as {@link redactedHeaders}): these names are hidden there whatever the list says.
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

/**
 * `headers` as a record (lower-case names) with every value `[redacted]` but those of the harmless headers that the
 * text rule shows (../text/shownHeaders.ts), and with `names` (the secret-carrying ones) hidden whatever that rule
 * says.
 */
export { redactedHeaders } from "../text/shownHeaders.ts"
