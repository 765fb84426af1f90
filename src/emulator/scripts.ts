/**
 * The browser scripts the emulator serves, built from the library's sources: the security frame page's script, the
 * signing lab's script (ES modules) and the heartbeat's pulse worker (a classic worker script). In the published
 * package they are built ahead of time (`npm run build` writes them to `dist/emulator/assets/`); run from the
 * sources, the emulator bundles them with esbuild (a devDependency) the first time they are asked for. Either way a
 * script is read or built once, on first use, and kept for the life of the route layer that asked.
 *
 * @module
 */
import * as Effect from "effect/Effect"
import { readFile } from "node:fs/promises"
import { fileURLToPath } from "node:url"

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

/** Bundle a script's source with esbuild: minified, for current browsers. */
export const bundleFromSource = async (script: ServedScript): Promise<string> => {
  const { build } = await import("esbuild")
  const result = await build({
    entryPoints: [fileURLToPath(new URL(script.source, import.meta.url))],
    bundle: true,
    format: script.format,
    platform: "browser",
    target: "es2022",
    minify: true,
    write: false,
    logLevel: "silent"
  })
  return result.outputFiles[0]!.text
}

/** The prebuilt script next to the built emulator, or, running from the sources, a fresh bundle. */
const load = (script: ServedScript): Promise<string> =>
  import.meta.url.endsWith(".js")
    ? readFile(new URL(`./assets/${script.asset}`, import.meta.url), "utf8")
    : bundleFromSource(script)

/** A script loaded once, on first use. */
export const lazyScript = (script: ServedScript): Effect.Effect<string> => {
  let pending: Promise<string> | undefined
  return Effect.promise(() => (pending ??= load(script)))
}
