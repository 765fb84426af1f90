/**
 * Emulator options: where it listens, its seed, who is signed in, token rotation, fault rules, log size, the
 * directory of pages it serves on the www origin, and host mode (a domain and a TLS certificate: every origin on one
 * https port, routed by Host, as a real page reaches the platform).
 *
 * @module
 */
import type { FaultRuleInput } from "./platform/faults.ts"
import { defaultSeed } from "./world/seed.ts"

/** A TLS certificate and its private key, as PEM text. */
export interface TlsCertificate {
  readonly cert: string
  readonly key: string
}

/** Options of {@link startEmulator}; every field has a default. */
export interface EmulatorOptions {
  /** Interface to listen on; default `127.0.0.1`. */
  readonly host?: string
  /** Port of the services; default 0 (a free port). */
  readonly port?: number
  /** Port of the www origin (pages, frames); default 0 (a free port). Unused in host mode (one port for the site). */
  readonly wwwPort?: number
  /** Seed of the world, tokens and fault decisions; default 20260611. */
  readonly seed?: number
  /** The user requests without a session cookie are signed in as; `null` makes them guests. Default 1. */
  readonly defaultUserId?: number | null
  /** Anti-forgery tokens expire after this many milliseconds (0 = only when rotated). Default 10 minutes. */
  readonly csrfRotationMs?: number
  /** Fault rules active from the start. */
  readonly faults?: ReadonlyArray<FaultRuleInput>
  /** How many request-log entries are kept; default 5000. */
  readonly logLimit?: number
  /** A directory served at the www origin's root (e.g. the built demo), with index.html for unknown paths. */
  readonly staticDir?: string
  /** Origins besides loopback ones that may call the services from a browser (their host names are answered too). */
  readonly allowedOrigins?: ReadonlyArray<string>
  /**
   * Host names besides loopback ones and `host` that the servers answer (node/hostAllowList.ts: any other Host header
   * is refused, against DNS rebinding), e.g. a LAN name when listening on `0.0.0.0`.
   */
  readonly allowedHosts?: ReadonlyArray<string>
  /**
   * Host mode: serve the site as `https://{service}.{domain}` (each service on its sub-domain, the `apis` gateway,
   * `www` for pages, `emulator` for the admin API) on ONE https port (`port`), routed by the Host header, as a real
   * page reaches the platform; pages carry only the real site's tags. Needs {@link https}. Default: none (the dev
   * mode: path prefixes on `http://{host}:{port}`, www on `wwwPort`).
   */
  readonly domain?: string
  /** The certificate of host mode (for `*.{domain}`); required with `domain`. */
  readonly https?: TlsCertificate
}

/** Host mode's settings, once resolved. */
export interface HostMode {
  /** The site's domain, lower case (`platform.test`). */
  readonly domain: string
  readonly tls: TlsCertificate
}

/** Options with every default filled in. */
export interface ResolvedOptions {
  readonly host: string
  readonly port: number
  readonly wwwPort: number
  readonly seed: number
  readonly defaultUserId: number | undefined
  readonly csrfRotationMs: number
  readonly faults: ReadonlyArray<FaultRuleInput>
  readonly logLimit: number
  readonly staticDir: string | undefined
  readonly allowedOrigins: ReadonlyArray<string>
  readonly allowedHosts: ReadonlyArray<string>
  /** Host mode, or undefined in the dev mode (path prefixes). */
  readonly hostMode: HostMode | undefined
}

/** Options that cannot work together or a domain that is no host name; `message` says which. */
export class InvalidOptions extends Error {
  override readonly name = "InvalidOptions"
}

/**
 * The domain of host mode as the URL parser writes host names (lower case, punycode), or an InvalidOptions: it must be
 * a host name of at least two labels (its sub-domains are the site's hosts), not an IP address.
 */
const hostModeDomain = (domain: string): string => {
  const probe = `https://www.${domain}/`
  const host = URL.canParse(probe) ? new URL(probe).hostname : undefined
  const name = host?.slice("www.".length)
  if (name === undefined || `www.${domain.toLowerCase()}` !== host || !name.includes(".") || /^[\d.]+$/.test(name)) {
    throw new InvalidOptions(`domain must be a host name such as platform.test, not "${domain}"`)
  }
  return name
}

const resolveHostMode = (options: EmulatorOptions): HostMode | undefined => {
  if (options.domain === undefined) {
    if (options.https !== undefined)
      throw new InvalidOptions("https is the certificate of host mode: give a domain too")
    return undefined
  }
  if (options.https === undefined)
    throw new InvalidOptions(`host mode (domain ${options.domain}) needs https: { cert, key }`)
  return { domain: hostModeDomain(options.domain), tls: options.https }
}

/** Fill in the defaults; throws {@link InvalidOptions} for a host mode that cannot work. */
export const resolveOptions = (options: EmulatorOptions = {}): ResolvedOptions => {
  const hostMode = resolveHostMode(options)
  return {
    host: options.host ?? "127.0.0.1",
    port: options.port ?? 0,
    wwwPort: options.wwwPort ?? 0,
    seed: options.seed ?? defaultSeed,
    defaultUserId: options.defaultUserId === null ? undefined : (options.defaultUserId ?? 1),
    csrfRotationMs: options.csrfRotationMs ?? 10 * 60_000,
    faults: options.faults ?? [],
    logLimit: options.logLimit ?? 5000,
    staticDir: options.staticDir,
    // host mode: pages on every sub-domain call the services cross-origin (platform/cors.ts reads the pattern)
    allowedOrigins: [
      ...(options.allowedOrigins ?? []),
      ...(hostMode === undefined ? [] : [`https://*.${hostMode.domain}`])
    ],
    allowedHosts: options.allowedHosts ?? [],
    hostMode
  }
}
