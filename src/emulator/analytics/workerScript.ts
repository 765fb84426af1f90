/**
 * The heartbeat's pulse worker script, served on the www origin at
 * `/worker-resources/script/?component=PageHeartbeatWorker&v={n}`: the library's worker entry
 * (`src/heartbeat-worker.ts`, the package's `/heartbeat-worker` entry) as a classic worker script (scripts.ts), loaded
 * on the first request and kept for the life of the emulator. Any positive version is served (the emulator has one
 * script); another component, or a version that is not a positive integer, is a 404.
 *
 * @module
 */
import { Effect } from "effect"
import { HttpServerRequest } from "effect/http"
import { heartbeatWorkerComponent } from "../../platform/heartbeat/PageHeartbeat.ts"
import { errorResponse } from "../platform/middleware.ts"
import { addVerdict } from "../platform/requestLog.ts"
import { lazyScript, scriptResponse, servedScripts } from "../scripts.ts"

/** The path of worker scripts on the www origin. */
export const workerScriptPath = "/worker-resources/script/"

/** The www pages of the analytics features, as `[path, handler]` to add to the www router. */
export const analyticsWwwPages = Effect.gen(function* () {
  const script = yield* lazyScript(servedScripts.pulseWorker)
  const handler = Effect.gen(function* () {
    const request = yield* HttpServerRequest.HttpServerRequest
    const query = new URL(request.url, "http://www").searchParams
    const component = query.get("component")
    const version = query.get("v") ?? ""
    if (component !== heartbeatWorkerComponent || !/^[1-9]\d{0,5}$/.test(version)) {
      yield* addVerdict("unknown worker script")
      return errorResponse(404, 0, "NotFound")
    }
    yield* addVerdict(`worker script ${component} v${version}`)
    return yield* scriptResponse(script)
  })
  // the router ignores a trailing slash, so this also answers `/worker-resources/script`
  return [[workerScriptPath, handler]] as const
})
