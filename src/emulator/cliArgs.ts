/**
 * Command-line options of the emulator (`npm run emulator -- …`), read into EmulatorOptions.
 *
 * @module
 */
import { readFileSync } from "node:fs"
import { parseArgs } from "node:util"
import type { EmulatorOptions } from "./options.ts"
import { isOriginEntry } from "./platform/cors.ts"
import { parseFaultSpec } from "./platform/faults.ts"

/** The help text. */
export const usage = `Usage: npm run emulator -- [options]

  --port <n>             port of the services (default 4010; 0 = any free port)
  --www-port <n>         port of the www origin: pages and frames (default 4011)
  --host <address>       interface to listen on (default 127.0.0.1)
  --allowed-host <name>  a Host name the servers answer besides loopback ones and --host; repeat for more
                           (any other Host header is refused: DNS rebinding)
  --allowed-origin <o>   a page origin trusted besides the emulator's own: it may call the services and the
                           admin API from a browser (http://127.0.0.1:5173, or https://*.example.com for any
                           one-label sub-domain); repeat for more
  --seed <n>             seed of the world, tokens and fault decisions (default 20260611)
  --user <id>            user signed in when a request has no session cookie (default 1)
  --guest                requests without a session cookie are guests
  --csrf-rotation <ms>   anti-forgery tokens expire after this long (default 600000; 0 = only when rotated)
  --fault <spec>         a fault rule; repeat for more. <spec> is comma-separated key=value pairs:
                           status=503,path=/games/*,percent=50,times=3
                           status=429,retryAfter=2,path=/presence/*
                           latency=800,path=/friends/*
                           drop,path=/thumbnails/*,percent=10
                         keys: status|latency|drop first, then path (glob), method, percent, times, retryAfter
  --static <dir>         serve this directory at the www origin (e.g. a built demo)
  --log-limit <n>        request-log entries kept (default 5000)
  --domain <name>        host mode: serve https://{service}.<name>, the apis gateway and www.<name> on ONE
                           https port (--port), routed by Host; needs --tls-cert and --tls-key
                           (docs/emulator.md: host mode; the start-up text prints Chromium's flags)
  --tls-cert <file>      host mode's certificate (PEM) for *.<name>
  --tls-key <file>       its private key (PEM)
  --help                 this text
`

/** A command line that cannot be read; `message` says why. */
export class CliArgsError extends Error {
  override readonly name = "CliArgsError"
}

const integer = (name: string, value: string | undefined, min: number): number | undefined => {
  if (value === undefined) return undefined
  const n = Number(value)
  if (!Number.isInteger(n) || n < min) throw new CliArgsError(`--${name} must be an integer ≥ ${min}, not "${value}"`)
  return n
}

/** The `--allowed-origin` values, each an exact http(s) origin or a sub-domain pattern (platform/cors.ts). */
const allowedOrigins = (values: ReadonlyArray<string>): ReadonlyArray<string> => {
  for (const value of values) {
    if (!isOriginEntry(value)) {
      throw new CliArgsError(
        `--allowed-origin must be an origin such as http://127.0.0.1:5173 or a pattern such as https://*.example.com, not "${value}"`
      )
    }
  }
  return values
}

/** The text of a file named on the command line. */
const readFlagFile = (flag: string, file: string): string => {
  try {
    return readFileSync(file, "utf8")
  } catch (error) {
    throw new CliArgsError(`--${flag}: cannot read ${file} (${(error as Error).message})`)
  }
}

/** Host mode's options from its flags: the domain and the certificate files (`--www-port` has no place there). */
const hostMode = (v: {
  readonly domain?: string
  readonly "tls-cert"?: string
  readonly "tls-key"?: string
  readonly "www-port"?: string
}): Pick<EmulatorOptions, "domain" | "https"> => {
  if (v["www-port"] !== undefined)
    throw new CliArgsError("--www-port has no use with --domain: host mode serves everything on --port")
  if (v["tls-cert"] === undefined || v["tls-key"] === undefined) {
    throw new CliArgsError("--domain needs --tls-cert and --tls-key (host mode is https only; docs/emulator.md)")
  }
  return {
    domain: v.domain!,
    https: { cert: readFlagFile("tls-cert", v["tls-cert"]), key: readFlagFile("tls-key", v["tls-key"]) }
  }
}

/** Read the command line; `help` is true when the user asked for the help text. */
export const parseCliArgs = (
  argv: ReadonlyArray<string>
): { readonly help: boolean; readonly options: EmulatorOptions } => {
  let parsed
  try {
    parsed = parseArgs({
      args: [...argv],
      strict: true,
      options: {
        port: { type: "string" },
        "www-port": { type: "string" },
        host: { type: "string" },
        "allowed-host": { type: "string", multiple: true },
        "allowed-origin": { type: "string", multiple: true },
        seed: { type: "string" },
        user: { type: "string" },
        guest: { type: "boolean" },
        "csrf-rotation": { type: "string" },
        fault: { type: "string", multiple: true },
        static: { type: "string" },
        "log-limit": { type: "string" },
        domain: { type: "string" },
        "tls-cert": { type: "string" },
        "tls-key": { type: "string" },
        help: { type: "boolean", short: "h" }
      }
    })
  } catch (error) {
    throw new CliArgsError((error as Error).message)
  }
  const v = parsed.values
  if (v.guest === true && v.user !== undefined) throw new CliArgsError("--guest and --user cannot be used together")
  if (v.domain === undefined && (v["tls-cert"] !== undefined || v["tls-key"] !== undefined)) {
    throw new CliArgsError("--tls-cert and --tls-key are host mode's certificate: give --domain too")
  }
  const faults = (v.fault ?? []).map((spec) => {
    try {
      return parseFaultSpec(spec)
    } catch (error) {
      throw new CliArgsError((error as Error).message)
    }
  })
  const options: EmulatorOptions = {
    port: integer("port", v.port, 0) ?? 4010,
    ...(v.domain === undefined ? { wwwPort: integer("www-port", v["www-port"], 0) ?? 4011 } : hostMode(v)),
    ...(v.host === undefined ? {} : { host: v.host }),
    ...(v["allowed-host"] === undefined ? {} : { allowedHosts: v["allowed-host"] }),
    ...(v["allowed-origin"] === undefined ? {} : { allowedOrigins: allowedOrigins(v["allowed-origin"]) }),
    ...(v.seed === undefined ? {} : { seed: integer("seed", v.seed, 0)! }),
    ...(v.guest === true
      ? { defaultUserId: null }
      : v.user === undefined
        ? {}
        : { defaultUserId: integer("user", v.user, 1)! }),
    ...(v["csrf-rotation"] === undefined ? {} : { csrfRotationMs: integer("csrf-rotation", v["csrf-rotation"], 0)! }),
    ...(faults.length === 0 ? {} : { faults }),
    ...(v.static === undefined ? {} : { staticDir: v.static }),
    ...(v["log-limit"] === undefined ? {} : { logLimit: integer("log-limit", v["log-limit"], 1)! })
  }
  return { help: v.help === true, options }
}
