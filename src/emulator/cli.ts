/**
 * `npm run emulator -- [options]`: start the local platform emulator and keep it running until Ctrl-C.
 *
 * @module
 */
import { adminHeader, adminHeaderValue } from "./admin/AdminApi.ts"
import { CliArgsError, parseCliArgs, usage } from "./cliArgs.ts"
import { type RunningEmulator, startEmulator } from "./Emulator.ts"
import { chromiumHostModeFlags } from "./node/tls.ts"
import { servedServiceNames } from "./services/registry.ts"

/** Where the admin API is, and the header its changes need (docs/emulator.md: admin API). */
const adminLine = (emulator: RunningEmulator) =>
  `  admin     ${emulator.adminUrl}/requests · /faults · /config (changes need -H '${adminHeader}: ${adminHeaderValue}')`

/** Where the dev mode's services, www and admin are. */
const devModeLines = (emulator: RunningEmulator) => [
  `  services  ${emulator.origin}/{${servedServiceNames.join(",")}}`,
  `  www       ${emulator.wwwOrigin}`,
  adminLine(emulator)
]

/** Where host mode's site is, and the Chromium flags that reach it (the names mapped to the port, the certificate trusted). */
const hostModeLines = (emulator: RunningEmulator, domain: string) => {
  const { host, hostMode } = emulator.state.options
  const address = host === "0.0.0.0" || host === "::" ? "127.0.0.1" : host
  const flags = chromiumHostModeFlags(domain, address, emulator.port, hostMode!.tls.cert)
  return [
    `  site      https://{service}.${domain}, https://apis.${domain} (one https port: ${address}:${emulator.port})`,
    `  www       ${emulator.wwwOrigin}`,
    adminLine(emulator),
    `  Chromium  ${flags.map((flag) => `'${flag}'`).join(" ")}`
  ]
}

const main = async () => {
  let parsed
  try {
    parsed = parseCliArgs(process.argv.slice(2))
  } catch (error) {
    if (!(error instanceof CliArgsError)) throw error
    process.stderr.write(`emulator: ${error.message}\n\n${usage}`)
    process.exit(2)
  }
  if (parsed.help) {
    process.stdout.write(usage)
    return
  }
  const emulator = await startEmulator(parsed.options)
  const faults = emulator.state.faults.list()
  process.stdout.write(
    [
      `Platform emulator (seed ${emulator.state.options.seed}${emulator.domain === undefined ? "" : ", host mode"})`,
      ...(emulator.domain === undefined ? devModeLines(emulator) : hostModeLines(emulator, emulator.domain)),
      ...faults.map((f) => `  fault     ${f.id}: ${JSON.stringify(f.rule)}`),
      "Ctrl-C to stop.",
      ""
    ].join("\n")
  )
  let stopping = false
  const stop = () => {
    if (stopping) return
    stopping = true
    emulator.close().then(
      () => process.exit(0),
      () => process.exit(1)
    )
  }
  process.on("SIGINT", stop)
  process.on("SIGTERM", stop)
}

main().catch((error: unknown) => {
  const text = error instanceof Error ? error.message : String(error)
  const hint = text.includes("EADDRINUSE")
    ? ". Is another emulator running? Or pick free ports: --port 0 --www-port 0"
    : ""
  process.stderr.write(`emulator: ${text}${hint}\n`)
  process.exit(1)
})
