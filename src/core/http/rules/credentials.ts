/**
 * Rule: requests include credentials (cookies) cross-domain, except to CDN and object-storage hosts, which get
 * `same-origin` (HTTP-12), set as the request's fetch credentials mode.
 *
 * @module
 */
import { hostMatchesSuffix } from "../../config/PlatformConfig.ts"
import type { Rule } from "../pipeline.ts"
import type { Targets } from "../targets.ts"

/** The fetch credentials mode for a request to `host` (undefined: a URL without a host). */
export const credentialsFor = (
  host: string | undefined,
  credentiallessHostSuffixes: ReadonlyArray<string>
): RequestCredentials =>
  host !== undefined && hostMatchesSuffix(host, credentiallessHostSuffixes) ? "same-origin" : "include"

/**
 * Send with `credentials: "include"`, or `same-origin` to CDN and object-storage hosts (decided once per host: a
 * small memo, as for the targets).
 */
export const credentials = (
  credentiallessHostSuffixes: ReadonlyArray<string>,
  targets: Targets,
  capacity = 256
): Rule => {
  const memo = new Map<string | undefined, RequestCredentials>()
  const modeOf = (host: string | undefined) => {
    let mode = memo.get(host)
    if (mode === undefined) {
      mode = credentialsFor(host, credentiallessHostSuffixes)
      if (memo.size >= capacity) memo.clear()
      memo.set(host, mode)
    }
    return mode
  }
  return (request, send) => send({ ...request, credentials: modeOf(targets(request.url).host) })
}
