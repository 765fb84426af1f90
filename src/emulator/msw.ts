/**
 * The platform as msw request handlers: the emulator's services (webHandler.ts: the same HttpApi definitions, the
 * seeded world, CSRF, challenges, signature verdicts, faults and the request log) answering a page's or a test's
 * fetches in place of the network, without a server. Exported as `platform-web-client/testing/msw`.
 *
 * The handlers answer the services' origin only (`/{service}/…`, `/admin`, `/cdn` under `origin`); the www
 * origin's pages and frames need the Node emulator (`platform-web-client/emulator`).
 *
 * @module
 */
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import * as Scope from "effect/Scope"
import { http, type HttpHandler } from "msw"
import type { ServiceBaseUrls } from "../core/config/PlatformConfig.ts"
import { type EmulatorStateShape, makeEmulatorState } from "./EmulatorState.ts"

/** The header admin calls that change the emulator's state carry (docs/emulator.md: admin API). */
export { adminHeaders } from "./admin/AdminApi.ts"
import { type EmulatorOptions, resolveOptions } from "./options.ts"
import { emulatorBaseUrls } from "./urls.ts"
import { makeEmulatorHandlers } from "./webHandler.ts"

/** Options of {@link platformHandlers}: the emulator's (seed, signed-in user, faults, …) and the origins it answers. */
export interface PlatformHandlersOptions extends Omit<
  EmulatorOptions,
  "host" | "port" | "wwwPort" | "staticDir" | "allowedOrigins" | "allowedHosts" | "domain" | "https"
> {
  /** The services' origin the handlers answer; default `http://platform.test`. */
  readonly origin?: string
  /** The www origin named in the base URLs (not answered: see the module doc); default `http://www.platform.test`. */
  readonly wwwOrigin?: string
}

/** The platform mocked for msw: its handlers, the base URLs to configure the client with, the emulator's state. */
export interface PlatformHandlers {
  /** The request handlers, for `setupServer(...handlers)` (msw/node) or `setupWorker(...handlers)` (msw/browser). */
  readonly handlers: ReadonlyArray<HttpHandler>
  /** Base URL of every service, for `PlatformConfig.layer({ baseUrls })` / `browserPlatformLayer({ config })`. */
  readonly baseUrls: ServiceBaseUrls
  /** The emulator's state: the world, tokens, faults and the request log, for assertions. */
  readonly state: EmulatorStateShape
  /** Release the handlers' resources (after the tests). */
  readonly dispose: () => Promise<void>
}

/**
 * msw request handlers that answer the platform's services like the emulator does, from a fresh seeded world.
 * The handlers are ready at once; the emulator behind them is built on the first request.
 */
export const platformHandlers = (options: PlatformHandlersOptions = {}): PlatformHandlers => {
  const { origin = "http://platform.test", wwwOrigin = "http://www.platform.test", ...emulatorOptions } = options
  const state = makeEmulatorState(resolveOptions(emulatorOptions))
  state.urls.origin = new URL(origin).origin
  state.urls.wwwOrigin = new URL(wwwOrigin).origin
  const scope = Scope.makeUnsafe()
  let ready: Promise<(request: Request) => Promise<Response>> | undefined
  const api = () => (ready ??= Effect.runPromise(Scope.provide(makeEmulatorHandlers(state), scope)).then((h) => h.api))
  return {
    handlers: [http.all(`${state.urls.origin}/*`, async ({ request }) => (await api())(request))],
    baseUrls: emulatorBaseUrls(state.urls.origin, state.urls.wwwOrigin),
    state,
    dispose: () => Effect.runPromise(Scope.close(scope, Exit.void))
  }
}
