/**
 * `npm run test:consumer` (the last step of `npm test`): the package as a user gets it. Needs `npm run build` first.
 *
 *  1. `npm pack` the package; report the tarball's size and file count.
 *  2. publint on the package, and are-the-types-wrong on the tarball with the `esm-only` profile (the package is
 *     ES modules only: the CommonJS and node10 resolutions are ignored, on purpose).
 *  3. A fresh app from the STOCK Vite React TypeScript template (create-vite, a devDependency, offline), with its
 *     stock tsconfig; its dependencies and the tarball installed from the npm registry and the tarball file.
 *  4. App code that uses the package (src/Platform.tsx, rendered by the template's App) and a module importing every
 *     browser entry point; `tsc -b` must give 0 errors and `vite build` must build; the page's size is reported.
 *  5. A plain Node ESM import of every entry point under the system Node (20) and the project's Node (22), a
 *     server-side render of a component that uses the provider, and the emulator of the package started and called
 *     (a service, the security frame's script, the heartbeat worker's script: the prebuilt browser scripts).
 *
 * Nothing but the npm registry is reached. Each step says what failed; the work folder is kept on failure.
 *
 * @module
 */
import { execFileSync } from "node:child_process"
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { delimiter, join } from "node:path"
import { gzipSync } from "node:zlib"
import { entryPoints, packageName, packageRoot } from "./entryPoints.ts"

/** Entry points that only make sense in a browser page or worker: type-checked and bundled, not run in Node. */
const browserOnly = new Set([`${packageName}/heartbeat-worker`])
/** Entry points for Node only (not part of the browser app). */
/** Entries for Node only: the emulator, and its msw handlers (msw/node today: see docs/emulator.md). */
const nodeOnly = new Set([`${packageName}/emulator`, `${packageName}/testing/msw`])

const work = mkdtempSync(join(tmpdir(), "platform-consumer-"))
const app = join(work, "app")
const npm = process.platform === "win32" ? "npm.cmd" : "npm"

class StepFailed extends Error {}

const run = (
  step: string,
  command: string,
  args: ReadonlyArray<string>,
  options: { cwd: string; env?: NodeJS.ProcessEnv }
) => {
  try {
    return execFileSync(command, args, {
      cwd: options.cwd,
      env: options.env ?? process.env,
      encoding: "utf8",
      stdio: "pipe"
    })
  } catch (error) {
    const e = error as { stdout?: string; stderr?: string; message: string }
    throw new StepFailed(`${step} failed: ${command} ${args.join(" ")}\n${e.stdout ?? ""}${e.stderr ?? ""}`.trimEnd())
  }
}

const say = (line: string) => process.stdout.write(`consumer: ${line}\n`)

/** The Node found on PATH once the project's own `node_modules/.bin` entries are left out (the system Node). */
const systemPathEnv = (): NodeJS.ProcessEnv => ({
  ...process.env,
  PATH: (process.env.PATH ?? "")
    .split(delimiter)
    .filter((dir) => !dir.includes("node_modules"))
    .join(delimiter)
})

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`

const pack = () => {
  const [result] = JSON.parse(
    run("npm pack", npm, ["pack", "--json", "--pack-destination", work], { cwd: packageRoot })
  ) as Array<{
    filename: string
    size: number
    unpackedSize: number
    entryCount: number
  }>
  say(
    `npm pack: ${result!.filename}, ${kb(result!.size)} (unpacked ${kb(result!.unpackedSize)}), ${result!.entryCount} files`
  )
  return join(work, result!.filename)
}

const lint = (tarball: string) => {
  run("publint", process.execPath, [join(packageRoot, "node_modules/publint/src/cli.js"), "--strict"], {
    cwd: packageRoot
  })
  say("publint: no errors, no warnings")
  run(
    "are-the-types-wrong",
    process.execPath,
    [
      join(packageRoot, "node_modules/@arethetypeswrong/cli/dist/index.js"),
      tarball,
      "--profile",
      "esm-only",
      "--format",
      "ascii"
    ],
    { cwd: packageRoot }
  )
  say("are-the-types-wrong (profile esm-only: node16 from ESM, bundler): no problems")
}

/** The component a page renders: the provider over the test layer, and a hook reading an effect. */
const platformComponent = `import * as Effect from "effect/Effect"
import { PlatformConfig, PlatformHttp } from "${packageName}"
import { PlatformProvider, useEffectResult } from "${packageName}/react"
import { testPlatformLayer } from "${packageName}/testing"

const layer = testPlatformLayer(() => new Response(JSON.stringify({ data: [] }), { status: 200 }))

function Hosts() {
  const result = useEffectResult(() => Effect.map(PlatformConfig, (config) => config.baseUrls.friends), [])
  const status = useEffectResult(() => Effect.as(PlatformHttp, "ready"), [])
  return <p>{result._tag === "Success" ? result.value : "loading"} {status._tag}</p>
}

