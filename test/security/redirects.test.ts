/**
 * Class: a request carrying any secret is never delivered to another host by a redirect.
 *
 * Secret-carrying requests (anti-forgery token, session values, a signature, challenge headers) are sent with
 * `redirect: "manual"`; a redirect then ends the call with a RedirectError, whether the fetch shows it as a
 * browser's opaque redirect or as the 3xx itself (Node). Requests without secrets keep fetch's default. The last
 * tests run over Node's real fetch against two local servers: a "platform" answering 307 to a sink on another
 * origin, which must receive nothing (the Chromium proof is test/e2e/redirect.test.ts).
 */
import { afterAll, assert, beforeAll, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import { createServer, type IncomingHttpHeaders, type Server } from "node:http"
import type { AddressInfo } from "node:net"
import { PlatformConfig } from "../../src/core/config/PlatformConfig.ts"
import { PlatformHttp } from "../../src/core/http/PlatformHttp.ts"
import { makeRequest } from "../../src/core/http/request.ts"
import { MemoryKeyValueStore } from "../../src/testing/memory/MemoryKeyValueStore.ts"
import { MemoryTelemetry } from "../../src/testing/memory/MemoryTelemetry.ts"
import { jsonResponse, opaqueRedirectResponse, StubFetch } from "../../src/testing/StubFetch.ts"
import { platformUrl, securityLayer, seeded, seededState, storedState, trustingConfig } from "./support.ts"

/** No duplicates here: each test counts its requests exactly. */
const noDuplicates = { duplication: { allowedHostSuffixes: [], ratio: 0 } }
const guest = trustingConfig({
  user: { id: undefined, name: undefined, displayName: undefined, authenticated: false },
  ...noDuplicates
})

const redirect307 = () => new Response(null, { status: 307, headers: { location: "https://evil.net/sink" } })

describe("redirects of secret-carrying requests (stub fetch)", () => {
  it.effect("a browser's opaque redirect ends a POST with a RedirectError; nothing else is sent or stored", () =>
    Effect.gen(function* () {
      const error = yield* Effect.flip((yield* PlatformHttp).post(platformUrl, { body: { a: 1 } }))
      assert.strictEqual(error._tag, "RedirectError")
      assert.strictEqual(
        error.message,
        `Request to ${platformUrl} was answered with a redirect, which a request carrying the platform's secrets never follows`
      )
      const requests = (yield* StubFetch).requests
      assert.deepStrictEqual(
        requests.map((r) => [r.method, r.url, r.redirect, r.headers["x-csrf-token"]]),
        [["POST", platformUrl, "manual", seeded.csrf]]
      )
      assert.deepStrictEqual(yield* storedState, seededState)
      const reported = (yield* (yield* MemoryTelemetry).recorded).errors.map((e) => e.context)
      assert.deepStrictEqual(reported, [{ kind: "RedirectError", method: "POST", url: platformUrl }])
    }).pipe(Effect.provide(securityLayer(opaqueRedirectResponse)))
  )

  it.effect(
    "a 307 that the fetch shows as it is (redirect: manual outside browsers) is a RedirectError with its status",
    () =>
      Effect.gen(function* () {
        const error = yield* Effect.flip((yield* PlatformHttp).post(platformUrl))
        assert.strictEqual(error._tag === "RedirectError" && error.status, 307)
        assert.strictEqual((yield* StubFetch).requests.length, 1)
      }).pipe(Effect.provide(securityLayer(redirect307)))
  )

  it.effect(
    "which requests are manual: mutations and signed requests to the platform, challenge re-sends; not the rest",
    () =>
      Effect.gen(function* () {
        const http = yield* PlatformHttp
        yield* http.post(platformUrl)
        yield* http.get(platformUrl)
        yield* http.post("https://evil.net/x")
        yield* http.get("https://evil.net/x")
        yield* http.execute(
          makeRequest("GET", platformUrl, undefined, {
            "rblx-challenge-id": "c-1",
            "rblx-challenge-type": "captcha",
            "rblx-challenge-metadata": "e30="
          })
        )
        const requests = (yield* StubFetch).requests
        assert.deepStrictEqual(
          requests.map((r) => [r.method, r.url, r.redirect]),
          [
            ["POST", platformUrl, "manual"],
            // a guest's GET carries no secret, but its trace headers (sampled at 100 % here) go to platform hosts only
            ["GET", platformUrl, "manual"],
            ["POST", "https://evil.net/x", undefined],
            ["GET", "https://evil.net/x", undefined],
            ["GET", platformUrl, "manual"]
          ]
        )
      }).pipe(Effect.provide(securityLayer(() => jsonResponse({}), { config: guest })))
  )

  it.effect("a guest's untraced GET carries nothing the platform alone may see: fetch follows its redirects", () =>
    Effect.gen(function* () {
      yield* (yield* PlatformHttp).get(platformUrl)
      const requests = (yield* StubFetch).requests
      assert.deepStrictEqual(
        requests.map((r) => [r.method, r.redirect, r.headers["b3"], r.headers["x-csrf-token"]]),
        [["GET", undefined, undefined, undefined]]
      )
    }).pipe(
      Effect.provide(
        securityLayer(() => jsonResponse({}), {
          config: { ...guest, tracing: { allowedHostSuffixes: [], samplingPercentage: 0 } }
        })
      )
    )
  )

  it.effect(
    "a traced GET answered with a redirect is a RedirectError: the trace headers never reach the redirect's host",
    () =>
      Effect.gen(function* () {
        const error = yield* Effect.flip((yield* PlatformHttp).get(platformUrl))
        assert.strictEqual(error._tag === "RedirectError" && error.status, 307)
        const requests = (yield* StubFetch).requests
        assert.deepStrictEqual(
          requests.map((r) => [r.redirect, typeof r.headers["traceparent"]]),
          [["manual", "string"]]
        )
      }).pipe(Effect.provide(securityLayer(redirect307, { config: guest })))
  )

  it.effect("a signed GET is manual too, and its fetch options keep the credentials mode", () =>
    Effect.gen(function* () {
      yield* (yield* PlatformHttp).get(platformUrl)
      const requests = (yield* StubFetch).requests
      assert.deepStrictEqual(
        requests.map((r) => [r.redirect, r.credentials, r.headers["x-bound-auth-token"] !== undefined]),
        [["manual", "include", true]]
      )
    }).pipe(Effect.provide(securityLayer(() => jsonResponse({}), { config: trustingConfig(noDuplicates) })))
  )
})

interface Received {
  readonly method: string
  readonly url: string
  readonly headers: IncomingHttpHeaders
}

const listen = (server: Server) =>
  new Promise<number>((resolve) => server.listen(0, "127.0.0.1", () => resolve((server.address() as AddressInfo).port)))

describe("redirects over Node's fetch: a 307 from the platform to another origin", () => {
  const sink: Array<Received> = []
  const platformSeen: Array<Received> = []
  let platform: Server
  let sinkServer: Server
  let platformOrigin = ""
  let sinkUrl = ""

  beforeAll(async () => {
    sinkServer = createServer((req, res) => {
      sink.push({ method: req.method!, url: req.url!, headers: req.headers })
      res.writeHead(200, { "content-type": "application/json" }).end("{}")
    })
    sinkUrl = `http://localhost:${await listen(sinkServer)}/sink`
    platform = createServer((req, res) => {
      platformSeen.push({ method: req.method!, url: req.url!, headers: req.headers })
      res.writeHead(307, { location: sinkUrl }).end()
    })
    platformOrigin = `http://127.0.0.1:${await listen(platform)}`
  })

  afterAll(async () => {
    await new Promise((resolve) => platform.close(resolve))
    await new Promise((resolve) => sinkServer.close(resolve))
  })

  const layer = () =>
    PlatformHttp.layer.pipe(
      Layer.provideMerge(
        Layer.mergeAll(
          PlatformConfig.layer({ baseUrls: { apis: `${platformOrigin}/apis` }, platformHosts: [platformOrigin] }),
          MemoryKeyValueStore.layer({ initial: { "x-csrf-token": "csrf-secret-for-redirect" } }),
          MemoryTelemetry.layer()
        )
      )
    )

  it.live("control: plain fetch follows the 307 and hands the sink the token", () =>
    Effect.promise(async () => {
      sink.length = 0
      await fetch(`${platformOrigin}/apis/v1/things`, {
        method: "POST",
        headers: { "x-csrf-token": "csrf-secret-for-redirect", "content-type": "application/json" },
        body: "{}"
      })
      assert.deepStrictEqual(
        sink.map((r) => [r.method, r.url, r.headers["x-csrf-token"]]),
        [["POST", "/sink", "csrf-secret-for-redirect"]]
      )
    })
  )

  it.live(
    "PlatformHttp: the POST reaches the platform with its token, fails with RedirectError 307, the sink gets nothing",
    () =>
      Effect.gen(function* () {
        sink.length = 0
        platformSeen.length = 0
        const error = yield* Effect.flip(
          (yield* PlatformHttp).post({ service: "apis", path: "/v1/things" }, { body: {} })
        )
        assert.strictEqual(error._tag === "RedirectError" && error.status, 307)
        assert.deepStrictEqual(
          platformSeen.map((r) => [r.method, r.url, r.headers["x-csrf-token"]]),
          [["POST", "/apis/v1/things", "csrf-secret-for-redirect"]]
        )
        assert.deepStrictEqual(sink, [])
      }).pipe(Effect.provide(layer()))
  )
})
