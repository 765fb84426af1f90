/**
 * Per-request cost of PlatformHttp with its full pipeline (signing off) against raw fetch, ky and axios (fetch
 * adapter), all over the same stub fetch (no network), each doing a GET and parsing a small JSON body; and of a typed
 * client call (the clients' executor, checkedMethod, over PlatformHttp: the request checked and encoded from the
 * endpoint's definition, the success schema decoded).
 * Targets (reported, never asserted): PlatformHttp.get ≤ 2.0× raw fetch; a typed client call ≤ 3.0× raw fetch; ahead of ky and axios.
 *
 * Every contender is pure CPU work (the stub answers at once, nothing waits on a timer or the network), so times are
 * the process's CPU time, not the wall clock: other work on the shared machine does not count. The ratios to raw
 * fetch are measured in pairs (bench/lib.ts `inPairs`: one batch of each back to back per round, the ratio the median
 * of the rounds' ratios); the table's values are medians of rounds run side by side.
 */
import axios from "axios"
import * as Effect from "effect/Effect"
import * as FetchHttpClient from "effect/http/FetchHttpClient"
import * as HttpClient from "effect/http/HttpClient"
import * as Layer from "effect/Layer"
import * as ManagedRuntime from "effect/ManagedRuntime"
import * as Schema from "effect/Schema"
import * as Tracer from "effect/Tracer"
import ky from "ky"
import { loadavg } from "node:os"
import { PlatformHttp } from "../src/core/http/PlatformHttp.ts"
import { get } from "../src/platform/api/definition.ts"
import { checkedMethod } from "../src/platform/clients/checkedMethod.ts"
import { baseUrl, body, platformLayer, stubFetch, url } from "./httpWorkload.ts"
import { type Benchmark, type Contender, fmt, inPairs, ratio, sideBySide } from "./lib.ts"

/** The definition of the one endpoint: what a platform client method is, in miniature. */
const Thing = Schema.Struct({ id: Schema.Number, name: Schema.String, tags: Schema.Array(Schema.String) })
const getThing = get("getThing", "/v1/things/:id", { params: { id: Schema.NumberFromString }, success: Thing })

/** `op` run `times` times in a row: one sample of a pair. */
const repeated = (contender: Contender, times: number): Contender => ({
  name: contender.name,
  op: async () => {
    for (let i = 0; i < times; i++) await contender.op()
  }
})

const benchmark: Benchmark = {
  name: "PlatformHttp per request",
  run: async () => {
    const loadBefore = loadavg()[0]!
    const runtime = ManagedRuntime.make(
      Layer.mergeAll(
        platformLayer,
        FetchHttpClient.layer.pipe(Layer.provide(Layer.succeed(FetchHttpClient.Fetch, stubFetch)))
      )
    )
    const http = await runtime.runPromise(PlatformHttp)
    const bare = await runtime.runPromise(HttpClient.HttpClient)
    const typed = checkedMethod(getThing)(http, (path) => `${baseUrl}${path}`)
    const kyClient = ky.create({ fetch: stubFetch, retry: 0 })
    const axiosClient = axios.create({ adapter: "fetch", env: { fetch: stubFetch } })

    const raw: Contender = {
      name: "raw fetch",
      op: () =>
        stubFetch(url, { headers: { accept: "application/json" }, credentials: "include" }).then((r) => r.json())
    }
    const platform: Contender = { name: "PlatformHttp.get", op: () => runtime.runPromise(http.get(url)) }
    const typedCall: Contender = {
      name: "typed client (checkedMethod over PlatformHttp, schema decoded)",
      op: () => runtime.runPromise(typed({ params: { id: 1 } }))
    }
    const effectFloor: Contender = {
      name: "Effect floor (runPromise of the fetch promise)",
      op: () => runtime.runPromise(Effect.promise(() => raw.op() as Promise<unknown>))
    }
    const contenders: ReadonlyArray<Contender> = [
      raw,
      effectFloor,
      platform,
      typedCall,
      {
        name: "effect HttpClient, no middleware",
        op: () =>
          runtime.runPromise(
            bare.get(url).pipe(
              Effect.flatMap((r) => r.json),
              Effect.provideService(Tracer.DisablePropagation, true)
            )
          )
      },
      { name: "ky", op: () => kyClient.get(url).json() },
      { name: "axios (fetch adapter)", op: () => axiosClient.get(url).then((r) => r.data) }
    ]
    const results = await sideBySide(contenders, { rounds: 21, batch: 300, warmup: 2000, clock: "cpu" })
    const pairOf = (contender: Contender) =>
      inPairs(repeated(raw, 200), repeated(contender, 200), { rounds: 41, warmup: 3, clock: "cpu" })
    const platformPair = await pairOf(platform)
    const typedPair = await pairOf(typedCall)
    await runtime.dispose()
    const loadAfter = loadavg()[0]!

    const us = (name: string) => results.get(name)!
    const rawUs = us(raw.name)
    return {
      title: "PlatformHttp per request (stub fetch, GET + JSON, signing off)",
      rows: [...results].map(([name, value]) => ({ name, value, unit: "µs/request" })),
      ratios: [
        `PlatformHttp.get / raw fetch = ${platformPair.ratio.toFixed(2)}× in pairs, ${ratio(us(platform.name), rawUs)} side by side (target ≤ 2.00×)`,
        `typed client / raw fetch = ${typedPair.ratio.toFixed(2)}× in pairs, ${ratio(us(typedCall.name), rawUs)} side by side (target ≤ 3.00×)`,
        `PlatformHttp.get / ky = ${ratio(us(platform.name), us("ky"))} (target < 1)`,
        `PlatformHttp.get / axios = ${ratio(us(platform.name), us("axios (fetch adapter)"))} (target < 1)`,
        `Effect floor / raw fetch = ${ratio(us(effectFloor.name), rawUs)}`,
        `effect HttpClient (bare) / raw fetch = ${ratio(us("effect HttpClient, no middleware"), rawUs)}`
      ],
      notes: [
        `Each op is one GET through a stub fetch that answers a ${body.length}-byte JSON body, parsed by every contender (the typed client also decodes it with its schema).`,
        `PlatformHttp runs through ManagedRuntime.runPromise per request (as an app's event handler would), over its fetch transport (the body read inside the fetch promise, the light response built from the bytes); rules: errors, 503 notice, challenge warning, CSRF, header relay, security headers, Accept-Language, credentials, redirect guard, time-out (tracing and duplication are configured off, so they are not in the pipeline).`,
        `PlatformHttp.get ${platformPair.ratio <= 2 ? "meets" : "MISSES"} its target (${platformPair.ratio.toFixed(2)}× in pairs); the typed client ${typedPair.ratio <= 3 ? "meets" : "MISSES"} its target (${typedPair.ratio.toFixed(2)}× in pairs).`,
        `Pairs: 41 rounds, each timing 200 raw fetches and 200 calls back to back (order alternating); medians per request: PlatformHttp ${fmt(platformPair.micros / 200)} µs vs raw ${fmt(platformPair.referenceMicros / 200)} µs; typed ${fmt(typedPair.micros / 200)} µs vs raw ${fmt(typedPair.referenceMicros / 200)} µs.`,
        `Machine load (1-minute average) ${loadBefore.toFixed(1)} before this section and ${loadAfter.toFixed(1)} after it; times are CPU time (user + system) of this process.`
      ]
    }
  }
}
export default benchmark
