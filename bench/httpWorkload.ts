/**
 * The request benchmarks' workload, shared by the Node section (./http.bench.ts) and the Chromium page
 * (./http-browser/page.ts): one GET of a 40-byte JSON body through a stub fetch that answers at once, and
 * PlatformHttp over that stub with the rules a page has (tracing and duplication configured off).
 *
 * @module
 */
import * as Effect from "effect/Effect"
import * as FetchHttpClient from "effect/http/FetchHttpClient"
import * as Layer from "effect/Layer"
import { KeyValueStore } from "../src/core/browser/KeyValueStore.ts"
import { Telemetry } from "../src/core/browser/Telemetry.ts"
import { PlatformConfig } from "../src/core/config/PlatformConfig.ts"
import { PlatformHttp } from "../src/core/http/PlatformHttp.ts"

/** The service the calls go to. */
export const baseUrl = "https://apis.example.com"
/** The one URL every call asks for. */
export const url = `${baseUrl}/v1/things/1`
/** The answer's body. */
export const body = JSON.stringify({ id: 1, name: "thing", tags: ["a", "b"] })
/** A fetch that answers every call at once with {@link body}. */
export const stubFetch = (async () =>
  new Response(body, { status: 200, headers: { "content-type": "application/json" } })) as typeof fetch

/** PlatformHttp over {@link stubFetch}, with a page's configuration. */
export const platformLayer = PlatformHttp.layer.pipe(
  Layer.provide(
    Layer.mergeAll(
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
    )
  )
)
