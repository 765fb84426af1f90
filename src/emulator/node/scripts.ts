/**
 * The Node emulator's {@link ScriptLoader}: the built package reads its prebuilt scripts from
 * `dist/emulator/assets/`; run from the sources, it bundles them with esbuild (a devDependency, imported only when
 * a script is first asked for). Only the Node emulator (Emulator.ts) uses it: the msw handlers keep the default,
 * browser-safe loader of scripts.ts.
 *
 * @module
 */
import { readFile } from "node:fs/promises"
import { fileURLToPath } from "node:url"
import { prebuiltScriptUrl, type ScriptLoader, type ServedScript } from "../scripts.ts"

/** Bundle a script's source with esbuild: minified, for current browsers. */
export const bundleFromSource = async (script: ServedScript): Promise<string> => {
  const { build } = await import("esbuild")
  const result = await build({
    entryPoints: [fileURLToPath(new URL(script.source, new URL("../", import.meta.url)))],
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
export const nodeScriptLoader: ScriptLoader = (script) =>
  import.meta.url.endsWith(".js") ? readFile(prebuiltScriptUrl(script), "utf8") : bundleFromSource(script)
