/**
 * `npm run size`: what the library costs a page, and the budgets. Builds each app of {@link apps} with Vite
 * (production, minified, the default code splitting), the way a page of an app is built, and reports its minified
 * and gzip bytes: up front, on demand, and both.
 *
 * - Up front is the entry chunk and every chunk it imports statically: what the page loads before it runs. On
 *   demand is every other chunk (reached through a dynamic `import()`: the core's challenge flow and signers, the
 *   devtools panel); "all" counts both, as a page that needs everything loads them. Each chunk is gzipped on its
 *   own (`gzip -9`), as a server sends it, and the sizes are summed.
 * - A row with a baseline (`over`) is also reported as the difference: what the app adds to its baseline.
 * - The apps import the library by its public entry points (`platform-web-client`, `/batch`, …), resolved to the
 *   BUILT package in dist/ (run `npm run build` first): what an app installs is what is measured. `--source`
 *   resolves them to src/ instead.
 *
 * Budgets (the script exits 1 above one): see {@link apps} (`budget`) and {@link comparisons}. A `target` is reported
 * (met or MISSED) without failing: where the goal is below what the library can be today, the budget is the
 * ceiling that keeps it from growing (docs/bundle-size.md says why each is where it is).
 *
 * Options:
 * - `--only a,b`: measure these apps (and their baselines) only;
 * - `--modules app`: list the modules of an app's chunks with their bytes in the minified chunks, read from the
 *   chunks' source maps (./sourceBytes.ts), largest first; `--modules` alone lists the core app's;
 * - `--diff a,b`: the modules whose minified bytes differ between app a and app b (all chunks), largest first:
 *   where b's extra bytes are;
 * - `--entries`: also measure each entry point and each platform feature over the core app (docs/bundle-size.md's
 *   cost table): slower;
 * - `--json file`: also write every figure measured (bytes, minified and gzip: up front, on demand, all) to `file`.
 */
import { existsSync, writeFileSync } from "node:fs"
import { resolve } from "node:path"
import { gzipSync } from "node:zlib"
import { build, type Plugin, type Rolldown } from "vite"
import { entryPoints, packageRoot } from "./entryPoints.ts"
import { bytesBySource, unmapped } from "./sourceBytes.ts"

const kb = 1024

/** How a budget counts an app: the chunks loaded up front, or every chunk. */
type Counted = "up front" | "all"

/** One app to build. */
interface AppSpec {
  /** Its short name (options, baselines). */
  readonly name: string
  /** The entry module (relative to the package root), or the code of a virtual entry. */
  readonly entry: string | { readonly code: string }
  /** What it is, in the report. */
  readonly label: string
  /** The app it is compared with: its figures are also given as the difference. */
  readonly over?: string
  /** Public specifiers resolved to other built modules for this app (a variant of an entry). */
  readonly aliases?: Readonly<Record<string, string>>
  /** Fail above `limit` bytes gzip (over the baseline when there is one). */
  readonly budget?: { readonly limit: number; readonly counted: Counted }
  /** The goal, reported as met or MISSED but never failing (counted as the budget is). */
  readonly target?: number
}

/**
 * The apps `npm run size` builds. Add a row to measure another app (a file in size/, which `tsc -p .` type-checks).
 */
