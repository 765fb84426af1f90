import * as Effect from "effect/Effect"
import * as FetchHttpClient from "effect/http/FetchHttpClient"
import * as Layer from "effect/Layer"
import * as ManagedRuntime from "effect/ManagedRuntime"
import { KeyValueStore } from "../src/core/browser/KeyValueStore.ts"
import { Telemetry } from "../src/core/browser/Telemetry.ts"
import { PlatformConfig } from "../src/core/config/PlatformConfig.ts"
import { PlatformHttp } from "../src/core/http/PlatformHttp.ts"
import { toHttpClient } from "../src/core/http/httpClient.ts"
import * as HttpApi from "effect/http-api/HttpApi"
import * as HttpApiClient from "effect/http-api/HttpApiClient"
import * as HttpApiEndpoint from "effect/http-api/HttpApiEndpoint"
import * as HttpApiGroup from "effect/http-api/HttpApiGroup"
import * as Schema from "effect/Schema"
const Thing = Schema.Struct({ id: Schema.Number, name: Schema.String, tags: Schema.Array(Schema.String) })
class ThingsApi extends HttpApi.make("things").add(HttpApiGroup.make("things").add(HttpApiEndpoint.get("getThing", "/v1/things/:id", { params: { id: Schema.NumberFromString }, success: Thing }))) {}

const url = "https://apis.example.com/v1/things/1"
const body = JSON.stringify({ id: 1, name: "thing", tags: ["a", "b"] })
const stubFetch = (async () => new Response(body, { status: 200, headers: { "content-type": "application/json" } })) as typeof fetch
const layer = PlatformHttp.layer.pipe(Layer.provide(Layer.mergeAll(
  PlatformConfig.layer({ user: { id: 1, authenticated: true }, locale: { urlLocale: "en-us", overrideLanguageHeader: true, languages: ["de"] },
    tracing: { allowedHostSuffixes: [".example.com"], samplingPercentage: 0 }, duplication: { allowedHostSuffixes: [".example.com"], ratio: 0 } }),
  Layer.succeed(FetchHttpClient.Fetch, stubFetch),
  Layer.succeed(KeyValueStore, { get: () => Effect.undefined, set: () => Effect.void, remove: () => Effect.void }),
  Layer.succeed(Telemetry, { trackEvent: () => Effect.void, incrementCounter: () => Effect.void, recordMetric: () => Effect.void, reportError: () => Effect.void })
)))
const runtime = ManagedRuntime.make(layer)
const http = await runtime.runPromise(PlatformHttp)
const typed = await runtime.runPromise(HttpApiClient.makeWith(ThingsApi, { httpClient: toHttpClient(http), baseUrl: "https://apis.example.com" }))
const N = Number(process.argv[2] ?? 100000)
const mode = process.argv[3] ?? "get"
const ops: Record<string, () => Promise<unknown>> = {
  raw: () => stubFetch(url).then((r) => r.json()),
  floor: () => runtime.runPromise(Effect.promise(() => stubFetch(url).then((r) => r.json()))),
  floorFx: () => Effect.runPromise(Effect.promise(() => stubFetch(url).then((r) => r.json()))),
  succeed: () => runtime.runPromise(Effect.succeed(1)),
  get: () => runtime.runPromise(http.get(url)),
  typed: () => runtime.runPromise(typed.things.getThing({ params: { id: 1 } })),
  getSchema: () => runtime.runPromise(http.get(url, { schema: Thing })),
}
const op = ops[mode]!
for (let i = 0; i < 5000; i++) await op()
for (let r = 0; r < 3; r++) {
  const t = performance.now(); const c = process.cpuUsage()
  for (let i = 0; i < N; i++) await op()
  const cu = process.cpuUsage(c)
  console.log(mode, "wall", ((performance.now() - t) * 1000 / N).toFixed(2), "cpu", ((cu.user + cu.system) / N).toFixed(2), "µs")
}
await runtime.dispose()
