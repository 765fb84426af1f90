/**
 * The emulator as Fetch-API handlers, `(Request) => Promise<Response>`, independent of any server: one for the
 * services' origin (every served API from the same HttpApi definitions the clients use, `/admin`, `/cdn`, the
 * OpenAPI documents) and one for the www origin (pages and frames), each wrapped in the platform middleware
 * (CORS, signature verdicts, faults, CSRF, error bodies, the request log).
 *
 * The Node servers of `startEmulator` (node/serve.ts) and the msw request handlers of `platform-web-client/testing/msw`
 * both run these handlers. A dropped connection (a `drop` fault) is answered with `Response.error()`, the Fetch
 * API's network error: a server adapter destroys the socket, msw makes the client's fetch fail.
 *
 * @module
 */
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as FileSystem from "effect/FileSystem"
import * as Layer from "effect/Layer"
import * as Path from "effect/Path"
import type * as Scope from "effect/Scope"
import { Etag, HttpEffect, HttpPlatform, HttpRouter } from "effect/http"
import { HttpApiBuilder } from "effect/http-api"
import { AdminApi } from "./admin/AdminApi.ts"
import { AdminHandlers } from "./admin/handlers.ts"
import { EmulatorState, type EmulatorStateShape } from "./EmulatorState.ts"
import { ImageRoutes } from "./images/routes.ts"
import { dropConnectionHeader, platformMiddleware, type ServerKind } from "./platform/middleware.ts"
import { RedirectProbeRoutes } from "./probes/redirect.ts"
import { fetchPrebuiltScript, type ScriptLoader, ScriptSource } from "./scripts.ts"
import { OpenApiRoutes } from "./services/openapi.ts"
import { servedServiceNames, servedServices } from "./services/registry.ts"
import { WwwRoutes } from "./www/routes.ts"

/** One origin of the emulator as a Fetch-API handler. */
export type WebHandler = (request: Request) => Promise<Response>

/** The emulator's two origins as handlers, over one state. */
export interface EmulatorHandlers {
  /** The services' origin: `/{service}/…`, `/admin`, `/cdn`. */
  readonly api: WebHandler
  /** The www origin: pages, frames, worker scripts and (with `staticDir`) the static files. */
  readonly www: WebHandler
  /** The instance's state (world, tokens, faults, request log, URLs). */
  readonly state: EmulatorStateShape
}

/** How the handlers reach what differs between Node and a browser: files on disk, the served browser scripts. */
export interface HandlerEnvironment {
  /** What the www origin reads `state.options.staticDir` with (Node's, in node/fileSystem.ts); default: no files. */
  readonly fileSystem?: Layer.Layer<FileSystem.FileSystem>
  /** How the served browser scripts are read (scripts.ts); default: fetch the package's prebuilt assets. */
  readonly loadScript?: ScriptLoader
}

/**
 * What route layers may use besides the router and the state: the HTTP platform, ETags, paths, a file system, the
 * script loader.
 */
const httpServices = (environment: HandlerEnvironment) =>
  Layer.mergeAll(
    HttpPlatform.layer,
    Path.layer,
    Etag.layerWeak,
    Layer.succeed(ScriptSource, environment.loadScript ?? fetchPrebuiltScript)
  ).pipe(Layer.provideMerge(environment.fileSystem ?? FileSystem.layerNoop({})))

type HttpServices = Layer.Success<ReturnType<typeof httpServices>>

/** The services' routes: every served API with its OpenAPI document, the admin API and the images. */
const apiRoutes = Layer.mergeAll(
  HttpApiBuilder.layer(AdminApi, { openapiPath: "/admin/openapi.json" }).pipe(Layer.provide(AdminHandlers)),
  ImageRoutes,
  OpenApiRoutes,
  RedirectProbeRoutes,
  ...servedServices.map((service) => service.routes)
)

const services: ReadonlySet<string> = new Set(servedServiceNames)

/** A dropped connection (see the module doc) as the Fetch API says it: a network error. */
const withDroppedConnections = (handler: WebHandler): WebHandler => async (request) => {
  const response = await handler(request)
  return response.headers.has(dropConnectionHeader) ? Response.error() : response
}

/** Build a router from route layers, in the current scope, and wrap it in the platform middleware. */
const handlerOf = <E>(
  state: EmulatorStateShape,
  kind: ServerKind,
  routes: Layer.Layer<never, E, HttpRouter.HttpRouter | EmulatorState | HttpServices>,
  environment: HandlerEnvironment
): Effect.Effect<WebHandler, E, Scope.Scope> =>
  Effect.map(
    Layer.build(
      routes.pipe(
        Layer.provideMerge(HttpRouter.layer),
        Layer.provide(Layer.succeed(EmulatorState, state)),
        Layer.provide(httpServices(environment))
      )
    ),
    (context) => {
      const app = Context.get(context, HttpRouter.HttpRouter).asHttpEffect()
      return withDroppedConnections(HttpEffect.toWebHandler(platformMiddleware(state, kind, services)(app)))
    }
  )

/**
 * The emulator's handlers over `state`, for the lifetime of the current scope. The defaults of `environment` need
 * nothing from Node (the msw handlers' case); the Node emulator passes its file system and script loader.
 */
export const makeEmulatorHandlers = (state: EmulatorStateShape, environment: HandlerEnvironment = {}) =>
  Effect.gen(function*() {
    const api = yield* handlerOf(state, "api", apiRoutes, environment)
    const www = yield* handlerOf(state, "www", WwwRoutes(state.options.staticDir), environment)
    return { api, www, state } satisfies EmulatorHandlers
  })
