/**
 * `npm start`: the local platform emulator and the demo app (Vite dev server) together. Prints the URL to open;
 * Ctrl-C stops both. Emulator options pass through: `npm start -- --fault status=503,path=/games/*,percent=30`.
 *
 * @module
 */
import { fileURLToPath } from "node:url"
import { createServer } from "vite"
import { CliArgsError, parseCliArgs, usage } from "./emulator/cliArgs.ts"
import { startEmulator } from "./emulator/Emulator.ts"

const main = async () => {
  let parsed
  try {
    parsed = parseCliArgs(process.argv.slice(2))
  } catch (error) {
    if (!(error instanceof CliArgsError)) throw error
    process.stderr.write(`start: ${error.message}\n\n${usage}`)
    process.exit(2)
  }
  if (parsed.help) {
    process.stdout.write(`Usage: npm start -- [emulator options]\n\n${usage.split("\n").slice(2).join("\n")}`)
    return
  }
  const emulator = await startEmulator(parsed.options).catch((error: unknown) => {
    const text = error instanceof Error ? error.message : String(error)
    const hint = text.includes("EADDRINUSE") ? ". Is another emulator running? Or pick free ports: npm start -- --port 0 --www-port 0" : ""
    throw new Error(`the emulator did not start: ${text}${hint}`)
  })
  process.env.EMULATOR_ORIGIN = emulator.origin
  const vite = await createServer({
    configFile: fileURLToPath(new URL("./demo/vite.config.ts", import.meta.url)),
    server: { port: 5173, strictPort: false }
  })
  await vite.listen()
  const url = vite.resolvedUrls?.local[0] ?? "http://127.0.0.1:5173/"
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
    Promise.allSettled([vite.close(), emulator.close()]).then(() => process.exit(0))
  }
  process.on("SIGINT", stop)
  process.on("SIGTERM", stop)
}

main().catch((error: unknown) => {
  process.stderr.write(`start: ${error instanceof Error ? error.message : String(error)}\n`)
  process.exit(1)
})
