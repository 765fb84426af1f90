/**
 * `npm run size`: the bundle budget. Builds three minimal apps with Vite (production, minified, the default
 * code splitting) and reports minified and gzip bytes:
 *
 * - `size/empty.ts`: an empty Effect program (the baseline);
 * - `size/core.ts`: the core layer (PlatformHttp with CSRF, signing and challenge handling, BatchProcessor,
 *   Pager, Cache);
 * - `size/deeplink.ts`: one platform feature alone (the deep-link parser and classifier);
 * - the React data layer next to TanStack Query (reported, no budget): `size/react-empty.ts` (an empty React app),
 *   `size/react-platform.ts` (React + the core layer + useEffectResult: a platform page before its data layer),
 *   `size/react-query.ts` (the same page with our queries and mutations) and `size/react-tanstack.ts` (the page with
 *   TanStack Query over fetch). Ours is reported over the platform page, TanStack's over the empty React app.
 * - the typed clients' pages (scripts/clientSizes.ts): one client, one endpoint, every client over the core layer.
 *
 * What a page loads up front is the entry chunk and every chunk it imports statically (the "initial" set); the
 * budgets apply to it. Chunks reached only through a dynamic `import()` (the core's on-demand code: the challenge
 * flow and the signers, see docs/bundle-size.md) are listed one by one, with the total a page loads when it needs
 * all of it; they count against no budget. Each chunk is gzipped on its own, as a server sends it, and the gzip
 * sizes are summed.
 *
 * The apps import the library by its public entry points (`platform-web-client`, `/batch`, …), resolved to the BUILT
 * package in dist/ (run `npm run build` first): what an app installs is what is measured. `--source` resolves them
 * to src/ instead, to compare.
 *
 * Budgets: core ≤ 55 KB gzip; the deep-link app ≤ 8 KB gzip more than the empty program. Exits 1 above budget.
 *
 * `--modules` also lists the modules of the core app's initial chunks with their rendered length (rolldown's
 * `renderedLength`: the module's code as it enters the chunk, tree-shaken, before minification), largest first: the
 * raw material of docs/bundle-size.md's breakdown.
 */
import { existsSync } from "node:fs"
import { gzipSync } from "node:zlib"
import { build, type Rolldown } from "vite"
import { reportClientPages } from "./clientSizes.ts"
import { entryPoints, packageRoot } from "./entryPoints.ts"

const kb = 1024
const budgets = { core: 55 * kb, deeplinkOverEmpty: 8 * kb }

interface Size {
  readonly minified: number
  readonly gzip: number
}

interface Chunk extends Size {
  /** The module the chunk is named after (its entry or the target of the dynamic import). */
  readonly name: string
}

interface App {
  /** The entry chunk and its static imports: what the page loads up front. */
  readonly initial: Size
  /** The modules of the initial chunks with their rendered length, largest first. */
  readonly initialModules: ReadonlyArray<readonly [id: string, renderedLength: number]>
  /** Chunks loaded only through dynamic imports. */
  readonly lazy: ReadonlyArray<Chunk>
}

const sizeOf = (code: string): Size => ({
  minified: Buffer.byteLength(code),
  gzip: gzipSync(code, { level: 9 }).byteLength
})

const sum = (sizes: ReadonlyArray<Size>): Size => ({
  minified: sizes.reduce((n, s) => n + s.minified, 0),
  gzip: sizes.reduce((n, s) => n + s.gzip, 0)
})

const fromSource = process.argv.includes("--source")
const missing = entryPoints.filter((entry) => !existsSync(packageRoot + entry.dist))
if (!fromSource && missing.length > 0) {
  console.error(`size: the package is not built (no ${missing[0]!.dist}): run npm run build first`)
  process.exit(1)
}

/** Each public specifier resolved to the built module (or, with `--source`, to its source). */
const alias = entryPoints.map((entry) => ({
  find: new RegExp(`^${entry.specifier.replace(/[/.-]/g, (c) => `\\${c}`)}$`),
  replacement: packageRoot + (fromSource ? entry.source : entry.dist)
}))

