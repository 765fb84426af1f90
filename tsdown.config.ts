/**
 * `npm run build`: the package's ESM JavaScript, type declarations and source maps in dist/, one file per source
 * module (so an app's bundler tree-shakes and code-splits our modules as it does its own, and the on-demand chunks of
 * src/core/lazy stay on demand). The entry points are package.json's `exports` (scripts/entryPoints.ts). `effect`,
 * `react`, `idb` and `msw` stay imports: they are the app's (peer) dependencies. JSX is compiled to
 * `react/jsx-runtime` calls; declarations are emitted by TypeScript (tsconfig.build.json).
 *
 * The emulator's browser scripts (the security frame page's, the signing lab's, the heartbeat worker) are also built
 * whole, to dist/emulator/assets/, so that the emulator of the package serves them without a bundler.
 *
 * A namespace re-export in an entry (`export * as Pager from "./core/paging/Pager.ts"`) is kept as written: left to
 * itself, the bundler would turn it into an object of getters, which an app's bundler can no longer tree-shake.
 *
 * @module
 */
import { readFileSync } from "node:fs"
import { dirname, resolve } from "node:path"
import type { Plugin } from "rolldown"
import { defineConfig } from "tsdown"
import { entryPoints, packageRoot } from "./scripts/entryPoints.ts"
import { pureAnnotations } from "./scripts/pureAnnotations.ts"
import { servedScripts } from "./src/emulator/scripts.ts"

const entries = entryPoints.map((entry) => resolve(packageRoot, entry.source))

/** The modules each entry re-exports as a namespace, by the specifier it uses. */
const namespaceTargets = new Map(entries.map((file) => [
  file,
  new Set([...readFileSync(file, "utf8").matchAll(/^export \* as \w+ from "(\.[^"]+)"/gm)].map((m) => m[1]!))
]))

const keepNamespaceReexports: Plugin = {
  name: "keep-namespace-reexports",
  resolveId(source, importer) {
    if (importer === undefined || !namespaceTargets.get(importer)?.has(source)) return null
    return { id: source.replace(/\.tsx?$/, ".js"), external: true }
  }
}

/** The package's modules, one file per source module. */
const library = defineConfig({
  entry: [
    ...entries,
    ...[...namespaceTargets].flatMap(([file, targets]) => [...targets].map((target) => resolve(dirname(file), target)))
  ],
  format: "esm",
  platform: "neutral",
  target: "es2022",
  unbundle: true,
  sourcemap: true,
  dts: true,
  tsconfig: "tsconfig.build.json",
  outDir: "dist",
  clean: false,
  report: false,
  inputOptions: { checks: { pluginTimings: false } },
  // the definitions and typed clients marked side-effect free, so apps drop what they do not use
  plugins: [keepNamespaceReexports, pureAnnotations()]
})

/** The browser scripts the emulator serves (src/emulator/scripts.ts), whole and minified. */
const emulatorScript = (name: string, source: string, format: "esm" | "iife") =>
  defineConfig({
    entry: { [name]: servedScriptSource(source) },
    format,
    platform: "browser",
    target: "es2022",
    minify: true,
    deps: { alwaysBundle: [/./] },
    dts: false,
    outDir: "dist/emulator/assets",
    // one file each: the emulator serves a script at one path, so no chunks
    outputOptions: { entryFileNames: "[name].js", codeSplitting: false },
    clean: false,
    report: false,
    inputOptions: { checks: { pluginTimings: false } }
  })

const servedScriptSource = (source: string) => resolve(packageRoot, "src/emulator", source)

export default [
  library,
  ...Object.values(servedScripts).map((script) =>
    emulatorScript(script.asset.replace(/\.js$/, ""), script.source, script.format)
  )
]
