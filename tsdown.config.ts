/**
 * `npm run build`: the package's ESM JavaScript, type declarations and source maps in dist/, one file per source
 * module (so an app's bundler tree-shakes and code-splits our modules as it does its own, and the on-demand chunks,
 * src/core/wiring/signingCode.ts and challengeCode.ts, stay on demand). The entry points are package.json's `exports`
 * (scripts/entryPoints.ts). `effect`, `react`, `idb` and `msw` stay imports: they are the app's (peer) dependencies.
 * JSX is compiled to `react/jsx-runtime` calls; declarations are emitted by TypeScript (tsconfig.build.json).
 *
 * The emulator's browser scripts (the security frame page's, the signing lab's, the heartbeat worker) are also built
 * whole, to dist/emulator/assets/, so that the emulator of the package serves them without a bundler.
 *
 * A namespace re-export in an entry (`export * as Pager from "./core/paging/Pager.ts"`) is kept as written: left to
 * itself, the bundler would turn it into an object of getters, which an app's bundler can no longer tree-shake.
 *
 * Platforms: the browser entry points (and every module they reach) are built for the "neutral" platform, which
 * resolves no Node built-in. The Node emulator's entry (`platform-web-client/emulator`) and the modules only it
 * reaches (its server, file system and TLS code: `node:*` imports) are built for Node; the modules it shares with the
 * browser entries are left to the neutral build, with every export kept, and imported from there
 * (./scripts/moduleGraph.ts tells which).
 *
 * The build prints no warnings, and fails on one (`failOnWarn`), except TypeScript 7's notice that its API is still
 * experimental, which the declaration step prints on every run (it says nothing about this package's code; the
 * declarations it emits are checked by test/package).
 *
 * @module
 */
import { readFileSync } from "node:fs"
import { dirname, resolve } from "node:path"
import type { Plugin } from "rolldown"
import { defineConfig } from "tsdown"
import { entryPoints, packageRoot } from "./scripts/entryPoints.ts"
import { importsOf, reachedFrom } from "./scripts/moduleGraph.ts"
import { pureAnnotations } from "./scripts/pureAnnotations.ts"
import { servedScripts } from "./src/emulator/scripts.ts"

/** The entry point built for Node; every other entry point is built for the neutral platform. */
const nodeEntry = resolve(packageRoot, entryPoints.find((entry) => entry.subpath === "./emulator")!.source)

const entries = entryPoints.map((entry) => resolve(packageRoot, entry.source)).filter((file) => file !== nodeEntry)

/** The modules each entry re-exports as a namespace, by the specifier it uses. */
const namespaceTargets = new Map(
  entries.map((file) => [
    file,
    new Set([...readFileSync(file, "utf8").matchAll(/^export \* as \w+ from "(\.[^"]+)"/gm)].map((m) => m[1]!))
  ])
)

const keepNamespaceReexports: Plugin = {
  name: "keep-namespace-reexports",
  resolveId(source, importer) {
    if (importer === undefined || !namespaceTargets.get(importer)?.has(source)) return null
    return { id: source.replace(/\.tsx?$/, ".js"), external: true }
  }
}

const neutralEntries = [
  ...entries,
  ...[...namespaceTargets].flatMap(([file, targets]) => [...targets].map((target) => resolve(dirname(file), target)))
]

/** The modules the neutral build emits: a Node module importing one of them imports the neutral build's file. */
const neutralModules = reachedFrom(neutralEntries)

/**
 * The neutral modules the Node build's own modules import. They are entries of the neutral build too, so that it
 * keeps every export of theirs (an export only the Node entry uses, such as one the emulator re-exports, would
 * otherwise be left out as unused).
 */
const sharedWithNode = [...reachedFrom([nodeEntry])]
  .filter((file) => !neutralModules.has(file))
  .flatMap(importsOf)
  .filter((file) => neutralModules.has(file))

/**
 * The Node build's JavaScript imports the neutral build's modules instead of emitting them again. (Declarations are
 * left alone: the declarations of the Node entry need those of the modules it shares, some of which no neutral entry's
 * declarations reach.)
 */
const fromNeutralBuild: Plugin = {
  name: "import-from-the-neutral-build",
  resolveId(source, importer) {
    if (importer === undefined || importer.endsWith(".d.ts") || !source.startsWith(".")) return null
    if (!neutralModules.has(resolve(dirname(importer), source))) return null
    return { id: source.replace(/\.tsx?$/, ".js"), external: true }
  }
}

/** What the library's two builds share: one output file per source module, declarations, source maps. */
const common = {
  format: "esm",
  target: "es2022",
  unbundle: true,
  sourcemap: true,
  dts: true,
  tsconfig: "tsconfig.build.json",
  outDir: "dist",
  clean: false,
  report: false,
  failOnWarn: true,
  suppressWarnings: "TypeScript 7.0 does not yet have a stable API",
  inputOptions: { checks: { pluginTimings: false } }
} as const

/** The package's modules for the browser (and any platform), one file per source module. */
const library = defineConfig({
  ...common,
  entry: [...new Set([...neutralEntries, ...sharedWithNode])],
  platform: "neutral",
  // the calls of every top-level declaration marked side-effect free, so apps drop what they do not use
  plugins: [keepNamespaceReexports, pureAnnotations()]
})

/** The Node emulator's entry and the modules only it reaches. */
const nodeEmulator = defineConfig({
  ...common,
  entry: [nodeEntry],
  platform: "node",
  // the same layout and extensions as the neutral build: dist/emulator/index.js
  root: resolve(packageRoot, "src"),
  fixedExtension: false,
  // esbuild (a devDependency) is imported only when the emulator runs from the sources: never bundled
  deps: { neverBundle: ["esbuild"] },
  plugins: [fromNeutralBuild]
})

/** The browser scripts the emulator serves (src/emulator/scripts.ts), whole and minified. */
const emulatorScript = (name: string, source: string, format: "esm" | "iife") =>
  defineConfig({
    entry: { [name]: servedScriptSource(source) },
    format,
    platform: "browser",
    target: "es2022",
    minify: true,
    // everything in the one file, the package's dependencies too
    deps: { alwaysBundle: [/./], onlyBundle: false },
    dts: false,
    outDir: "dist/emulator/assets",
    // one file each: the emulator serves a script at one path, so no chunks
    outputOptions: { entryFileNames: "[name].js", codeSplitting: false },
    clean: false,
    report: false,
    failOnWarn: true,
    inputOptions: { checks: { pluginTimings: false } }
  })

const servedScriptSource = (source: string) => resolve(packageRoot, "src/emulator", source)

export default [
  library,
  nodeEmulator,
  ...Object.values(servedScripts).map((script) =>
    emulatorScript(script.asset.replace(/\.js$/, ""), script.source, script.format)
  )
]
