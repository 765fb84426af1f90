/**
 * When a request is signed (SIGN-3 to SIGN-7). All of these must hold:
 *
 * 1. bound-auth-token settings are enabled, and the database, store and key names are all present (non-empty);
 * 2. the current user is authenticated (and has an id);
 * 3. the user is in the site's sample: the rate is 1,000,000, or `userId mod 1,000,000` is below the rate;
 * 4. the request's URL is on one of the platform's own hosts (`PlatformConfig.platformHosts`) AND on the signing
 *    allow-list: https on a host strictly under one of its domain suffixes (never the bare domain, never http), or
 *    exactly one of its origin entries (./signingHosts.ts). A signature is a secret, and an allow-list entry that
 *    strays outside the platform (a CDN, a typo, a partner's host) never signs for it.
 *
 * Rules 1–3 are here (the page decides up front whether it can sign at all, see ../Signing.ts); rule 4 is in
 * ./signingHosts.ts (re-exported here), which only the signers need.
 *
 * Otherwise the request is exempt (`RequestExempt`, with which rule said no). (A URL whose host cannot be read is
 * `RequestExemptError`; see SignableRequest.) The checks are pure and cheap: they run on every request, before any
 * crypto.
 *
 * @module
 */
import * as Result from "effect/Result"
import type { PlatformConfigShape } from "../../config/PlatformConfig.ts"
import type { KeyLocation } from "../../browser/KeyDatabase.ts"
import { SigningFailure } from "../SigningFailure.ts"

/** The sample rate denominator: rates are per million. */
export const perMillion = 1_000_000

/** True when the user is in the signing sample: rate 1,000,000, or `userId mod 1,000,000 < rate`. */
export const inSigningSample = (userId: number, sampleRatePerMillion: number): boolean =>
  sampleRatePerMillion >= perMillion || ((userId % perMillion) + perMillion) % perMillion < sampleRatePerMillion

const present = (name: string | undefined): name is string => name !== undefined && name !== ""

/**
 * The key location when the site's settings and the current user allow signing at all (rules 1–3), else the
 * RequestExempt failure saying why. Independent of the request.
 */
export const signingLocation = (config: PlatformConfigShape): Result.Result<KeyLocation, SigningFailure> => {
  const settings = config.boundAuthToken
  if (!settings.enabled) return Result.fail(exempt("bound-auth-token signing is disabled"))
  if (!present(settings.databaseName) || !present(settings.storeName) || !present(settings.keyName)) {
    return Result.fail(exempt("key database names are missing"))
  }
  const user = config.user
  if (!user.authenticated || user.id === undefined) return Result.fail(exempt("user is not authenticated"))
  if (!inSigningSample(user.id, settings.sampleRatePerMillion)) return Result.fail(exempt("user is not in the sample"))
  return Result.succeed({
    databaseName: settings.databaseName,
    storeName: settings.storeName,
    keyName: settings.keyName
  })
}

/** The RequestExempt failure saying which rule said no. */
export const exempt = (detail: string): SigningFailure => new SigningFailure({ reason: "RequestExempt", detail })

// Rule 4 (the request's host) lives in ./signingHosts.ts: only the signers ask it, and they load on demand.
export { makeSigningDecision, signingDecision } from "./signingHosts.ts"