const apps: ReadonlyArray<AppSpec> = [
  { name: "empty", entry: "size/empty.ts", label: "empty Effect program" },
  {
    name: "core",
    entry: "size/core.ts",
    label: "core layer (PlatformHttp with CSRF, signing, challenges; BatchProcessor, Pager, Cache)",
    // the goal is 48 KB; 56 KB keeps the core from growing (docs/bundle-size.md)
    budget: { limit: 56 * kb, counted: "up front" },
    target: 48 * kb
  },
  {
    name: "deeplink",
    entry: "size/deeplink.ts",
    label: "deep-link parser alone",
    over: "empty",
    budget: { limit: 8 * kb, counted: "up front" }
  },
  { name: "react", entry: "size/react-empty.ts", label: "React app, empty" },
  { name: "react-core", entry: "size/react-platform.ts", label: "React + core + useEffectResult", over: "react" },
  {
    name: "react-query",
    entry: "size/react-query.ts",
    label: "  + our queries and mutations (for useEffectResult)",
    over: "react-core"
  },
  { name: "react-tanstack", entry: "size/react-tanstack.ts", label: "React + TanStack Query", over: "react" },
  {
    name: "page",
    entry: "size/page-platform.tsx",
    label: "the friends/games page on this library (production)",
    over: "react",
    // the goal is +70 KB; +87 KB keeps the page from growing (docs/bundle-size.md)
    budget: { limit: 87 * kb, counted: "all" },
    target: 70 * kb
  },
  {
    name: "page-devtools",
    entry: "size/page-platform.tsx",
    label: "  the same page keeping the devtools panel (/react/devtools/production)",
    over: "react",
    aliases: { "platform-web-client/react/devtools": "dist/react/devtools-production.js" }
  },
  {
    name: "page-tanstack",
    entry: "size/page-tanstack.tsx",
    label: "the page on TanStack Query + ky + dataloader",
    over: "react"
  },
  {
    name: "clients-core",
    entry: "size/clients-core.ts",
    label: "typed clients: the core layer with one call through PlatformHttp"
  },
  {
    name: "client-one",
    entry: "size/clients-one.ts",
    label: "  + one typed client (FriendsClient, one call)",
    over: "clients-core",
    budget: { limit: 8 * kb, counted: "up front" }
  },
  {
    name: "client-endpoint",
    entry: "size/clients-endpoint.ts",
    label: "  + one endpoint alone (platformCall)",
    over: "clients-core"
  },
  { name: "client-all", entry: "size/clients-all.ts", label: "  + every typed client", over: "clients-core" }
]

/** The apps that use typed clients: none of them may load effect/http's client or effect/http-api ({@link clientMachinery}). */
const clientApps = ["client-one", "client-endpoint", "client-all"]

/** The modules of effect/http's client and of effect/http-api: the typed clients execute over PlatformHttp instead. */
const clientMachinery = new RegExp(
  "effect/dist/(http/(HttpClient|HttpClientRequest|HttpClientResponse|HttpClientError|HttpBody|FetchHttpClient)\\.js" +
    "|http-api/)"
)

/**
 * What each part, feature and entry point costs (`--entries`; docs/bundle-size.md's cost table): each app below is
 * its baseline's program plus the part (size/features/, type-checked), and each entry point is its baseline plus
 * everything the entry exports (`import * as entry`, kept whole: the most it can cost).
 */
const features: ReadonlyArray<AppSpec> = [
  {
    name: "core-http",
    entry: "size/features/core-http.ts",
    label: "smallest core: browserPlatformLayer + one decoded GET"
  },
  { name: "part:batch", entry: "size/features/batch.ts", label: "  BatchProcessor", over: "core-http" },
  { name: "part:pager", entry: "size/features/pager.ts", label: "  Pager", over: "core-http" },
  { name: "part:cache", entry: "size/features/cache.ts", label: "  Cache", over: "core-http" },
  {
    name: "feature:client",
    entry: "size/features/client.ts",
    label: "one typed client (GamesClient, one call)",
    over: "core"
  },
  {
    name: "feature:friends",
    entry: "size/features/friends.ts",
    label: "Friends (with PresenceLookup, FriendListCache, 3 clients)",
    over: "core"
  },
  {
    name: "feature:presence",
    entry: "size/features/presence.ts",
    label: "PresenceLookup (with its client)",
    over: "core"
  },
  {
    name: "feature:thumbnails",
    entry: "size/features/thumbnails.ts",
    label: "ThumbnailBatch (with its client)",
    over: "core"
  },
  {
    name: "feature:challengeHost",
    entry: "size/features/challengeHost.tsx",
    label: "ChallengeHost with the challenge flow",
    over: "react-core"
  },
  { name: "feature:usePager", entry: "size/features/usePager.tsx", label: "usePager", over: "react-core" },
  {
    name: "feature:devtools",
    entry: "size/features/devtools.tsx",
    label: "devtools panel kept in production",
    over: "react-core"
  }
]

/** Entry points not measured in a page: Node's, and the scripts that are pages of their own. */
const notInPages = new Set(["./emulator", "./heartbeat-worker", "./security-frame"])

/** Each browser entry point whole, over the core (React entry points over the React core page). */
const entryApps: ReadonlyArray<AppSpec> = entryPoints
  .filter((entry) => !notInPages.has(entry.subpath))
  .map((entry) => {
    const over = entry.subpath.startsWith("./react") ? "react-core" : "core"
    const base = apps.find((app) => app.name === over)!.entry as string
    return {
      name: `entry:${entry.subpath}`,
      entry: {
        code: `import ${JSON.stringify(packageRoot + base)}\nimport * as entry from ${JSON.stringify(entry.specifier)}\nconsole.log(entry)\n`
      },
      label: `${entry.specifier} (everything it exports)`,
      over
    }
  })

