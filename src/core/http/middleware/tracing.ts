/**
 * Rule: tracing headers (Effect's tracer: a client span, propagated as `b3` and `traceparent`) go only to the
 * platform's own hosts (PlatformConfig.platformHosts) that are also allow-listed, and only for a sample of them: a
 * roll from 1 to 100 against the configured percentage (spec §9: "Tracing sampling is a percentage from a 1-100
 * roll"; traced when roll ≤ percentage, so 0 traces nothing and 100 everything). Every other request is sent with
 * propagation and spans disabled: trace ids tell another host which requests belong together, and propagation
 * headers force a CORS preflight that other hosts reject.
 *
 * The roll uses Effect's `Random`, so tests can seed it.
 *
 * @module
 */
import * as Effect from "effect/Effect"
import * as Random from "effect/Random"
import * as Tracer from "effect/Tracer"
import { hostMatchesSuffix, type TracingSettings } from "../../config/PlatformConfig.ts"
import type { Targets } from "../targets.ts"
import { middleware } from "./middleware.ts"

/** Decide per send whether the request is traced; disable tracing for the others. */
export const withTracing = <E, R>(settings: TracingSettings, targets: Targets) =>
  middleware<E, R, E, R>((request, send) => {
    const target = settings.samplingPercentage > 0 ? targets(request.url) : undefined
    const allowed = target !== undefined && target.platform && hostMatchesSuffix(target.host!, settings.allowedHostSuffixes)
    if (!allowed) return Effect.provideService(send(request), Tracer.DisablePropagation, true)
    return Effect.flatMap(Random.nextIntBetween(1, 100), (roll) =>
      roll <= settings.samplingPercentage
        ? send(request)
        : Effect.provideService(send(request), Tracer.DisablePropagation, true))
  })
