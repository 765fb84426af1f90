/**
 * `npm run build`: the package's ESM JavaScript, type declarations and source maps in dist/, one file per source
 * module (so an app's bundler tree-shakes and code-splits our modules as it does its own, and the on-demand chunks of
 * src/core/lazy stay on demand). The entry points are package.json's `exports` (scripts/entryPoints.ts). `effect`,
 * `react`, `idb` and `msw` stay imports: they are the app's (peer) dependencies. JSX is compiled to
 * `react/jsx-runtime` calls; declarations are emitted by TypeScript (tsconfig.build.json).
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

export default defineConfig({
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
  clean: true,
  report: false,
  inputOptions: { checks: { pluginTimings: false } },
  plugins: [keepNamespaceReexports]
})