const measure = async (entry: string): Promise<App> => {
  const output = (await build({
    configFile: false,
    logLevel: "silent",
    resolve: { alias },
    build: {
      write: false,
      minify: true,
      target: "es2022",
      modulePreload: false,
      rolldownOptions: { input: entry }
    }
  })) as Rolldown.RolldownOutput | ReadonlyArray<Rolldown.RolldownOutput>
  const outputs: ReadonlyArray<Rolldown.RolldownOutput> = Array.isArray(output)
    ? output
    : [output as Rolldown.RolldownOutput]
  const chunks = outputs.flatMap((o) => o.output).filter((c): c is Rolldown.OutputChunk => c.type === "chunk")
  const byFile = new Map(chunks.map((c) => [c.fileName, c]))
  const initial = new Set<string>()
  const pending = chunks.filter((c) => c.isEntry).map((c) => c.fileName)
  while (pending.length > 0) {
    const file = pending.pop()!
    if (initial.has(file)) continue
    initial.add(file)
    pending.push(...byFile.get(file)!.imports)
  }
  const initialChunks = chunks.filter((c) => initial.has(c.fileName))
  return {
    initial: sum(initialChunks.map((c) => sizeOf(c.code))),
    initialModules: initialChunks
      .flatMap((c) => Object.entries(c.modules).map(([id, m]) => [id, m.renderedLength] as const))
      .filter(([, length]) => length > 0)
      .sort((a, b) => b[1] - a[1]),
    lazy: chunks.filter((c) => !initial.has(c.fileName)).map((c) => ({ name: c.name, ...sizeOf(c.code) }))
  }
}

const show = (n: number) => `${(n / kb).toFixed(1)} KB (${n} B)`
const line = (name: string, size: Size, note: string) =>
  console.log(`  ${name.padEnd(32)} ${show(size.minified).padStart(9)} min ${show(size.gzip).padStart(9)} gzip  ${note}`)

/** When the core's lazy chunks load (see docs/bundle-size.md). */
const lazyNotes: Readonly<Record<string, string>> = {
  onDemandCode: "on demand: first challenge; first request of a page that can sign; a page signing through the frame"
}

const empty = await measure("size/empty.ts")
const core = await measure("size/core.ts")
const deeplink = await measure("size/deeplink.ts")
const over = deeplink.initial.gzip - empty.initial.gzip
const coreOk = core.initial.gzip <= budgets.core
const deeplinkOk = over <= budgets.deeplinkOverEmpty

console.log(
  `size of the ${fromSource ? "sources (src/)" : "built package (dist/)"} (Vite production build, minified; each chunk gzip -9 on its own; initial = entry chunk + its static imports)`
)
line("empty Effect program", empty.initial, "")
line("core layer, initial", core.initial, `budget ${show(budgets.core)} gzip: ${coreOk ? "ok" : "OVER"}`)
for (const chunk of core.lazy) line(`  lazy chunk ${chunk.name}`, chunk, lazyNotes[chunk.name] ?? "on demand")
if (core.lazy.length > 0) line("  initial + every lazy chunk", sum([core.initial, ...core.lazy]), "a page that needs all of it")
line("deep-link parser alone", deeplink.initial, `+${show(over)} over empty, budget +${show(budgets.deeplinkOverEmpty)}: ${
  deeplinkOk ? "ok" : "OVER"
}`)
for (const chunk of deeplink.lazy) line(`  lazy chunk ${chunk.name}`, chunk, "on demand")
const reactEmpty = await measure("size/react-empty.ts")
const reactPlatform = await measure("size/react-platform.ts")
const reactOurs = await measure("size/react-query.ts")
const reactTanstack = await measure("size/react-tanstack.ts")
const overReact = (app: App) => `+${show(app.initial.gzip - reactEmpty.initial.gzip)} over empty React`
line("React app, empty", reactEmpty.initial, "")
line("React + core + useEffectResult", reactPlatform.initial, overReact(reactPlatform))
line("  + our queries and mutations", reactOurs.initial, `+${show(reactOurs.initial.gzip - reactPlatform.initial.gzip)} over the line above`)
line("React + TanStack Query", reactTanstack.initial, overReact(reactTanstack))
const clientsOk = await reportClientPages({ measure, line, show, modules: process.argv.includes("--modules") })
if (process.argv.includes("--modules")) {
  console.log("core layer, initial: modules by rendered length (before minification)")
  for (const [id, length] of core.initialModules) {
    console.log(`  ${String(length).padStart(7)}  ${id.replace(/^\0/, "").replace(/^.*\/node_modules\//, "").replace(packageRoot, "")}`)
  }
}
if (!coreOk || !deeplinkOk || !clientsOk) {
  console.error("size: over budget")
  process.exit(1)
}
console.log("size: within budget")