export function Platform() {
  return (
    <PlatformProvider layer={layer}>
      <Hosts />
    </PlatformProvider>
  )
}
`

const scaffold = (tarball: string) => {
  run(
    "create-vite",
    process.execPath,
    [join(packageRoot, "node_modules/create-vite/index.js"), "app", "--template", "react-ts", "--no-interactive"],
    { cwd: work }
  )
  say("create-vite: the react-ts template, stock tsconfig")
  run("npm install (the template's dependencies)", npm, ["install", "--no-audit", "--no-fund"], { cwd: app })
  run(
    "npm install (the package and its peers)",
    npm,
    ["install", "--no-audit", "--no-fund", tarball, "effect@^4.1.0", "msw@^3.0.0", "@tanstack/react-query@^5"],
    {
      cwd: app
    }
  )
  writeFileSync(join(app, "src/Platform.tsx"), platformComponent)
  const browserEntries = entryPoints.filter((e) => !nodeOnly.has(e.specifier))
  writeFileSync(
    join(app, "src/entries.ts"),
    `${browserEntries.map((e, i) => `import * as entry${i} from "${e.specifier}"`).join("\n")}\n\n` +
      `/** Every entry point's namespace, so that each one is type-checked and bundled. */\n` +
      `export const entries = [${browserEntries.map((_, i) => `entry${i}`).join(", ")}]\n`
  )
  const appFile = join(app, "src/App.tsx")
  const appCode = readFileSync(appFile, "utf8")
  writeFileSync(
    appFile,
    `import { Platform } from "./Platform.tsx"\n` +
      appCode.replace(/return \(\s*<>/, `return (\n    <>\n      <Platform />`)
  )
  if (!readFileSync(appFile, "utf8").includes("<Platform />")) {
    throw new StepFailed("the template's App.tsx changed shape: cannot render <Platform /> in it")
  }
}

/** The size of what `vite build` wrote: script count, minified and gzip bytes. */
const builtScripts = () => {
  const assets = join(app, "dist/assets")
  const scripts = readdirSync(assets).filter((f) => f.endsWith(".js"))
  const bytes = scripts.reduce((n, f) => n + statSync(join(assets, f)).size, 0)
  const gzip = scripts.reduce((n, f) => n + gzipSync(readFileSync(join(assets, f)), { level: 9 }).byteLength, 0)
  return `${scripts.length} script(s), ${kb(bytes)} minified, ${kb(gzip)} gzip`
}

const buildApp = () => {
  run("tsc -b (stock tsconfig)", join(app, "node_modules/.bin/tsc"), ["-b"], { cwd: app })
  say("tsc -b with the stock tsconfig: 0 errors")
  const vite = join(app, "node_modules/.bin/vite")
  run("vite build", vite, ["build", "--logLevel", "warn"], { cwd: app })
  say(`vite build of the page (the template + a provider and two hooks): ${builtScripts()}`)
  // the same page importing every browser entry point (and so bundling each of them)
  writeFileSync(
    join(app, "src/main.tsx"),
    `import { entries } from "./entries.ts"\nconsole.log(entries)\n${readFileSync(join(app, "src/main.tsx"), "utf8")}`
  )
  run("vite build (every entry point)", vite, ["build", "--logLevel", "warn"], { cwd: app })
  say(`vite build of the page importing every browser entry point: ${builtScripts()}`)
}

/** Import every entry point in plain Node and print its names, then render the provider on the server. */
const nodeCheck = `import { createElement } from "react"
import { renderToString } from "react-dom/server"
const entries = ${JSON.stringify(entryPoints.filter((e) => !browserOnly.has(e.specifier)).map((e) => e.specifier))}
for (const specifier of entries) {
  const module = await import(specifier)
  const names = Object.keys(module)
  if (names.length === 0) throw new Error(specifier + " has no exports")
  console.log(specifier + ": " + names.length + " names")
}
const { PlatformProvider, useEffectResult } = await import("${packageName}/react")
const { testPlatformLayer } = await import("${packageName}/testing")
const Effect = await import("effect/Effect")
function Status() {
  const result = useEffectResult(() => Effect.succeed("ready"), [])
  return createElement("p", null, "status: " + result._tag)
}
const html = renderToString(createElement(PlatformProvider, { layer: testPlatformLayer(() => new Response("{}")) }, createElement(Status)))
if (html !== "<p>status: Loading</p>") throw new Error("unexpected server render: " + html)
console.log("ssr: " + html)
const { startEmulator } = await import("${packageName}/emulator")
const emulator = await startEmulator()
try {
  const answers = []
  for (const url of [
    emulator.baseUrls.users + "/v1/users/authenticated",
    emulator.wwwOrigin + "/hba/frame.js",
    emulator.wwwOrigin + "/worker-resources/script/?component=PageHeartbeatWorker&v=1"
  ]) {
    const response = await fetch(url)
    const body = await response.text()
    if (response.status !== 200 || body.length === 0) throw new Error("emulator: " + url + " answered " + response.status)
    answers.push(new URL(url).pathname + " " + response.status + " (" + body.length + " B)")
  }
  console.log("emulator: " + answers.join(", "))
} finally {
  await emulator.close()
}
`

const nodeImports = () => {
  writeFileSync(join(app, "node-check.mjs"), nodeCheck)
  for (const [label, env, node] of [
    ["system Node", systemPathEnv(), "node"],
    ["project Node", process.env, process.execPath]
  ] as const) {
    const version = run(`${label} version`, node, ["--version"], { cwd: app, env }).trim()
    const output = run(`Node ${version} import of every entry point`, node, ["node-check.mjs"], { cwd: app, env })
    const lines = output.trim().split("\n")
    const imported = lines.filter((line) => line.includes(" names"))
    say(
      `Node ${version} (${label}): imported ${imported.length} entry points; ${lines.filter((l) => !l.includes(" names")).join("; ")}`
    )
    if (version.startsWith("v20") || version.startsWith("v22")) continue
    say(`note: ${label} is ${version}, not 20 or 22`)
  }
}

try {
  const tarball = pack()
  lint(tarball)
  scaffold(tarball)
  buildApp()
  nodeImports()
  rmSync(work, { recursive: true, force: true })
  say("ok")
} catch (error) {
  process.stderr.write(
    `consumer: ${error instanceof StepFailed ? error.message : String(error)}\nconsumer: work folder kept: ${work}\n`
  )
  process.exit(1)
}