/** Budgets that compare two differences measured in the same run. */
const comparisons: ReadonlyArray<{
  readonly label: string
  /** [app, baseline]: what ours adds. */
  readonly ours: readonly [string, string]
  /** [app, baseline]: what the peer adds; ours must not add more. */
  readonly peer: readonly [string, string]
  readonly counted: Counted
}> = [
  {
    label: "query and mutation layer: ours over the core page vs TanStack Query over React",
    ours: ["react-query", "react-core"],
    peer: ["react-tanstack", "react"],
    counted: "all"
  }
]

interface Size {
  readonly minified: number
  readonly gzip: number
}

interface Chunk extends Size {
  /** The module the chunk is named after (its entry or the target of the dynamic import). */
  readonly name: string
  readonly initial: boolean
  /** The modules the bundler put in it (before the minifier removed any of their code). */
  readonly moduleIds: ReadonlyArray<string>
  /** Its bytes by source module, minified (./sourceBytes.ts). */
  readonly modules: ReadonlyArray<readonly [id: string, minified: number]>
}

interface Measured {
  readonly spec: AppSpec
  readonly chunks: ReadonlyArray<Chunk>
  readonly upFront: Size
  readonly onDemand: Size
  readonly all: Size
}

const sizeOf = (code: string): Size => ({
  minified: Buffer.byteLength(code),
  gzip: gzipSync(code, { level: 9 }).byteLength
})

const sum = (sizes: ReadonlyArray<Size>): Size => ({
  minified: sizes.reduce((n, s) => n + s.minified, 0),
  gzip: sizes.reduce((n, s) => n + s.gzip, 0)
})

const argument = (flag: string): string | undefined => {
  const at = process.argv.indexOf(flag)
  const value = at < 0 ? undefined : process.argv[at + 1]
  return value === undefined || value.startsWith("--") ? undefined : value
}

const fromSource = process.argv.includes("--source")
const missing = entryPoints.filter((entry) => !existsSync(packageRoot + entry.dist))
if (!fromSource && missing.length > 0) {
  console.error(`size: the package is not built (no ${missing[0]!.dist}): run npm run build first`)
  process.exit(1)
}

const exact = (specifier: string) => new RegExp(`^${specifier.replace(/[/.-]/g, (c) => `\\${c}`)}$`)

/** Each public specifier resolved to the built module (or, with `--source`, to its source). */
const aliasesOf = (spec: AppSpec) => [
  ...Object.entries(spec.aliases ?? {}).map(([specifier, file]) => ({
    find: exact(specifier),
    replacement: packageRoot + (fromSource ? sourceOfBuilt(file) : file)
  })),
  ...entryPoints.map((entry) => ({
    find: exact(entry.specifier),
    replacement: packageRoot + (fromSource ? entry.source : entry.dist)
  }))
]

/** Where Vite writes the chunks, which their source maps' paths are relative to. */
const chunkFolder = `${packageRoot}dist/assets`

/** The module a source map's source names: a path relative to the chunk, or a virtual or no module as it is. */
const moduleOfSource = (source: string) =>
  source.startsWith("\0") || source === unmapped ? source : resolve(chunkFolder, source)

const sourceOfBuilt = (file: string) => entryPoints.find((entry) => entry.dist === file)?.source ?? file

const virtualEntry = "\0size-entry.ts"

/** Serves a row's inline entry (`entry: { code }`). */
const inlineEntry = (code: string): Plugin => ({
  name: "size-inline-entry",
  resolveId: (id) => (id === virtualEntry ? id : null),
  load: (id) => (id === virtualEntry ? code : null)
})

/**
 * The apps in size/ are programs: one imported by another (a feature over its baseline) runs, although package.json
 * says the package's modules have no side effects.
 */
const appsRun: Plugin = {
  name: "size-apps-run",
  transform: (code, id) => (id.startsWith(`${packageRoot}size/`) ? { code, moduleSideEffects: true } : null)
}

