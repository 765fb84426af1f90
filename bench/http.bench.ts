/**
 * Per-request cost of PlatformHttp with its full middleware (signing off) against raw fetch, ky and axios (fetch
 * adapter), all over the same stub fetch (no network), each doing a GET and parsing a small JSON body.
 * Target (issue 2): PlatformHttp at most 2.0× raw fetch, and faster than ky and axios.
 */
import axios from "axios"
import * as Effect from "effect/Effect"
import * as FetchHttpClient from "effect/http/FetchHttpClient"
import * as HttpClient from "effect/http/HttpClient"
import * as Layer from "effect/Layer"
import * as ManagedRuntime from "effect/ManagedRuntime"
import * as Tracer from "effect/Tracer"
import ky from "ky"
import { KeyValueStore } from "../src/core/browser/KeyValueStore.ts"
import { Telemetry } from "../src/core/browser/Telemetry.ts"
import { PlatformConfig } from "../src/core/config/PlatformConfig.ts"
import { PlatformHttp } from "../src/core/http/PlatformHttp.ts"
import { type Benchmark, fmt, ratio, sideBySide } from "./lib.ts"

const url = "https://apis.example.com/v1/things/1"
const body = JSON.stringify({ id: 1, name: "thing", tags: ["a", "b"] })
const stubFetch = (async () =>
  new Response(body, { status: 200, headers: { "content-type": "application/json" } })) as typeof fetch

const platformLayer = PlatformHttp.layer.pipe(
  Layer.provide(Layer.mergeAll(
    PlatformConfig.layer({
      user: { id: 1, authenticated: true },
      locale: { urlLocale: "en-us", overrideLanguageHeader: true, languages: ["de"] },
      tracing: { allowedHostSuffixes: [".example.com"], samplingPercentage: 0 },
      duplication: { allowedHostSuffixes: [".example.com"], ratio: 0 },
      credentiallessHostSuffixes: [".cdn.example.net"]
    }),
    Layer.succeed(FetchHttpClient.Fetch, stubFetch),
    Layer.succeed(KeyValueStore, { get: () => Effect.undefined, set: () => Effect.void, remove: () => Effect.void }),
    Layer.succeed(Telemetry, {
      trackEvent: () => Effect.void,
      incrementCounter: () => Effect.void,
      recordMetric: () => Effect.void,
      reportError: () => Effect.void
    })
  ))
)

const benchmark: Benchmark = {
  name: "PlatformHttp per request",
  run: async () => {
    const runtime = ManagedRuntime.make(Layer.mergeAll(
      platformLayer,
      FetchHttpClient.layer.pipe(Layer.provide(Layer.succeed(FetchHttpClient.Fetch, stubFetch)))
    ))
    const http = await runtime.runPromise(PlatformHttp)
    const bare = await runtime.runPromise(HttpClient.HttpClient)
    const kyClient = ky.create({ fetch: stubFetch, retry: 0 })
    const axiosClient = axios.create({ adapter: "fetch", env: { fetch: stubFetch } })

    const results = await sideBySide([
      { name: "raw fetch", op: () => stubFetch(url, { headers: { accept: "application/json" }, credentials: "include" }).then((r) => r.json()) },
      { name: "PlatformHttp (full middleware)", op: () => runtime.runPromise(http.get(url)) },
      {
        name: "effect HttpClient, no middleware",
        op: () =>
          runtime.runPromise(bare.get(url).pipe(Effect.flatMap((r) => r.json), Effect.provideService(Tracer.DisablePropagation, true)))
      },
      { name: "ky", op: () => kyClient.get(url).json() },
      { name: "axios (fetch adapter)", op: () => axiosClient.get(url).then((r) => r.data) }
    ], { rounds: 21, batch: 300, warmup: 2000 })
    await runtime.dispose()

    const us = (name: string) => results.get(name)!
    const platform = us("PlatformHttp (full middleware)")
    const raw = us("raw fetch")
    return {
      title: "PlatformHttp per request (stub fetch, GET + JSON, signing off)",
      rows: [...results].map(([name, value]) => ({ name, value, unit: "µs/request" })),
      ratios: [
        `PlatformHttp / raw fetch = ${ratio(platform, raw)} (target ≤ 2.00×)`,
        `PlatformHttp / ky = ${ratio(platform, us("ky"))} (target < 1)`,
        `PlatformHttp / axios = ${ratio(platform, us("axios (fetch adapter)"))} (target < 1)`,
        `effect HttpClient (bare) / raw fetch = ${ratio(us("effect HttpClient, no middleware"), raw)}`
      ],
      notes: [
        `Each op is one GET through a stub fetch that answers a ${body.length}-byte JSON body, parsed by every contender.`,
        `PlatformHttp runs through ManagedRuntime.runPromise per request (as an app's event handler would), over its buffering fetch transport (the body is read inside the fetch promise); middleware: errors, 503 notice, CSRF, header relay, security headers, Accept-Language, tracing (sampled out), credentials, duplication (ratio 0). ${
          platform <= 2 * raw ? "Target met" : "Target NOT met"
        }: ${fmt(platform)} µs vs ${fmt(raw)} µs raw.`
      ]
    }
  }
}
export default benchmark
