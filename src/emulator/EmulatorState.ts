/**
 * The emulator's state for one running instance: the world (read-only), the follow graph, anti-forgery tokens,
 * fault rules and the request log (mutable, owned by this instance; nothing is shared between instances).
 *
 * @module
 */
import { Context } from "effect"
import { type Follows, makeFollows } from "./follows.ts"
import type { ResolvedOptions } from "./options.ts"
import { type HbaState, makeHbaState } from "./hba/HbaState.ts"
import { type CsrfTokens, makeCsrfTokens } from "./platform/csrf.ts"
import { type Faults, makeFaults } from "./platform/faults.ts"
import { makeRequestLog, type RequestLog } from "./platform/requestLog.ts"
import { makeWorld } from "./world/seed.ts"
import type { World } from "./world/World.ts"

/** Where the instance listens, known once both servers are bound. */
export interface EmulatorUrls {
  /** The services' origin, e.g. `http://127.0.0.1:4010`. */
  origin: string
  /** The www origin (pages and frames), e.g. `http://127.0.0.1:4011`. */
  wwwOrigin: string
}

/** The state of one emulator instance. */
export interface EmulatorStateShape {
  readonly options: ResolvedOptions
  readonly world: World
  /** Who follows whom: the world's graph, changed by follow and unfollow (follows.ts). */
  readonly follows: Follows
  readonly csrf: CsrfTokens
  readonly faults: Faults
  readonly log: RequestLog
  /** Nonces, session-bound signing keys and seen tokens of request signing (hba/HbaState.ts). */
  readonly hba: HbaState
  readonly urls: EmulatorUrls
  /** Back to the start: the world's follow graph, start-up fault rules, no tokens, empty log. */
  readonly reset: () => void
}

/** The state of the running instance. */
export class EmulatorState extends Context.Service<EmulatorState, EmulatorStateShape>()("emulator/EmulatorState") {}

/** Fresh state for `options`. */
export const makeEmulatorState = (options: ResolvedOptions): EmulatorStateShape => {
  const csrf = makeCsrfTokens(options.seed, options.csrfRotationMs)
  const faults = makeFaults(options.seed, options.faults)
  const log = makeRequestLog(options.logLimit)
  const hba = makeHbaState()
  const world = makeWorld(options.seed)
  const follows = makeFollows(world)
  return {
    options,
    world,
    follows,
    csrf,
    faults,
    log,
    hba,
    urls: { origin: "", wwwOrigin: "" },
    reset: () => {
      follows.reset()
      csrf.reset()
      faults.reset()
      log.clear()
      hba.reset()
    }
  }
}
