/**
 * Rule: a 403 that carries a new `x-csrf-token` means the request was sent with a stale token. The new token is
 * stored and the request is re-sent ONCE, through everything below this rule (so it carries the new token and is
 * signed anew). If the re-sent request gets a 403 again, that response stands (a newer token it carries is stored
 * for the next request): there is never a third request.
 *
 * The decision is made on the header alone, never on the body or the message text. A 403 without the header, or
 * with the same token the request already carried, is not a stale-token answer and is returned as it is.
 * Concurrent requests that all hit the stale token each store the same new token (a no-op after the first) and
 * each re-send once. Every method is re-sent ("a 403 with a new CSRF token: store it and retry once"), as the
 * platform's own pages do: a GET carries no token, but the server's 403 says the session's token is stale, and the
 * answer to the same GET after the token changed may differ.
 *
 * Trust: only a response of one of the platform's own hosts (its request went to one and the response came from
 * one: ../targets.ts) may set the token; any other 403 is returned as it is. A token that is not a legal header
 * value is ignored with a warning (by the CsrfStore) and nothing is re-sent.
 *
 * @module
 */
import * as Effect from "effect/Effect"
import type { PlatformConfigShape } from "../../config/PlatformConfig.ts"
import type { CsrfStoreShape } from "../../csrf/CsrfStore.ts"
import { isLegalHeaderValue } from "../headerValue.ts"
import type { Emit } from "../observer.ts"
import type { Rule } from "../pipeline.ts"
import type { HttpResponse } from "../response.ts"
import { fromPlatform, type Targets } from "../targets.ts"
import { markResend } from "./retryAttempt.ts"

/** The new token a platform host's 403 carries, when it differs from `sentWith`; undefined for any other answer. */
const staleTokenAnswer = (
  config: PlatformConfigShape,
  targets: Targets,
  response: HttpResponse,
  sentWith: string | undefined
): string | undefined => {
  if (response.status !== 403) return undefined
  const fresh = response.headers.get(config.headers.csrf)
  if (fresh === null || fresh === "" || fresh === sentWith) return undefined
  return fromPlatform(targets, response) ? fresh : undefined
}

/**
 * Store the new token from a platform host's 403 and re-send once. A second 403 with yet another token (the re-send's
 * answer) is stored too, and stands.
 */
export const csrfRetry =
  (config: PlatformConfigShape, csrf: CsrfStoreShape, targets: Targets, emit: Emit | undefined): Rule =>
  (request, send) => {
    const sentWith = csrf.current()
    return Effect.flatMap(send(request), (response) => {
      const fresh = staleTokenAnswer(config, targets, response, sentWith)
      if (fresh === undefined) return Effect.succeed(response)
      const store = csrf.set(fresh)
      if (!isLegalHeaderValue(fresh)) return Effect.as(store, response)
      return Effect.andThen(
        store,
        Effect.suspend(() => {
          emit?.({ _tag: "CsrfResent", call: request.call ?? 0 })
          return Effect.tap(send(markResend(config, request)), (again) => {
            const newer = staleTokenAnswer(config, targets, again, fresh)
            return newer === undefined ? Effect.void : csrf.set(newer)
          })
        })
      )
    })
  }
