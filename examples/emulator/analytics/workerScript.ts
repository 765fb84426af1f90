/**
 * The heartbeat's pulse worker script, served on the www origin at
 * `/worker-resources/script/?component=pageHeartbeat&version={n}`: the library's worker entry
 * (`src/heartbeat-worker.ts`, the package's `/heartbeat-worker` entry) bundled with esbuild as a classic worker script (IIFE), built on the
 * first request and kept for the life of the emulator. Any positive version is served (the emulator has one
 * script); another component, or a version that is not a positive integer, is a 404.
 *
 * @module
 */
import { Effect } from "effect"
import { HttpServerRequest, HttpServerResponse } from "effect/http"
import { build } from "esbuild"
import { fileURLToPath } from "node:url"
import { heartbeatWorkerComponent } from "../../../src/platform/heartbeat/PageHeartbeat.ts"
import { errorResponse } from "../platform/middleware.ts"
import { addVerdict } from "../platform/requestLog.ts"

/** The path of worker scripts on the www origin. */
export const workerScriptPath = "/worker-resources/script/"

/** The worker entry the script is built from. */
export const pulseWorkerEntry = fileURLToPath(new URL("../../../src/heartbeat-worker.ts", import.meta.url))

/** Bundle the pulse worker as a minified classic worker script. */
export const bundlePulseWorker = (): Promise<string> =>
  build({
    entryPoints: [pulseWorkerEntry],
    bundle: true,
    format: "iife",
    platform: "browser",
    target: "es2022",
    minify: true,
    write: false,
    logLevel: "silent"
  }).then((result) => result.outputFiles[0]!.text)

/** The www pages of the analytics features, as `[path, handler]` to add to the www router. */
export const analyticsWwwPages = () => {
  let pending: Promise<string> | undefined
  const script = Effect.promise(() => (pending ??= bundlePulseWorker()))
  const handler = Effect.gen(function*() {
    const request = yield* HttpServerRequest.HttpServerRequest
    const query = new URL(request.url, "http://www").searchParams
    const component = query.get("component")
    const version = query.get("version") ?? ""
    if (component !== heartbeatWorkerComponent || !/^[1-9]\d{0,5}$/.test(version)) {
      yield* addVerdict("unknown worker script")
      return errorResponse(404, 0, "NotFound")
    }
    yield* addVerdict(`worker script ${component} v${version}`)
    return HttpServerResponse.text(yield* script, {
      contentType: "text/javascript; charset=utf-8",
      headers: { "cache-control": "no-store" }
    })
  })
  // the router ignores a trailing slash, so this also answers `/worker-resources/script`
  return [[workerScriptPath, handler]] as const
}
