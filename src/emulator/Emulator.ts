/**
 * The local platform emulator. In the dev mode, two HTTP servers on 127.0.0.1, one for the services (each under
 * `/{service}`, from the same HttpApi definitions the library's clients use, plus `/admin` and `/cdn`) and one for
 * the www origin (pages and frames; a second origin, so cross-origin frame tests are real). In host mode (a
 * `domain` and a certificate), one https server for the whole site, `https://{service}.{domain}`, routed by Host
 * (hostRoutes.ts).
 *
 * Use {@link Emulator.layer} in Effect code and tests, or {@link startEmulator} from plain async code (the CLI,
 * `npm start`, the browser tests). The servers are `node:http` ones (node/serve.ts) running the emulator's
 * Fetch-API handlers (webHandler.ts), which msw runs too (`platform-web-client/testing/msw`).
 *
 * @module
 */
import { Context, Data, Effect, Exit, Layer, Scope } from "effect"
import type { ServiceBaseUrls } from "../core/config/PlatformConfig.ts"
import { type EmulatorStateShape, makeEmulatorState } from "./EmulatorState.ts"
import { nodeStaticFileSystem } from "./node/fileSystem.ts"
import { emulatorSubdomain } from "./hostRoutes.ts"
import { hostAllowList } from "./node/hostAllowList.ts"
import { nodeScriptLoader } from "./node/scripts.ts"
import { serveWebHandler } from "./node/serve.ts"
import { type EmulatorOptions, resolveOptions } from "./options.ts"
import { siteBaseUrls } from "./urls.ts"
import { makeEmulatorHandlers, type WebHandler } from "./webHandler.ts"

/** A running emulator. */
export interface EmulatorInfo {
  /**
   * The services' origin, e.g. `http://127.0.0.1:4010`; in host mode the emulator's own sub-domain,
   * `https://emulator.{domain}` (the admin API, the images, every service under its prefix).
   */
  readonly origin: string
  /** The www origin, e.g. `http://127.0.0.1:4011`; in host mode `https://www.{domain}`. */
  readonly wwwOrigin: string
  /** The port of the services (in host mode: of the whole site). */
  readonly port: number
  /** The port of the www origin (in host mode: the same as `port`). */
  readonly wwwPort: number
  /** The domain of host mode (`platform.test`), or undefined in the dev mode. */
  readonly domain: string | undefined
  /**
   * Base URL of every service, ready for `PlatformConfig.layer({ baseUrls })`: path prefixes of `origin` in the dev
   * mode, `https://{service}.{domain}` (and the `apis` gateway) in host mode.
   */
  readonly baseUrls: ServiceBaseUrls
  /** Base URL of the admin API (`{origin}/admin`). */
  readonly adminUrl: string
  /** The instance's state (world, tokens, faults, request log), for tests that look inside. */
  readonly state: EmulatorStateShape
}

/** The emulator could not start; `reason` says why (e.g. a port in use). */
export class EmulatorStartError extends Data.TaggedError("EmulatorStartError")<{ readonly reason: string }> {
  override get message(): string {
    return this.reason
  }
}

/** Serve one handler (`kind`: which origin, or the whole site) on a new Node server; its URL and port. */
const serve = (state: EmulatorStateShape, kind: "api" | "www" | "site", handler: WebHandler, port: number) =>
  Effect.gen(function* () {
    const { host, hostMode } = state.options
    const server = yield* serveWebHandler(handler, host, port, hostAllowList(state.options), hostMode?.tls).pipe(
      Effect.mapError(
        (error) => new EmulatorStartError({ reason: `cannot listen on ${host}:${port} (${kind}): ${error.reason}` })
      )
    )
    // A wildcard interface is reachable on loopback: URLs name 127.0.0.1 rather than 0.0.0.0.
    const shown = host === "0.0.0.0" || host === "::" ? "127.0.0.1" : host
    return { url: `http://${shown.includes(":") ? `[${shown}]` : shown}:${server.port}`, port: server.port }
  })

/** Why the emulator could not start: a port in use, or an unreadable static directory. */
export type StartError = Effect.Error<ReturnType<typeof make>>

/** The options resolved, or the EmulatorStartError saying why they cannot work. */
const resolve = (options: EmulatorOptions) =>
  Effect.try({
    try: () => resolveOptions(options),
    catch: (error) => new EmulatorStartError({ reason: error instanceof Error ? error.message : String(error) })
  })

/** Listen as `state`'s mode says: the two origins of the dev mode, or the one https server of host mode. */
const listen = (state: EmulatorStateShape, handlers: Effect.Success<ReturnType<typeof makeEmulatorHandlers>>) =>
  Effect.gen(function* () {
    const { hostMode, port, wwwPort } = state.options
    if (hostMode === undefined || handlers.site === undefined) {
      const api = yield* serve(state, "api", handlers.api, port)
      const www = yield* serve(state, "www", handlers.www, wwwPort)
      state.urls.origin = api.url
      state.urls.wwwOrigin = www.url
      return { port: api.port, wwwPort: www.port }
    }
    const site = yield* serve(state, "site", handlers.site, port)
    state.urls.origin = `https://${emulatorSubdomain}.${hostMode.domain}`
    state.urls.wwwOrigin = `https://www.${hostMode.domain}`
    return { port: site.port, wwwPort: site.port }
  })

/** Start the servers in the current scope. */
export const make = (options: EmulatorOptions = {}) =>
  Effect.gen(function* () {
    const state = makeEmulatorState(yield* resolve(options))
    const handlers = yield* makeEmulatorHandlers(state, {
      fileSystem: nodeStaticFileSystem,
      loadScript: nodeScriptLoader
    })
    const ports = yield* listen(state, handlers)
    const info: EmulatorInfo = {
      origin: state.urls.origin,
      wwwOrigin: state.urls.wwwOrigin,
      ...ports,
      domain: state.options.hostMode?.domain,
      baseUrls: siteBaseUrls(state),
      adminUrl: `${state.urls.origin}/admin`,
      state
    }
    return info
  })

/** The running emulator, as a service. */
export class Emulator extends Context.Service<Emulator, EmulatorInfo>()("emulator/Emulator") {
  /** Start the emulator for the lifetime of the layer. */
  static layer(options: EmulatorOptions = {}): Layer.Layer<Emulator, StartError> {
    return Layer.effect(Emulator, make(options))
  }
}

/** A running emulator started from async code; `close()` stops its servers. */
export interface RunningEmulator extends EmulatorInfo {
  readonly close: () => Promise<void>
}

/** Start the emulator; resolves once its servers listen. */
export const startEmulator = async (options: EmulatorOptions = {}): Promise<RunningEmulator> => {
  const scope = Scope.makeUnsafe()
  const info = await Effect.runPromise(Scope.provide(make(options), scope)).catch(async (error: unknown) => {
    await Effect.runPromise(Scope.close(scope, Exit.void))
    throw error
  })
  return { ...info, close: () => Effect.runPromise(Scope.close(scope, Exit.void)) }
}
