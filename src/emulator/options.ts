/**
 * Emulator options: where it listens, its seed, who is signed in, token rotation, fault rules, log size and the
 * directory of pages it serves on the www origin.
 *
 * @module
 */
import type { FaultRuleInput } from "./platform/faults.ts"
import { defaultSeed } from "./world/seed.ts"

/** Options of {@link startEmulator}; every field has a default. */
export interface EmulatorOptions {
  /** Interface to listen on; default `127.0.0.1`. */
  readonly host?: string
  /** Port of the services; default 0 (a free port). */
  readonly port?: number
  /** Port of the www origin (pages, frames); default 0 (a free port). */
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
}

/** Fill in the defaults. */
export const resolveOptions = (options: EmulatorOptions = {}): ResolvedOptions => ({
  host: options.host ?? "127.0.0.1",
  port: options.port ?? 0,
  wwwPort: options.wwwPort ?? 0,
  seed: options.seed ?? defaultSeed,
  defaultUserId: options.defaultUserId === null ? undefined : options.defaultUserId ?? 1,
  csrfRotationMs: options.csrfRotationMs ?? 10 * 60_000,
  faults: options.faults ?? [],
  logLimit: options.logLimit ?? 5000,
  staticDir: options.staticDir,
  allowedOrigins: options.allowedOrigins ?? [],
  allowedHosts: options.allowedHosts ?? []
})
