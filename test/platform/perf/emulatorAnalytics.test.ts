/**
 * The emulator's analytics routes (src/emulator/analytics) served over real HTTP behind the emulator's
 * platform middleware, as the emulator mounts them, and driven by the library's own services.
 */
import { NodeHttpServer } from "@effect/platform-node"
import { assert, describe, it } from "@effect/vitest"
import { Context, Effect, Layer } from "effect"
import { HttpRouter, HttpServer } from "effect/http"
import { createServer } from "node:http"
import * as vm from "node:vm"
import {
  analyticsServices,
  analyticsEventsPath,
  analyticsRecordedPath
} from "../../../src/emulator/analytics/routes.ts"
import { analyticsWwwPages } from "../../../src/emulator/analytics/workerScript.ts"
import { bundleFromSource, nodeScriptLoader } from "../../../src/emulator/node/scripts.ts"
import { ScriptSource, servedScripts } from "../../../src/emulator/scripts.ts"
import { EmulatorState, type EmulatorStateShape, makeEmulatorState } from "../../../src/emulator/EmulatorState.ts"
import { resolveOptions } from "../../../src/emulator/options.ts"
import { platformMiddleware } from "../../../src/emulator/platform/middleware.ts"
import { prefixedBaseUrls } from "../../../src/core/config/PlatformConfig.ts"
import { PlatformConfig } from "../../../src/core/config/PlatformConfig.ts"
import { PlatformHttp } from "../../../src/core/http/PlatformHttp.ts"
import { fetchHeartbeatConfig } from "../../../src/platform/heartbeat/HeartbeatConfig.ts"
import { heartbeatWorkerUrl } from "../../../src/platform/heartbeat/PageHeartbeat.ts"
import { PerformanceMetrics } from "../../../src/platform/perf/PerformanceMetrics.ts"
import { MemoryCookies } from "../../../src/testing/memory/MemoryCookies.ts"
import { MemoryKeyValueStore } from "../../../src/testing/memory/MemoryKeyValueStore.ts"
import { MemoryNavigation } from "../../../src/testing/memory/MemoryNavigation.ts"
import { MemoryPageMetadata } from "../../../src/testing/memory/MemoryPageMetadata.ts"
import { MemoryTelemetry } from "../../../src/testing/memory/MemoryTelemetry.ts"

/** Serve route layers behind the platform middleware on a free port. */
const serve = <E>(
  state: EmulatorStateShape,
  kind: "api" | "www",
  routes: Layer.Layer<never, E, any>,
  services: ReadonlySet<string>
) =>
  Effect.gen(function* () {
    const context = yield* Layer.build(
      routes.pipe(
        Layer.provideMerge(HttpRouter.layer),
        Layer.provide(Layer.succeed(EmulatorState, state)),
        Layer.provide(NodeHttpServer.layerHttpServices)
      )
    )
    const app = Context.get(context, HttpRouter.HttpRouter).asHttpEffect()
    const node = createServer()
    const server = yield* NodeHttpServer.make(() => node, { port: 0, host: "127.0.0.1" })
    yield* server.serve(platformMiddleware(state, kind, services)(app))
    yield* Effect.addFinalizer(() => Effect.sync(() => node.closeAllConnections()))
    return HttpServer.formatAddress(server.address)
  })

class Emu extends Context.Service<
  Emu,
  { readonly state: EmulatorStateShape; readonly origin: string; readonly www: string }
>()("test/Emu") {}

const EmuLayer = Layer.effect(
  Emu,
  Effect.gen(function* () {
    const state = makeEmulatorState(resolveOptions({}))
    const entries = analyticsServices()
    const services = new Set(entries.map((e) => e.name))
    const [metrics, appConfig, collector] = entries
    const origin = yield* serve(
      state,
      "api",
      Layer.mergeAll(metrics.routes, appConfig.routes, collector.routes),
      services
    )
    const wwwRoutes = HttpRouter.use((router) =>
      Effect.gen(function* () {
        for (const [path, page] of yield* analyticsWwwPages) yield* router.add("GET", path, page)
      })
    ).pipe(Layer.provide(Layer.succeed(ScriptSource, nodeScriptLoader)))
    const www = yield* serve(state, "www", wwwRoutes, services)
    state.urls.origin = origin
    state.urls.wwwOrigin = www
    return { state, origin, www }
  })
)

