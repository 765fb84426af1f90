/**
 * Rule 4 of the signing policy (./SigningPolicy.ts): which URLs are signed. A request is signed only when its URL,
 * read with the WHATWG URL parser exactly as fetch sends it, is
 *
 * - on one of the platform's own hosts (`PlatformConfig.platformHosts`, ../../config/platformHosts.ts), AND
 * - on the signing allow-list (`PlatformConfig.boundAuthToken.allowedHostSuffixes`), whose entries are either
 *   - a **domain suffix**, `.example.com` (or `example.com`: the same): an **https** URL whose host is **strictly
 *     under** it (`apis.example.com`, `a.b.example.com`, any port), never the domain itself (`example.com`), never
 *     plain http. As the real site: it signs `*.{domain}`, not `{domain}`. A suffix never matches an IP address.
 *   - an **origin**, `http://127.0.0.1:4010`: exactly that scheme, host and port (the emulator's pages use one; an
 *     https origin entry is how to sign one host that no suffix covers, the bare domain included).
 *
 * Host names are compared as the URL parser writes them: lower case, IDN as punycode, IPv4 normalised. A host
 * with a trailing dot (`apis.example.com.`) is another host to the browser and is not signed (as on the real site,
 * whose check is an "ends with `.{domain}`"). A URL with user info is never signed: fetch refuses such a URL, so
 * nothing would be sent for the signature to cover. A signature is a secret: an allow-list entry that strays
 * outside the platform (a CDN, a typo, a partner's host) never signs for it.
 *
 * Kept apart from rules 1–3 so that it loads with the signers (on demand), not up front.
 *
 * @module
 */
import * as Result from "effect/Result"
import type { KeyLocation } from "../../browser/KeyDatabase.ts"
import type { PlatformConfigShape } from "../../config/PlatformConfig.ts"
import { platformUrlCheck } from "../../config/platformHosts.ts"
import { SigningFailure } from "../SigningFailure.ts"
import { exempt, signingLocation } from "./SigningPolicy.ts"

/** True for an IPv4 (dotted, as the URL parser writes it) or bracketed IPv6 host. */
const isIpAddress = (host: string): boolean => host.startsWith("[") || /^\d+(?:\.\d+){3}$/.test(host)

/** A suffix entry's domain as the URL parser writes host names, or undefined when it names no domain. */
const suffixDomain = (entry: string): string | undefined => {
  const bare = entry.trim().replace(/^\./, "").replace(/\.$/, "")
  if (bare === "" || /[/?#@:\\\s]/.test(bare) || !URL.canParse(`https://${bare}/`)) return undefined
  const host = new URL(`https://${bare}/`).hostname
  return isIpAddress(host) ? undefined : host
}

/** An origin entry's origin (`scheme://host[:port]`), or undefined when it is not one. */
const entryOrigin = (entry: string): string | undefined => {
  if (!URL.canParse(entry)) return undefined
  const origin = new URL(entry).origin
  return origin === "null" ? undefined : origin
}

/**
 * A check of parsed URLs against a signing allow-list (see the module doc): true for a URL whose origin is an origin
 * entry, or an https URL whose host is strictly under a suffix entry's domain.
 */
export const signingAllowListCheck = (entries: ReadonlyArray<string>): ((url: URL) => boolean) => {
  const origins = new Set<string>()
  const dotted: Array<string> = []
  for (const entry of entries) {
    const origin = entry.includes("://") ? entryOrigin(entry) : undefined
    const domain = entry.includes("://") ? undefined : suffixDomain(entry)
    if (origin !== undefined) origins.add(origin)
    if (domain !== undefined) dotted.push(`.${domain}`)
  }
  return (url) =>
    origins.has(url.origin) ||
    (url.protocol === "https:" && !isIpAddress(url.hostname) && dotted.some((suffix) => url.hostname.endsWith(suffix)))
}

/** The key location when a request to `url` (absolute) is to be signed (rules 1–4), else the failure saying why not. */
export const signingDecision = (
  config: PlatformConfigShape,
  url: string | URL
): Result.Result<KeyLocation, SigningFailure> => {
  if (typeof url !== "string") return makeSigningDecision(config)(url)
  return URL.canParse(url)
    ? makeSigningDecision(config)(new URL(url))
    : Result.fail(new SigningFailure({ reason: "RequestExemptError", detail: "request URL cannot be parsed" }))
}

/**
 * {@link signingDecision} for one configuration, over parsed URLs: rules 1–3 are decided once (the configuration
 * does not change for the life of a page), so each request only checks its URL, and every signed request gets the
 * same location object. The decision depends on the URL's origin alone (user info aside), so it is remembered per
 * origin: at most `capacity` origins, then the memo starts over.
 */
export const makeSigningDecision = (
  config: PlatformConfigShape,
  capacity = 64
): ((url: URL) => Result.Result<KeyLocation, SigningFailure>) => {
  const location = signingLocation(config)
  if (Result.isFailure(location)) return () => location
  const allowListed = signingAllowListCheck(config.boundAuthToken.allowedHostSuffixes)
  const onPlatform = platformUrlCheck(config.platformHosts)
  const withUserInfo = Result.fail(exempt("URL carries user info"))
  const notAllowed = Result.fail(exempt("host is not allow-listed"))
  const notPlatform = Result.fail(exempt("host is not a platform host"))
  const decided = new Map<string, Result.Result<KeyLocation, SigningFailure>>()
  return (url) => {
    if (url.username !== "" || url.password !== "") return withUserInfo
    let decision = decided.get(url.origin)
    if (decision === undefined) {
      decision = !allowListed(url) ? notAllowed : onPlatform(url) ? location : notPlatform
      // an opaque origin ("null") is never allow-listed; it is not remembered (it names no one server)
      if (url.origin === "null") return decision
      if (decided.size >= capacity) decided.clear()
      decided.set(url.origin, decision)
    }
    return decision
  }
}
