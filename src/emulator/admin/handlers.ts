/**
 * Handlers of the admin API.
 *
 * @module
 */
import { Clock, Effect } from "effect"
import { HttpServerRequest } from "effect/http"
import { HttpApiBuilder } from "effect/http-api"
import { EmulatorState, type EmulatorStateShape } from "../EmulatorState.ts"
import { sessionOf } from "../platform/session.ts"
import { emulatorConfig } from "../urls.ts"
import { pageTagsFor } from "../www/pageHead.ts"
import { AdminApi, FaultNotFound } from "./AdminApi.ts"

/** Handlers of the admin API. */
export const AdminHandlers = HttpApiBuilder.group(
  AdminApi,
  "admin",
  Effect.fn(function* (handlers) {
    const state: EmulatorStateShape = yield* EmulatorState
    return handlers.handleAll({
      health: () => Effect.sync(() => ({ ok: true, seed: state.options.seed, requests: state.log.size() })),
      config: () => Effect.sync(() => emulatorConfig(state)),
      // the tags of a page served to this request's session (a dev server writes them into its own pages)
      pageTags: () =>
        Effect.gen(function* () {
          const request = yield* HttpServerRequest.HttpServerRequest
          return pageTagsFor(
            state,
            sessionOf(request.cookies, state.options.defaultUserId),
            yield* Clock.currentTimeMillis
          )
        }),
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