const platformFor = (origin: string, www: string) =>
  PlatformHttp.layer.pipe(
    Layer.provideMerge(
      Layer.mergeAll(
        PlatformConfig.layer({ baseUrls: prefixedBaseUrls(origin, www), user: { id: 1, authenticated: true } }),
        MemoryKeyValueStore.layer(),
        MemoryCookies.layer(),
        MemoryNavigation.layer(`${www}/games`),
        MemoryPageMetadata.layer({ "performance-metrics": { waitMs: "0" } }),
        MemoryTelemetry.layer()
      )
    )
  )

const entriesFor = (state: EmulatorStateShape, prefix: string) =>
  state.log.since(0).entries.filter((e) => e.url.startsWith(prefix))

describe("emulator analytics routes", () => {
  it.live("serves the heartbeat config from the API gateway, read by the library", () =>
    Effect.gen(function* () {
      const { origin, state, www } = yield* Emu
      const config = yield* fetchHeartbeatConfig.pipe(Effect.provide(platformFor(origin, www)))
      assert.deepStrictEqual(config, {
        isEnabled: true,
        rolloutPermille: 1000,
        activityTimeoutMs: 600_000,
        heartbeatPulseIntervalMs: 5000,
        workerVersion: 1
      })
      const [entry] = entriesFor(state, "/apiGateway/")
      assert.strictEqual(entry?.service, "apiGateway")
      assert.strictEqual(entry?.status, 200)
      assert.deepStrictEqual(entry?.verdicts.at(-1), "heartbeat config")
    }).pipe(Effect.provide(EmuLayer))
  )

  it.live("records a measurement batch posted by PerformanceMetrics (through the CSRF refresh)", () =>
    Effect.gen(function* () {
      const { origin, state, www } = yield* Emu
      yield* Effect.scoped(
        Effect.gen(function* () {
          const metrics = yield* PerformanceMetrics
          yield* metrics.record({ featureName: "Demo", measureName: "Load", value: 321 })
          yield* metrics.record({ featureName: "Demo", measureName: "Render", value: 12 })
          for (let i = 0; i < 100 && (yield* metrics.stats).posted < 2; i++) yield* Effect.sleep("10 millis")
          assert.deepStrictEqual(yield* metrics.stats, { recorded: 2, posted: 2, dropped: 0, requests: 1 })
        }).pipe(Effect.provide(PerformanceMetrics.layer.pipe(Layer.provideMerge(platformFor(origin, www)))))
      )
      const posts = entriesFor(state, "/metrics/")
      assert.deepStrictEqual(
        posts.map((e) => [e.status, e.verdicts.at(-1)]),
        [
          [403, "csrf missing"],
          [200, "measurements 2"]
        ]
      )
      assert.strictEqual(posts[1]?.ids, 2)
      const recorded = yield* Effect.promise(() => fetch(`${origin}${analyticsRecordedPath}`).then((r) => r.json()))
      assert.deepStrictEqual(
        recorded.entries.map((e: { kind: string; count: number }) => [e.kind, e.count]),
        [["measurements", 2]]
      )
    }).pipe(Effect.provide(EmuLayer))
  )

  it.live("records analytics events and heartbeats from Telemetry bodies, and refuses bad bodies", () =>
    Effect.gen(function* () {
      const { origin, state } = yield* Emu
      // the first POST is refused with the session's token, which the others carry
      const token = yield* Effect.promise(() =>
        fetch(`${origin}${analyticsEventsPath}`, { method: "POST", body: "{}" }).then(
          (r) => r.headers.get("x-csrf-token") ?? ""
        )
      )
      const post = (path: string, body: string) =>
        Effect.promise(() =>
          fetch(`${origin}${path}`, {
            method: "POST",
            body,
            headers: { "x-csrf-token": token, "content-type": "text/plain;charset=UTF-8" }
          }).then((r) => r.status)
        )
      const payment = {
        type: "event",
        name: "userPurchaseFlow",
        properties: { status: "PaymentFlowStarted" },
        timestamp: 1
      }
      const beat = { type: "event", name: "pageHeartbeat_v2", properties: { sequence: 3 }, timestamp: 2 }
      assert.strictEqual(yield* post(analyticsEventsPath, JSON.stringify(payment)), 204)
      assert.strictEqual(yield* post(analyticsEventsPath, JSON.stringify(beat)), 204)
      assert.strictEqual(
        yield* post(
          `${analyticsEventsPath}/errors`,
          JSON.stringify({ type: "error", tag: "ResponseError", message: "", context: {}, timestamp: 3 })
        ),
        204
      )
      assert.strictEqual(yield* post(analyticsEventsPath, "not json"), 400)
      assert.deepStrictEqual(
        entriesFor(state, "/apis/").map((e) => e.verdicts.at(-1)),
        [
          "csrf missing",
          "event userPurchaseFlow PaymentFlowStarted",
          "heartbeat 3",
          "error ResponseError",
          "invalid analytics body"
        ]
      )
      const recorded = yield* Effect.promise(() =>
        fetch(`${origin}${analyticsRecordedPath}?since=1`).then((r) => r.json())
      )
      assert.deepStrictEqual(
        recorded.entries.map((e: { kind: string }) => e.kind),
        ["heartbeat", "telemetry"]
      )
      assert.strictEqual(recorded.lastId, 3)
    }).pipe(Effect.provide(EmuLayer))
  )

  it.live(
    "serves the pulse worker script bundled as a classic script, 404 for another component",
    () =>
      Effect.gen(function* () {
        const { state, www } = yield* Emu
        const answer = yield* Effect.promise(() =>
          fetch(heartbeatWorkerUrl(www, 1)).then(async (r) => ({
            status: r.status,
            type: r.headers.get("content-type"),
            text: await r.text()
          }))
        )
        assert.strictEqual(answer.status, 200)
        assert.strictEqual(answer.type, "text/javascript; charset=utf-8")
        assert.isTrue(answer.text.length > 1000)
        assert.isFalse(/^\s*(import|export)\b/m.test(answer.text))
        const other = yield* Effect.promise(() =>
          fetch(`${www}/worker-resources/script/?component=other&v=1`).then((r) => r.status)
        )
        assert.strictEqual(other, 404)
        assert.deepStrictEqual(
          state.log.since(0).entries.map((e) => e.verdicts.at(-1)),
          ["worker script PageHeartbeatWorker v1", "unknown worker script"]
        )
      }).pipe(Effect.provide(EmuLayer)),
    { timeout: 30_000 }
  )

  it.live(
    "the served script runs the pulse worker in a worker-like global scope",
    () =>
      Effect.gen(function* () {
        const source = yield* Effect.promise(() => bundleFromSource(servedScripts.pulseWorker))
        const listeners: Array<(event: { data: unknown }) => void> = []
        const posted: Array<unknown> = []
        const context = vm.createContext({
          addEventListener: (_type: string, listener: (event: { data: unknown }) => void) =>
            void listeners.push(listener),
          removeEventListener: () => undefined,
          postMessage: (message: unknown) => void posted.push(message),
          setTimeout,
          clearTimeout,
          setInterval,
          clearInterval,
          queueMicrotask,
          TextEncoder,
          TextDecoder,
          URL,
          AbortController,
          performance,
          console
        })
        vm.runInContext(source, context)
        yield* Effect.sleep("20 millis")
        for (const listener of listeners) listener({ data: { type: "start", pulseIntervalMs: 15 } })
        for (let i = 0; i < 100 && posted.length < 2; i++) yield* Effect.sleep("10 millis")
        assert.deepStrictEqual(posted.slice(0, 2), [
          { type: "pulse", sequence: 1 },
          { type: "pulse", sequence: 2 }
        ])
        for (const listener of listeners) listener({ data: { type: "stop" } })
      }),
    { timeout: 30_000 }
  )
})
