/**
 * Rule: a request URL that carries a user name or password (`https://user:pass@host/…`) is refused before anything
 * else happens — no token read, no signature, no trace, no fetch — with a FetchError, as fetch itself refuses such a
 * URL. Checked early so that the credentials in the URL never meet the rest of the pipeline (and so that a signature
 * is never made for a request that cannot be sent). The URL is read with the WHATWG URL parser, as fetch reads it.
 *
 * @module
 */
import * as Effect from "effect/Effect"
import { FetchError } from "../errors.ts"
import type { Rule } from "../pipeline.ts"
import type { Targets } from "../targets.ts"

/** What a refused request's FetchError carries as its cause. */
export const userInfoRefusal = "the request URL carries a user name or password, which is never sent"

/** Refuse requests whose URL carries user info. */
export const userInfoGuard =
  (targets: Targets): Rule =>
  (request, send) =>
    targets(request.url).userInfo
      ? Effect.fail(new FetchError({ url: request.url, method: request.method, cause: new TypeError(userInfoRefusal) }))
      : send(request)