const measure = async (spec: AppSpec): Promise<Measured> => {
  const inline = typeof spec.entry === "string" ? undefined : spec.entry.code
  const output = (await build({
    configFile: false,
    root: packageRoot,
    logLevel: "silent",
    resolve: { alias: aliasesOf(spec) },
    plugins: inline === undefined ? [appsRun] : [appsRun, inlineEntry(inline)],
    build: {
      write: false,
      minify: true,
      // the map is not referenced from the code: the bytes measured are the same
      sourcemap: "hidden",
      target: "es2022",
      modulePreload: false,
      rolldownOptions: { input: inline === undefined ? packageRoot + spec.entry : virtualEntry }
    }
  })) as Rolldown.RolldownOutput | ReadonlyArray<Rolldown.RolldownOutput>
  const outputs: ReadonlyArray<Rolldown.RolldownOutput> = Array.isArray(output)
    ? output
    : [output as Rolldown.RolldownOutput]
  const built = outputs.flatMap((o) => o.output).filter((c): c is Rolldown.OutputChunk => c.type === "chunk")
  const byFile = new Map(built.map((c) => [c.fileName, c]))
  const initial = new Set<string>()
  const pending = built.filter((c) => c.isEntry).map((c) => c.fileName)
  while (pending.length > 0) {
    const file = pending.pop()!
    if (initial.has(file)) continue
    initial.add(file)
    pending.push(...byFile.get(file)!.imports)
  }
  const chunks = built.map((c): Chunk => ({
    name: c.name,
    initial: initial.has(c.fileName),
    moduleIds: Object.keys(c.modules),
    modules: [...bytesBySource(c.code, c.map ?? { sources: [], mappings: "" })].map(
      ([source, n]) => [moduleOfSource(source), n] as const
    ),
    ...sizeOf(c.code)
  }))
  return {
    spec,
    chunks,
    upFront: sum(chunks.filter((c) => c.initial)),
    onDemand: sum(chunks.filter((c) => !c.initial)),
    all: sum(chunks)
  }
}

const show = (n: number) => `${(n / kb).toFixed(1)} KB`
const signed = (n: number) => `${n < 0 ? "−" : "+"}${show(Math.abs(n))}`
const counted = (app: Measured, how: Counted) => (how === "up front" ? app.upFront : app.all).gzip

// Which apps to build: all, or those asked for with their baselines.
const allApps = process.argv.includes("--entries") ? [...apps, ...features, ...entryApps] : apps
const only = argument("--only")?.split(",")
const wanted = new Set<string>()
const want = (name: string) => {
  const spec = allApps.find((app) => app.name === name)
  if (spec === undefined) {
    console.error(`size: no app named ${name}; the apps: ${allApps.map((a) => a.name).join(", ")}`)
    process.exit(2)
  }
  wanted.add(name)
  if (spec.over !== undefined) want(spec.over)
}
for (const name of only ?? allApps.map((a) => a.name)) want(name)
for (const name of argument("--diff")?.split(",") ?? []) want(name)
const listed = process.argv.includes("--modules") ? (argument("--modules") ?? "core") : undefined
if (listed !== undefined) want(listed)

const measured = new Map<string, Measured>()
for (const spec of allApps) if (wanted.has(spec.name)) measured.set(spec.name, await measure(spec))

console.log(
  `size of the ${fromSource ? "sources (src/)" : "built package (dist/)"}: Vite production builds, minified; each chunk gzip -9 on its own`
)
const width = Math.max(...[...measured.values()].map((app) => app.spec.label.length))
console.log(
  `  ${"app".padEnd(width)} ${"up front".padStart(9)} ${"on demand".padStart(9)} ${"all".padStart(9)}  (gzip; min up front)`
)
const failures: Array<string> = []
for (const app of measured.values()) {
  const { spec } = app
  const base = spec.over === undefined ? undefined : measured.get(spec.over)
  const over =
    base === undefined
      ? ""
      : `  over ${spec.over}: ${signed(app.upFront.gzip - base.upFront.gzip)} up front, ${signed(app.all.gzip - base.all.gzip)} all`
  let verdict = ""
  if (spec.budget !== undefined) {
    const value = counted(app, spec.budget.counted) - (base === undefined ? 0 : counted(base, spec.budget.counted))
    const ok = value <= spec.budget.limit
    verdict = `  budget ${base === undefined ? "" : "+"}${show(spec.budget.limit)} (${spec.budget.counted}): ${ok ? "ok" : "OVER"}`
    if (!ok) failures.push(`${spec.name}: ${show(value)} > ${show(spec.budget.limit)}`)
    if (spec.target !== undefined) {
      verdict += `; target ${base === undefined ? "" : "+"}${show(spec.target)}: ${value <= spec.target ? "met" : "MISSED"}`
    }
  }
  console.log(
    `  ${spec.label.padEnd(width)} ${show(app.upFront.gzip).padStart(9)} ${show(app.onDemand.gzip).padStart(9)} ${show(
      app.all.gzip
    ).padStart(9)}  (${app.upFront.gzip} B; ${show(app.upFront.minified)} min)${over}${verdict}`
  )
  for (const chunk of app.chunks.filter((c) => !c.initial)) {
    console.log(`      on demand: ${chunk.name} ${show(chunk.gzip)} (${chunk.gzip} B)`)
  }
}
for (const comparison of comparisons) {
  const apps = [...comparison.ours, ...comparison.peer].map((name) => measured.get(name))
  if (apps.some((app) => app === undefined)) continue
  const [ours, oursBase, peer, peerBase] = apps as [Measured, Measured, Measured, Measured]
  const added = counted(ours, comparison.counted) - counted(oursBase, comparison.counted)
  const peerAdded = counted(peer, comparison.counted) - counted(peerBase, comparison.counted)
  const ok = added <= peerAdded
  console.log(
    `  ${comparison.label}: ${signed(added)} (${added} B) vs ${signed(peerAdded)} (${peerAdded} B): ${ok ? "ok" : "OVER"}`
  )
  if (!ok) failures.push(`${comparison.label}: ${added} B > ${peerAdded} B`)
}

