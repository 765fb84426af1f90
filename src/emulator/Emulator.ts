/**
 * The local platform emulator: two HTTP servers on 127.0.0.1, one for the services (each under `/{service}`, from
 * the same HttpApi definitions the library's clients use, plus `/admin` and `/cdn`) and one for the www origin
 * (pages and frames; a second origin, so cross-origin frame tests are real).
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
import { allowedHostNames } from "./node/hostAllowList.ts"
import { nodeScriptLoader } from "./node/scripts.ts"
import { serveWebHandler } from "./node/serve.ts"
import { type EmulatorOptions, resolveOptions } from "./options.ts"
import type { ServerKind } from "./platform/middleware.ts"
import { emulatorBaseUrls } from "./urls.ts"
import { makeEmulatorHandlers, type WebHandler } from "./webHandler.ts"

/** A running emulator. */
export interface EmulatorInfo {
  /** The services' origin, e.g. `http://127.0.0.1:4010`. */
  readonly origin: string
  /** The www origin, e.g. `http://127.0.0.1:4011`. */
  readonly wwwOrigin: string
  readonly port: number
  readonly wwwPort: number
  /** Base URL of every service, ready for `PlatformConfig.layer({ baseUrls })`. */
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

/** Serve one origin's handler on a new Node server; its URL and port. */
const serve = (state: EmulatorStateShape, kind: ServerKind, handler: WebHandler, port: number) =>
  Effect.gen(function*() {
    const { host } = state.options
    const server = yield* serveWebHandler(handler, host, port, allowedHostNames(state.options)).pipe(
      Effect.mapError((error) => new EmulatorStartError({ reason: `cannot listen on ${host}:${port} (${kind}): ${error.reason}` }))
    )
    // A wildcard interface is reachable on loopback: URLs name 127.0.0.1 rather than 0.0.0.0.
    const shown = host === "0.0.0.0" || host === "::" ? "127.0.0.1" : host
    return { url: `http://${shown.includes(":") ? `[${shown}]` : shown}:${server.port}`, port: server.port }
  })

/** Why the emulator could not start: a port in use, or an unreadable static directory. */
export type StartError = Effect.Error<ReturnType<typeof make>>

/** Start both servers in the current scope. */
export const make = (options: EmulatorOptions = {}) =>
  Effect.gen(function*() {
    const state = makeEmulatorState(resolveOptions(options))
    const handlers = yield* makeEmulatorHandlers(state, { fileSystem: nodeStaticFileSystem, loadScript: nodeScriptLoader })
    const api = yield* serve(state, "api", handlers.api, state.options.port)
    const www = yield* serve(state, "www", handlers.www, state.options.wwwPort)
    state.urls.origin = api.url
    state.urls.wwwOrigin = www.url
    const info: EmulatorInfo = {
      origin: api.url,
      wwwOrigin: www.url,
      port: api.port,
      wwwPort: www.port,
      baseUrls: emulatorBaseUrls(api.url, www.url),
      adminUrl: `${api.url}/admin`,
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

/** A running emulator started from async code; `close()` stops both servers. */
export interface RunningEmulator extends EmulatorInfo {
  readonly close: () => Promise<void>
}

/** Start the emulator; resolves once both servers listen. */
export const startEmulator = async (options: EmulatorOptions = {}): Promise<RunningEmulator> => {
  const scope = Scope.makeUnsafe()
  const info = await Effect.runPromise(Scope.provide(make(options), scope)).catch(async (error: unknown) => {
    await Effect.runPromise(Scope.close(scope, Exit.void))
    throw error
  })
  return { ...info, close: () => Effect.runPromise(Scope.close(scope, Exit.void)) }
}
