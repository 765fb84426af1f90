/**
 * Handlers of the admin API.
 *
 * @module
 */
import { Effect } from "effect"
import { HttpApiBuilder } from "effect/http-api"
import { EmulatorState, type EmulatorStateShape } from "../EmulatorState.ts"
import { emulatorConfig } from "../urls.ts"
import { AdminApi, FaultNotFound } from "./AdminApi.ts"

/** Handlers of the admin API. */
export const AdminHandlers = HttpApiBuilder.group(
  AdminApi,
  "admin",
  Effect.fn(function*(handlers) {
    const state: EmulatorStateShape = yield* EmulatorState
    return handlers.handleAll({
      health: () => Effect.sync(() => ({ ok: true, seed: state.options.seed, requests: state.log.size() })),
      config: () => Effect.sync(() => emulatorConfig(state)),
      requests: ({ query }) => Effect.sync(() => state.log.since(query.since ?? 0, query.limit ?? 500)),
      clearRequests: () => Effect.sync(() => state.log.clear()),
      faults: () => Effect.sync(() => state.faults.list()),
      addFault: ({ payload }) => Effect.sync(() => state.faults.add(payload)),
      clearFaults: () => Effect.sync(() => state.faults.clear()),
      removeFault: ({ params }) =>
        state.faults.remove(params.id) ? Effect.void : Effect.fail(new FaultNotFound({ id: params.id })),
      rotateCsrf: () => Effect.sync(() => ({ rotated: state.csrf.rotate() })),
      reset: () => Effect.sync(() => state.reset())
    })
  })
)