for (const name of clientApps) {
  const app = measured.get(name)
  if (app === undefined) continue
  const machinery = [...new Set(app.chunks.flatMap((c) => c.moduleIds))].filter((id) => clientMachinery.test(id))
  if (machinery.length > 0)
    failures.push(`${name} loads effect/http's client or effect/http-api: ${machinery.join(", ")}`)
}
if ([...measured.keys()].some((name) => clientApps.includes(name))) {
  console.log("  effect/http client or effect/http-api modules in the typed-client pages: checked (none allowed)")
}

const shortId = (id: string) =>
  id
    .replace(/^\0/, "")
    .replace(/^.*\/node_modules\//, "")
    .replace(packageRoot, "")
    .replace(/\?.*$/, "")

const modulesOf = (app: Measured, which: "initial" | "all") => {
  const lengths = new Map<string, number>()
  for (const chunk of app.chunks) {
    if (which === "initial" && !chunk.initial) continue
    for (const [id, length] of chunk.modules) lengths.set(shortId(id), (lengths.get(shortId(id)) ?? 0) + length)
  }
  return lengths
}

if (listed !== undefined) {
  const app = measured.get(listed)!
  console.log(`${listed}: modules by minified bytes (from the source maps); * = on demand`)
  const rows = app.chunks.flatMap((c) => c.modules.map(([id, length]) => [shortId(id), length, c.initial] as const))
  for (const [id, length, initial] of rows.filter(([, l]) => l > 0).sort((a, b) => b[1] - a[1])) {
    console.log(`  ${String(length).padStart(7)}${initial ? " " : "*"} ${id}`)
  }
}

const diff = argument("--diff")?.split(",")
if (diff !== undefined) {
  const [a, b] = diff.map((name) => modulesOf(measured.get(name)!, "all"))
  const ids = new Set([...a!.keys(), ...b!.keys()])
  const rows = [...ids].map((id) => [id, (b!.get(id) ?? 0) - (a!.get(id) ?? 0)] as const).filter(([, d]) => d !== 0)
  console.log(
    `${diff[1]} − ${diff[0]}: minified bytes by module (all chunks), total ${rows.reduce((n, [, d]) => n + d, 0)}`
  )
  for (const [id, d] of rows.sort((x, y) => y[1] - x[1])) console.log(`  ${String(d).padStart(7)}  ${id}`)
}

const json = argument("--json")
if (json !== undefined) {
  const figures = [...measured.values()].map((app) => ({
    name: app.spec.name,
    label: app.spec.label.trim(),
    over: app.spec.over,
    upFront: app.upFront,
    onDemand: app.onDemand,
    all: app.all,
    chunks: app.chunks.map((c) => ({ name: c.name, initial: c.initial, minified: c.minified, gzip: c.gzip }))
  }))
  writeFileSync(json, `${JSON.stringify(figures, null, 2)}\n`)
}

if (failures.length > 0) {
  console.error(`size: over budget: ${failures.join("; ")}`)
  process.exit(1)
}
console.log(only === undefined ? "size: within budget" : "size: within budget (the apps measured)")
