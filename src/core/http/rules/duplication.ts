/**
 * Rule: allow-listed requests are duplicated at the configured ratio (HTTP-10), as shadow traffic for load tests
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
import type { Rule } from "../pipeline.ts"
import type { Targets } from "../targets.ts"

/** Send a detached duplicate of allow-listed GET requests to platform hosts with probability `ratio` (no rule at 0). */
export const duplication = (settings: DuplicationSettings, scope: Scope.Scope, targets: Targets): Rule | undefined =>
  settings.ratio <= 0
    ? undefined
    : (request, send) => {
        if (request.method !== "GET") return send(request)
        const target = targets(request.url)
        if (!target.platform || !hostMatchesSuffix(target.host!, settings.allowedHostSuffixes)) return send(request)
        return Effect.flatMap(Random.next, (roll) =>
          roll < settings.ratio
            ? Effect.andThen(Effect.forkIn(Effect.exit(send(request)), scope), send(request))
            : send(request)
        )
      }
