/**
 * Rule: POST, PATCH, PUT and DELETE to the platform's own hosts (PlatformConfig.platformHosts) carry the
 * anti-forgery token (`x-csrf-token`), the token header, the proxy header and, if present, the challenge-meta
 * header (spec §7). GET, HEAD and OPTIONS never carry them, and neither does any request to another host: those
 * values are the session's secrets. A header is only set when a value is known. Values are read at send time, so
 * a re-sent request carries the newest ones.
 *
 * @module
 */
import * as HttpClientRequest from "effect/http/HttpClientRequest"
import type { PlatformConfigShape } from "../../config/PlatformConfig.ts"
import type { CsrfStoreShape } from "../../csrf/CsrfStore.ts"
import type { SessionHeadersShape } from "../SessionHeaders.ts"
import type { Targets } from "../targets.ts"
import { isMutating, middleware } from "./middleware.ts"

/** Attach the anti-forgery and session headers to mutating requests to platform hosts. */
export const withSecurityHeaders = <E, R>(
  config: PlatformConfigShape,
  csrf: CsrfStoreShape,
  session: SessionHeadersShape,
  targets: Targets
) =>
  middleware<E, R, E, R>((request, send) => {
    if (!isMutating(request.method) || !targets(request.url).platform) return send(request)
    const names = config.headers
    const values = session.current()
    const headers: Record<string, string> = {}
    const token = csrf.current()
    if (token !== undefined) headers[names.csrf] = token
    if (values.token !== undefined) headers[names.token] = values.token
    if (values.proxy !== undefined) headers[names.proxy] = values.proxy
    if (values.challengeMeta !== undefined) headers[names.challengeMeta] = values.challengeMeta
    return send(HttpClientRequest.setHeaders(request, headers))
  })
