/**
 * Soak parts of the request pipeline: PlatformHttp over the stub fetch (GETs and POSTs, one POST in ten refused
 * once with a new anti-forgery token and re-sent), and the same with the devtools recorder following the pipeline
 * and a query client.
 *
 * @module
 */
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Schema from "effect/Schema"
import { PlatformHttp } from "../../../src/index.ts"
import { Query, QueryClient } from "../../../src/query.ts"
// `makeDevtools()` of platform-web-client/react/devtools is this recorder outside production builds; its entry point
// also loads the panel's .tsx modules, which Node's type stripping does not read.
import { make as makeDevtools } from "../../../src/core/devtools/DevtoolsRecorder.ts"
import { testPlatformLayer } from "../../../src/testing/index.ts"
import type { SoakPart } from "../harness.ts"
import { answer, forgetRequests } from "../platform.ts"

/** One request: a GET, or a POST (every fifth POST to the path refused once with a new token). */
const request = (http: PlatformHttp["Service"], i: number) =>
  i % 2 === 0
    ? http.get({ service: "games", path: `/v1/games/${i % 100}` })
    : http.post({ service: "friends", path: i % 10 === 1 ? "/v1/refuse-once" : "/v1/things" }, { body: { i } })

export const pipeline: SoakPart = {
  name: "pipeline",
  operation: "request (GET or POST; 1 POST in 5 refused with a new CSRF token, re-sent)",
  perStep: 1,
  setup: Effect.gen(function* () {
    const services = yield* Layer.build(testPlatformLayer(answer))
    const http = Context.get(services, PlatformHttp)
    return (i) => Effect.andThen(request(http, i), forgetRequests).pipe(Effect.provideContext(services))
  })
}

const Echo = Schema.Struct({ ok: Schema.Boolean, path: Schema.String })

export const devtools: SoakPart = {
  name: "devtools recorder",
  operation: "request + query fetch, both recorded",
  perStep: 1,
  setup: Effect.gen(function* () {
    const recorder = makeDevtools()
    const services = yield* Layer.build(testPlatformLayer(answer).pipe(Layer.provide(recorder.layer)))
    const http = Context.get(services, PlatformHttp)
    const client = yield* QueryClient.makeEffect()
    recorder.watch(client)
    const query = Query.make({
      name: "soak-devtools",
      run: (n: number) => Effect.succeed({ ok: true, path: `/${n}` }),
      schema: { success: Echo }
    })
    return (i) =>
      request(http, i).pipe(
        Effect.andThen(client.fetchQuery(query, i % 50)),
        Effect.andThen(forgetRequests),
        Effect.provideContext(services)
      )
  })
}
