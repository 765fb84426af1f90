/**
 * Rule: POST, PATCH, PUT and DELETE to the platform's own hosts (PlatformConfig.platformHosts) carry the
 * anti-forgery token (`x-csrf-token`), the token header, the proxy header and, if present, the challenge-meta
 * header (HTTP-4). GET, HEAD and OPTIONS never carry them, and neither does any request to another host: those
 * values are the session's secrets. A header is only set when a value is known. Values are read at send time, so
 * a re-sent request carries the newest ones.
 *
 * @module
 */
import type { PlatformConfigShape } from "../../config/PlatformConfig.ts"
import type { CsrfStoreShape } from "../../csrf/CsrfStore.ts"
import { isMutating, type Rule } from "../pipeline.ts"
import type { SessionHeadersShape } from "../SessionHeaders.ts"
import type { Targets } from "../targets.ts"

/** Attach the anti-forgery and session headers to mutating requests to platform hosts. */
export const securityHeaders = (
  config: PlatformConfigShape,
  csrf: CsrfStoreShape,
  session: SessionHeadersShape,
  targets: Targets
): Rule => {
  const csrfName = config.headers.csrf.toLowerCase()
  const tokenName = config.headers.token.toLowerCase()
  const proxyName = config.headers.proxy.toLowerCase()
  const challengeMetaName = config.headers.challengeMeta.toLowerCase()
  return (request, send) => {
    if (!isMutating(request.method) || !targets(request.url).platform) return send(request)
    const values = session.current()
    const headers: Record<string, string> = { ...request.headers }
    const token = csrf.current()
    if (token !== undefined) headers[csrfName] = token
    if (values.token !== undefined) headers[tokenName] = values.token
    if (values.proxy !== undefined) headers[proxyName] = values.proxy
    if (values.challengeMeta !== undefined) headers[challengeMetaName] = values.challengeMeta
    return send({ ...request, headers })
  }
}
