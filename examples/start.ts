/**
 * `npm start`: the local platform emulator and the demo app together. Prints the URL to open; Ctrl-C stops both.
 * Emulator options pass through: `npm start -- --fault status=503,path=/games/*,percent=30`.
 *
 * The demo is built once (Vite, production) and served by the emulator's www origin: a page on the www origin
 * signs its requests with its own key, which it binds to the session by attestation, so the inspector shows the
 * emulator's "signature verified" verdicts. `npm run dev` (`--dev`) serves it from Vite's dev server instead,
 * with hot reload; that page is on another origin than www, so it signs through the hidden security frame, whose
 * key the page cannot attest: its requests go out unsigned, and the demo's header says why. Vite listens first, so
 * that the emulator trusts its origin (`allowedOrigins`): the inspector's admin calls come from there.
 *
 * @module
 */
import { mkdtempSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { fileURLToPath } from "node:url"
import { build, createServer, type ViteDevServer } from "vite"
import { CliArgsError, parseCliArgs, usage } from "../src/emulator/cliArgs.ts"
import { startEmulator } from "../src/emulator/Emulator.ts"

const demoConfig = fileURLToPath(new URL("./demo/vite.config.ts", import.meta.url))

/** Build the demo into a fresh temporary directory (production mode, as it ships). */
const buildDemo = async (): Promise<string> => {
  const outDir = mkdtempSync(join(tmpdir(), "platform-demo-"))
  process.env.NODE_ENV = "production"
  await build({ configFile: demoConfig, mode: "production", build: { outDir, emptyOutDir: true }, logLevel: "error" })
  return outDir
}

/** Vite's dev server for the demo, listening on 5173 or the next free port. */
const startVite = async (): Promise<ViteDevServer> => {
  const vite = await createServer({ configFile: demoConfig, server: { port: 5173, strictPort: false } })
  await vite.listen()
  return vite
}

/** The origins a dev server's page is opened at (the emulator trusts them with its admin API). */
const pageOrigins = (vite: ViteDevServer | undefined): ReadonlyArray<string> =>
  (vite?.resolvedUrls?.local ?? []).map((url) => new URL(url).origin)

const main = async () => {
  const args = process.argv.slice(2)
  const dev = args.includes("--dev")
  let parsed
  try {
    parsed = parseCliArgs(args.filter((arg) => arg !== "--dev"))
  } catch (error) {
    if (!(error instanceof CliArgsError)) throw error
    process.stderr.write(`start: ${error.message}\n\n${usage}`)
    process.exit(2)
  }
  if (parsed.help) {
    process.stdout.write(`Usage: npm start -- [emulator options]\n\n${usage.split("\n").slice(2).join("\n")}`)
    return
  }
  if (!dev) process.stdout.write("  Building the demo…\n")
  const staticDir = dev ? undefined : await buildDemo()
  const vite = dev ? await startVite() : undefined
  const allowedOrigins = [...(parsed.options.allowedOrigins ?? []), ...pageOrigins(vite)]
  const emulator = await startEmulator({
    ...parsed.options,
    ...(staticDir === undefined ? {} : { staticDir }),
    ...(allowedOrigins.length === 0 ? {} : { allowedOrigins })
  }).catch(async (error: unknown) => {
    await vite?.close()
    const text = error instanceof Error ? error.message : String(error)
    const hint = text.includes("EADDRINUSE")
      ? ". Is another emulator running? Or pick free ports: npm start -- --port 0 --www-port 0"
      : ""
    throw new Error(`the emulator did not start: ${text}${hint}`)
  })
  // read by the dev server's plugins on each request (examples/demo/vite.config.ts)
  process.env.EMULATOR_ORIGIN = emulator.origin
  const url = vite === undefined ? `${emulator.wwwOrigin}/` : (vite.resolvedUrls?.local[0] ?? "http://127.0.0.1:5173/")
  process.stdout.write(
    [
      "",
      `  Demo      ${url}`,
      `  Emulator  ${emulator.origin}  (www ${emulator.wwwOrigin})`,
      `  Requests  ${emulator.adminUrl}/requests`,
      ...emulator.state.faults.list().map((f) => `  Fault     ${f.id}: ${JSON.stringify(f.rule)}`),
      "",
      "  Ctrl-C stops both.",
      ""
    ].join("\n")
  )
  let stopping = false
  const stop = () => {
    if (stopping) return
    stopping = true
    Promise.allSettled([vite?.close(), emulator.close()]).then(() => process.exit(0))
  }
  process.on("SIGINT", stop)
  process.on("SIGTERM", stop)
}

main().catch((error: unknown) => {
  process.stderr.write(`start: ${error instanceof Error ? error.message : String(error)}\n`)
  process.exit(1)
})
