/**
 * The browser scripts of the hba pages, bundled from the library's sources with esbuild (installed with tsx) the
 * first time they are asked for, then kept for the life of the route layer.
 *
 * @module
 */
import { Effect } from "effect"
import { build } from "esbuild"
import { fileURLToPath } from "node:url"

/** The scripts served. */
export const bundleEntries = {
  frame: fileURLToPath(new URL("./client/frameEntry.ts", import.meta.url)),
  lab: fileURLToPath(new URL("./client/labEntry.ts", import.meta.url))
} as const

/** Bundle one entry as a minified ES module for current browsers. */
export const bundle = (entry: string): Promise<string> =>
  build({
    entryPoints: [entry],
    bundle: true,
    format: "esm",
    platform: "browser",
    target: "es2022",
    minify: true,
    write: false,
    logLevel: "silent"
  }).then((result) => result.outputFiles[0]!.text)

/** A bundle built once, on first use. */
export const lazyBundle = (entry: string): Effect.Effect<string> => {
  let pending: Promise<string> | undefined
  return Effect.promise(() => (pending ??= bundle(entry)))
}
