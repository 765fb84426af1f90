/**
 * The emulator as Fetch-API handlers, `(Request) => Promise<Response>`, independent of any server: one for the
 * services' origin (every served API from the same HttpApi definitions the clients use, `/admin`, `/cdn`, the
 * OpenAPI documents) and one for the www origin (pages and frames), each wrapped in the platform middleware
 * (CORS, signature verdicts, faults, CSRF, error bodies, the request log) and giving every page it serves the
 * site's tags (www/withPageTags.ts). In host mode, a third handler answers the whole site, routing each request by
 * its Host to one of the two (hostRoutes.ts).
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
import { Etag, HttpEffect, HttpPlatform, HttpRouter, HttpServerRequest, type HttpServerResponse } from "effect/http"
import { HttpApiBuilder } from "effect/http-api"
import { AdminApi } from "./admin/AdminApi.ts"
import { AdminHandlers } from "./admin/handlers.ts"
import { EmulatorState, type EmulatorStateShape } from "./EmulatorState.ts"
import { hostRouter } from "./hostRoutes.ts"
import { ImageRoutes } from "./images/routes.ts"
import { dropConnectionHeader, errorResponse, platformMiddleware, type ServerKind } from "./platform/middleware.ts"
import { RedirectProbeRoutes } from "./probes/redirect.ts"
import { fetchPrebuiltScript, type ScriptLoader, ScriptSource } from "./scripts.ts"
import { OpenApiRoutes } from "./services/openapi.ts"
import { servedServiceNames, servedServices } from "./services/registry.ts"
import { WwwRoutes } from "./www/routes.ts"
import { withPageTags } from "./www/withPageTags.ts"

/** One origin of the emulator as a Fetch-API handler. */
export type WebHandler = (request: Request) => Promise<Response>

/** The emulator's two origins as handlers, over one state. */
export interface EmulatorHandlers {
  /** The services' origin: `/{service}/…`, `/admin`, `/cdn`. */
  readonly api: WebHandler
  /** The www origin: pages, frames, worker scripts and (with `staticDir`) the static files. */
  readonly www: WebHandler
  /**
   * Host mode (`options.domain`) only: the whole site, each request routed by its Host to the services or www
   * (hostRoutes.ts), with the session cookie shared by the site's sub-domains; undefined in the dev mode.
   */
  readonly site: WebHandler | undefined
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
const withDroppedConnections =
  (handler: WebHandler): WebHandler =>
  async (request) => {
    const response = await handler(request)
    return response.headers.has(dropConnectionHeader) ? Response.error() : response
  }

/** An origin's app: its routes behind the platform middleware, as an HttpEffect. */
type OriginApp = Effect.Effect<
  HttpServerResponse.HttpServerResponse,
  never,
  HttpServerRequest.HttpServerRequest | Scope.Scope
>

/**
 * A router that also records the path of every route added to it (the host mode's gateway reads which paths each
 * service serves: hostRoutes.ts).
 */
const recordingRouter = (paths: Array<string>) =>
  Layer.effect(
    HttpRouter.HttpRouter,
    Effect.map(HttpRouter.make, (router): HttpRouter.HttpRouter => ({
      ...router,
      add: (method, path, handler, options) => {
        paths.push(path)
        return router.add(method, path, handler, options)
      },
      addAll: (routes) => {
        for (const route of routes) paths.push(route.path)
        return router.addAll(routes)
      }
    }))
  )

/**
 * Build a router from route layers, in the current scope, recording its paths into `paths`, and wrap it: pages get
 * the site's tags, everything the platform middleware.
 */
const appOf = <E>(
  state: EmulatorStateShape,
  kind: ServerKind,
  routes: Layer.Layer<never, E, HttpRouter.HttpRouter | EmulatorState | HttpServices>,
  environment: HandlerEnvironment,
  paths: Array<string> = []
): Effect.Effect<OriginApp, E, Scope.Scope> =>
  Effect.map(
    Layer.build(
      routes.pipe(
        Layer.provideMerge(recordingRouter(paths)),
        Layer.provide(Layer.succeed(EmulatorState, state)),
        Layer.provide(httpServices(environment))
      )
    ),
    (context) => {
      const app = Context.get(context, HttpRouter.HttpRouter).asHttpEffect()
      return platformMiddleware(state, kind, services)(withPageTags(state)(app))
    }
  )

/** An app as a Fetch-API handler. */
const handlerOf = (app: OriginApp): WebHandler => withDroppedConnections(HttpEffect.toWebHandler(app))

/**
 * The whole site of host mode: each request goes to the app its Host routes it to (`route`), under the path the
 * route gives; the request keeps the URL the client addressed (`originalUrl`), which signatures are checked
 * against. No route: the platform's 404.
 */
const siteApp = (route: ReturnType<typeof hostRouter>, apps: Record<ServerKind, OriginApp>): OriginApp =>
  Effect.flatMap(HttpServerRequest.HttpServerRequest, (request) => {
    const target = route(new URL(request.originalUrl).hostname, request.url)
    if (target === undefined) return Effect.succeed(errorResponse(404, 0, "NotFound"))
    return apps[target.server].pipe(
      Effect.provideService(HttpServerRequest.HttpServerRequest, request.modify({ url: target.url }))
    )
  })

/**
 * The session cookie of host mode is the whole site's: every cookie the emulator sets gets `Domain={domain}` (so
 * the services' sub-domains receive the session signed in on www) and `Secure` (the site is https only).
 */
const withSiteCookies =
  (domain: string, handler: WebHandler): WebHandler =>
  async (request) => {
    const response = await handler(request)
    const cookies = response.headers.getSetCookie()
    if (cookies.length === 0 || response.type === "error") return response
    response.headers.delete("set-cookie")
    for (const cookie of cookies) {
      const attributes = cookie
        .split(";")
        .slice(1)
        .map((part) => part.trim().split("=")[0]!.toLowerCase())
      const domainPart = attributes.includes("domain") ? "" : `; Domain=${domain}`
      response.headers.append("set-cookie", `${cookie}${domainPart}${attributes.includes("secure") ? "" : "; Secure"}`)
    }
    return response
  }

/**
 * The emulator's handlers over `state`, for the lifetime of the current scope. The defaults of `environment` need
 * nothing from Node (the msw handlers' case); the Node emulator passes its file system and script loader.
 */
export const makeEmulatorHandlers = (state: EmulatorStateShape, environment: HandlerEnvironment = {}) =>
  Effect.gen(function* () {
    const servedPaths: Array<string> = []
    const api = yield* appOf(state, "api", apiRoutes, environment, servedPaths)
    const www = yield* appOf(state, "www", WwwRoutes(state.options.staticDir), environment)
    const { hostMode } = state.options
    const site =
      hostMode === undefined
        ? undefined
        : withSiteCookies(hostMode.domain, handlerOf(siteApp(hostRouter(hostMode.domain, servedPaths), { api, www })))
    return { api: handlerOf(api), www: handlerOf(www), site, state } satisfies EmulatorHandlers
  })
