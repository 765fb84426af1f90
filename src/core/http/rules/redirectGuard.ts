/**
 * Rule: a request that carries any of the platform's secrets (../secretHeaders.ts: the anti-forgery token, the
 * token, proxy and challenge-meta values, a signature, challenge headers) never follows a redirect. fetch would
 * follow a 307 or 308 with every custom header, handing the token and a replayable signature to whatever host the
 * server names, and a browser does not let a page see where a redirect goes before it is followed.
 *
 * Such a request is sent with `redirect: "manual"`, so fetch stops at the redirect: browsers answer with an opaque
 * redirect (`type` `opaqueredirect`, status 0, no headers), other fetch implementations with the 3xx response
 * itself. Either way the call fails with a RedirectError, before any other rule sees the answer (a redirect sets no
 * token and starts no challenge). The trace propagation headers (./tracing.ts) are held to the same rule: they go
 * to platform hosts only, and a redirect would carry them elsewhere. Requests without any of them follow redirects
 * as usual.
 *
 * @module
 */
import * as Effect from "effect/Effect"
import { RedirectError } from "../errors.ts"
import type { Emit } from "../observer.ts"
import type { Rule } from "../pipeline.ts"
import type { HttpResponse } from "../response.ts"
import { carriesSecret } from "../secretHeaders.ts"

/** The statuses fetch follows. */
const followedStatuses: ReadonlySet<number> = new Set([301, 302, 303, 307, 308])

/**
 * True when fetch stopped at a redirect (`redirect: "manual"`): a browser's opaque redirect has status 0 (the only
 * opaque response a CORS-mode fetch can give), other fetch implementations show the 3xx itself.
 */
export const isStoppedRedirect = (response: HttpResponse): boolean =>
  response.status === 0 || followedStatuses.has(response.status)

/** Send secret-carrying requests with `redirect: "manual"` and turn a redirect into a RedirectError. */
export const redirectGuard =
  (secretNames: ReadonlyArray<string>, emit: Emit | undefined): Rule =>
  (request, send) =>
    !carriesSecret(request.headers, secretNames)
      ? send(request)
      : Effect.flatMap(send({ ...request, redirect: "manual" }), (response) => {
          if (!isStoppedRedirect(response)) return Effect.succeed(response)
          emit?.({ _tag: "RedirectRefused", call: request.call ?? 0, status: response.status })
          return Effect.fail(new RedirectError({ url: request.url, method: request.method, status: response.status }))
        })
