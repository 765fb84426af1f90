/**
 * Rule: allow-listed requests are duplicated at the configured ratio (spec §7), as shadow traffic for load tests
 * of new service versions. Only GET requests are duplicated: sending a mutating request twice would change state
 * twice. The duplicate runs on its own fiber in the pipeline's scope; its outcome (success, error, defect) is
 * discarded and never reaches the caller.
 *
 * @module
 */
import * as Effect from "effect/Effect"
import * as Random from "effect/Random"
import type * as Scope from "effect/Scope"
import { type DuplicationSettings, hostMatchesSuffix } from "../../config/PlatformConfig.ts"
import { hostOf, middleware } from "./middleware.ts"

/** Send a detached duplicate of allow-listed GET requests with probability `ratio`. */
export const withDuplication = <E, R>(settings: DuplicationSettings, scope: Scope.Scope) =>
  middleware<E, R, E, R>((request, send) => {
    if (settings.ratio <= 0 || request.method !== "GET") return send(request)
    const host = hostOf(request.url)
    if (host === undefined || !hostMatchesSuffix(host, settings.allowedHostSuffixes)) return send(request)
    return Effect.flatMap(Random.next, (roll) =>
      roll < settings.ratio
        ? Effect.andThen(Effect.forkIn(Effect.ignoreCause(send(request)), scope), send(request))
        : send(request))
  })
