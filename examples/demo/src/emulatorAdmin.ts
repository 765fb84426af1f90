/**
 * The emulator's admin API (request log, fault rules, CSRF rotation) for the inspector: a typed client of the
 * emulator's own definition over plain `fetch`. Its calls are not platform calls, so they do not go through the
 * platform's pipeline (no anti-forgery token, no signature, not in the request log). Every call carries the admin
 * header (`x-emulator-admin: 1`), without which the emulator refuses state changes; the page is on one of the
 * emulator's own origins (its www origin, or Vite's under `npm run dev`), whose preflights it answers.
 *
 * @module
 */
import { Context, Effect, Layer } from "effect"
import { FetchHttpClient, HttpClient } from "effect/http"
import { HttpApiClient } from "effect/http-api"
import { AdminApi, withAdminHeader } from "platform-web-client/emulator/browser"
import type { DemoEmulator } from "./config.ts"

// the admin API's own paths start with /admin: its client's base URL is the origin of `adminUrl`
const make = (config: DemoEmulator) =>
  Effect.flatMap(HttpClient.HttpClient, (httpClient) =>
    HttpApiClient.group(AdminApi, {
      group: "admin",
      httpClient: withAdminHeader(httpClient),
      baseUrl: new URL(config.adminUrl).origin
    })
  )

/** The emulator's admin client. */
export class EmulatorAdmin extends Context.Service<EmulatorAdmin, Effect.Success<ReturnType<typeof make>>>()(
  "demo/EmulatorAdmin"
) {
  /** The client of the emulator described by `config`. */
  static readonly layer = (config: DemoEmulator): Layer.Layer<EmulatorAdmin> =>
    Layer.effect(EmulatorAdmin, make(config)).pipe(Layer.provide(FetchHttpClient.layer))
}
