/**
 * The browser scripts the emulator serves, built from the library's sources: the security frame page's script, the
 * signing lab's script (ES modules) and the heartbeat's pulse worker (a classic worker script). In the published
 * package they are built ahead of time (`npm run build` writes them to `dist/emulator/assets/`).
 *
 * How a script's text is read is the {@link ScriptSource} the handlers are built with: by default
 * ({@link fetchPrebuiltScript}) the prebuilt asset is fetched next to this module, which works wherever the built
 * package is loaded over HTTP (a browser running the msw handlers, a dev server); the Node emulator reads the
 * assets from disk or, run from the sources, bundles them with esbuild (node/scripts.ts). This module imports no
 * Node built-in, so the msw handlers load in a browser. Either way a script is read once, on first use, and kept
 * for the life of the route layer that asked; a failed read is not kept (the next request tries again).
 *
 * @module
 */
import * as Context from "effect/Context"
import * as Data from "effect/Data"
import * as Effect from "effect/Effect"
import { HttpServerResponse } from "effect/http"
import { errorResponse } from "./platform/middleware.ts"

/** One served script: its source entry and the form it is bundled in. */
export interface ServedScript {
  /** The file name in `dist/emulator/assets/`. */
  readonly asset: string
  /** The source entry, relative to this module in src/emulator. */
  readonly source: string
  /** `esm`: an ES module; `iife`: a classic (worker) script. */
  readonly format: "esm" | "iife"
}

/** The scripts served. */
export const servedScripts = {
  frame: { asset: "frame.js", source: "./hba/client/frameEntry.ts", format: "esm" },
  lab: { asset: "lab.js", source: "./hba/client/labEntry.ts", format: "esm" },
  pulseWorker: { asset: "pulse-worker.js", source: "../heartbeat-worker.ts", format: "iife" }
} as const satisfies Record<string, ServedScript>

/** Reads a served script's text; rejects with a message saying why it cannot. */
export type ScriptLoader = (script: ServedScript) => Promise<string>

/** The script loader the route layers serve the scripts with (webHandler.ts provides it). */
export class ScriptSource extends Context.Service<ScriptSource, ScriptLoader>()("emulator/ScriptSource") {}

/** A served script could not be read; the route answers 503 with `reason`. */
export class ScriptUnavailable extends Data.TaggedError("ScriptUnavailable")<{ readonly reason: string }> {
  override get message(): string {
    return this.reason
  }
}

/** The URL of a script's prebuilt asset, next to this module (`dist/emulator/assets/` in the package). */
export const prebuiltScriptUrl = (script: ServedScript): URL => new URL(`./assets/${script.asset}`, import.meta.url)

/**
 * The default loader: fetch the prebuilt asset. Loaded from the sources (no `assets/` beside src/emulator) or where
 * `fetch` cannot read the module's URL (Node and `file:`), it rejects saying that the script routes need the built
 * package served over HTTP, or the Node emulator.
 */
export const fetchPrebuiltScript: ScriptLoader = async (script) => {
  const url = prebuiltScriptUrl(script)
  const unavailable = (why: string) =>
    new Error(
      `the emulator's script ${script.asset} is not available (${why}): its routes need the built package's ` +
        `dist/emulator/assets served over HTTP, or the Node emulator (platform-web-client/emulator)`
    )
  const response = await fetch(url).catch((error: unknown) => {
    throw unavailable(error instanceof Error ? error.message : String(error))
  })
  if (!response.ok) throw unavailable(`${url.href} answered ${response.status}`)
  return response.text()
}

/** A script loaded with the route layer's {@link ScriptSource} once, on first use. */
export const lazyScript = (
  script: ServedScript
): Effect.Effect<Effect.Effect<string, ScriptUnavailable>, never, ScriptSource> =>
  Effect.gen(function* () {
    const load = yield* ScriptSource
    let pending: Promise<string> | undefined
    const loadOnce = (): Promise<string> =>
      (pending ??= load(script).catch((error: unknown) => {
        pending = undefined
        throw error
      }))
    return Effect.tryPromise({
      try: loadOnce,
      catch: (error) => new ScriptUnavailable({ reason: error instanceof Error ? error.message : String(error) })
    })
  })

/** A script as a response: JavaScript, never cached; a script that cannot be read is a 503 saying why. */
export const scriptResponse = (source: Effect.Effect<string, ScriptUnavailable>) =>
  source.pipe(
    Effect.map((body) =>
      HttpServerResponse.text(body, {
        contentType: "text/javascript; charset=utf-8",
        headers: { "cache-control": "no-store" }
      })
    ),
    Effect.catchTag("ScriptUnavailable", (error) => Effect.succeed(errorResponse(503, 0, error.reason)))
  )
