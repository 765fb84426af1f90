/**
 * The local platform emulator: two HTTP servers on 127.0.0.1, one for the services (each under `/{service}`, from
 * the same HttpApi definitions the library's clients use, plus `/admin` and `/cdn`) and one for the www origin
 * (pages and frames; a second origin, so cross-origin frame tests are real).
 *
 * Use {@link Emulator.layer} in Effect code and tests, or {@link startEmulator} from plain async code (the CLI,
 * `npm start`, the browser tests).
 *
 * @module
 */
import { NodeHttpServer } from "@effect/platform-node"
import { Context, Data, Effect, Exit, Layer, Scope } from "effect"
import { HttpRouter } from "effect/http"
import { HttpApiBuilder } from "effect/http-api"
import { createServer } from "node:http"
import type { ServiceBaseUrls } from "../core/config/PlatformConfig.ts"
import { AdminApi } from "./admin/AdminApi.ts"
import { AdminHandlers } from "./admin/handlers.ts"
import { EmulatorState, type EmulatorStateShape, makeEmulatorState } from "./EmulatorState.ts"
import { ImageRoutes } from "./images/routes.ts"
import { OpenApiRoutes } from "./services/openapi.ts"
import { RedirectProbeRoutes } from "./probes/redirect.ts"
import { type EmulatorOptions, resolveOptions } from "./options.ts"
import { platformMiddleware, type ServerKind } from "./platform/middleware.ts"
import { servedServiceNames, servedServices } from "./services/registry.ts"
import { emulatorBaseUrls } from "./urls.ts"
import { WwwRoutes } from "./www/routes.ts"

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

/** What route layers may use besides the router and the state: the Node HTTP platform, ETags, file system. */
type HttpServices = Layer.Success<typeof NodeHttpServer.layerHttpServices>

/** The services' routes: every served API with its OpenAPI document, the admin API and the images. */
const apiRoutes = Layer.mergeAll(
  HttpApiBuilder.layer(AdminApi, { openapiPath: "/admin/openapi.json" }).pipe(Layer.provide(AdminHandlers)),
  ImageRoutes,
  OpenApiRoutes,
  RedirectProbeRoutes,
  ...servedServices.map((service) => service.routes)
)

const services: ReadonlySet<string> = new Set(servedServiceNames)

/** Build a router from route layers and serve it, wrapped in the platform middleware, on a new Node server. */
const serveRoutes = <E>(
  state: EmulatorStateShape,
  kind: ServerKind,
  routes: Layer.Layer<never, E, HttpRouter.HttpRouter | EmulatorState | HttpServices>,
  port: number
) =>
  Effect.gen(function*() {
    const context = yield* Layer.build(
      routes.pipe(
        Layer.provideMerge(HttpRouter.layer),
        Layer.provide(Layer.succeed(EmulatorState, state)),
        Layer.provide(NodeHttpServer.layerHttpServices)
      )
    )
    const app = Context.get(context, HttpRouter.HttpRouter).asHttpEffect()
    const node = createServer()
    const server = yield* NodeHttpServer.make(() => node, {
      port,
      host: state.options.host,
      gracefulShutdownTimeout: "1 second"
    }).pipe(
      Effect.mapError((error) =>
        new EmulatorStartError({ reason: `cannot listen on ${state.options.host}:${port} (${kind}): ${String(error.cause)}` })
      )
    )
    yield* server.serve(platformMiddleware(state, kind, services)(app))
    // Close keep-alive and in-flight connections at once when the emulator stops.
    yield* Effect.addFinalizer(() => Effect.sync(() => node.closeAllConnections()))
    const address = server.address
    if (address._tag === "UnixPathAddress") return yield* Effect.die(new Error("expected a TCP address"))
    // A wildcard interface is reachable on loopback: URLs name 127.0.0.1 rather than 0.0.0.0.
    const host = state.options.host === "0.0.0.0" || state.options.host === "::" ? "127.0.0.1" : state.options.host
    return { url: `http://${host.includes(":") ? `[${host}]` : host}:${address.port}`, port: address.port }
  })

/** Why the emulator could not start: a port in use, or an unreadable static directory. */
export type StartError = Effect.Error<ReturnType<typeof make>>

/** Start both servers in the current scope. */
export const make = (options: EmulatorOptions = {}) =>
  Effect.gen(function*() {
    const state = makeEmulatorState(resolveOptions(options))
    const api = yield* serveRoutes(state, "api", apiRoutes, state.options.port)
    const www = yield* serveRoutes(state, "www", WwwRoutes(state.options.staticDir), state.options.wwwPort)
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
