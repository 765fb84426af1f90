/**
 * Rule: requests include credentials (cookies) cross-domain, except to CDN and object-storage hosts, which get
 * `same-origin` (spec §6), set as the request's fetch credentials mode.
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

/** Send with `credentials: "include"`, or `same-origin` to CDN and object-storage hosts. */
export const credentials = (credentiallessHostSuffixes: ReadonlyArray<string>, targets: Targets): Rule =>
(request, send) => send({ ...request, credentials: credentialsFor(targets(request.url).host, credentiallessHostSuffixes) })
