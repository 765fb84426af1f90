/**
 * Rule 4 of the signing policy (./SigningPolicy.ts): a request is signed only when its host is one of the
 * platform's own hosts (`PlatformConfig.platformHosts`) AND ends with one of the signing allow-list's domain
 * suffixes (`hostMatchesSuffix`, a dot boundary). A signature is a secret: an allow-list entry that strays outside
 * the platform (a CDN, a typo, a partner's host) never signs for it. Only the host is known here, so an origin
 * entry of `platformHosts` counts by its host name; PlatformHttp's signing rule has already checked the full URL
 * (scheme and port) before it asks the signer.
 *
 * Kept apart from rules 1–3 so that it loads with the signers (on demand), not up front.
 *
 * @module
 */
import * as Result from "effect/Result"
import type { KeyLocation } from "../browser/KeyDatabase.ts"
import { hostMatchesSuffix, type PlatformConfigShape } from "../config/PlatformConfig.ts"
import type { SigningFailure } from "./SigningFailure.ts"
import { exempt, signingLocation } from "./SigningPolicy.ts"

/** The key location when a request to `host` is to be signed (rules 1–4), else the failure saying why not. */
export const signingDecision = (
  config: PlatformConfigShape,
  host: string
): Result.Result<KeyLocation, SigningFailure> => makeSigningDecision(config)(host)

/**
 * {@link signingDecision} for one configuration: rules 1–3 are decided once (the configuration does not change
 * for the life of a page), so each request only checks its host, and every signed request gets the same location
 * object. The host check (a URL parse of each allow-list and platform entry) is remembered per host name: at most
 * `capacity` hosts, then the memo starts over (the host alone decides, the configuration being fixed).
 */
export const makeSigningDecision = (
  config: PlatformConfigShape,
  capacity = 64
): (host: string) => Result.Result<KeyLocation, SigningFailure> => {
  const location = signingLocation(config)
  if (Result.isFailure(location)) return () => location
  const suffixes = config.boundAuthToken.allowedHostSuffixes.map((suffix) => suffix.toLowerCase())
  const notAllowed = Result.fail(exempt("host is not allow-listed"))
  const notPlatform = Result.fail(exempt("host is not a platform host"))
  const decided = new Map<string, Result.Result<KeyLocation, SigningFailure>>()
  return (host) => {
    let decision = decided.get(host)
    if (decision === undefined) {
      decision = !hostMatchesSuffix(host, suffixes)
        ? notAllowed
        : hostMatchesSuffix(host, config.platformHosts)
        ? location
        : notPlatform
      if (decided.size >= capacity) decided.clear()
      decided.set(host, decision)
    }
    return decision
  }
}
