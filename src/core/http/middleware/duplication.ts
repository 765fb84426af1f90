/**
 * Rule: allow-listed requests are duplicated at the configured ratio (spec §7), as shadow traffic for load tests
 * of new service versions. Only GET requests to the platform's own hosts (PlatformConfig.platformHosts) whose host
 * is also allow-listed are duplicated: sending a mutating request twice would change state twice, and a duplicate
 * to another host would double whatever the request carries there. The duplicate runs on its own fiber in the
 * pipeline's scope; its outcome (success, error, defect) is discarded and never reaches the caller.
 *
 * @module
 */
import * as Effect from "effect/Effect"
import * as Random from "effect/Random"
import type * as Scope from "effect/Scope"
import { type DuplicationSettings, hostMatchesSuffix } from "../../config/PlatformConfig.ts"
import type { Targets } from "../targets.ts"
import { middleware } from "./middleware.ts"

/** Send a detached duplicate of allow-listed GET requests to platform hosts with probability `ratio`. */
export const withDuplication = <E, R>(settings: DuplicationSettings, scope: Scope.Scope, targets: Targets) =>
  middleware<E, R, E, R>((request, send) => {
    if (settings.ratio <= 0 || request.method !== "GET") return send(request)
    const target = targets(request.url)
    if (!target.platform || !hostMatchesSuffix(target.host!, settings.allowedHostSuffixes)) return send(request)
    return Effect.flatMap(Random.next, (roll) =>
      roll < settings.ratio
        ? Effect.andThen(Effect.forkIn(Effect.ignoreCause(send(request)), scope), send(request))
        : send(request))
  })
