/**
 * The page of `npm run bench:browser-http` (./run.ts): the Node request benchmark's workload (../httpWorkload.ts) in
 * Chromium: raw fetch and `PlatformHttp.get` over the same stub fetch, which answers at once, so no network and no
 * browser process are involved and every microsecond is the page's own JavaScript. `window.httpBench.time(name,
 * calls)` makes `calls` sequential calls of one contender and answers their wall-clock time in ms.
 *
 * @module
 */
import * as ManagedRuntime from "effect/ManagedRuntime"
import { PlatformHttp } from "../../src/core/http/PlatformHttp.ts"
import { platformLayer, stubFetch, url } from "../httpWorkload.ts"

const runtime = ManagedRuntime.make(platformLayer)
const http = await runtime.runPromise(PlatformHttp)

/** The contenders, by name: one call each, answering the decoded body. */
const contenders: Record<string, () => Promise<unknown>> = {
  "raw fetch (stub)": () =>
    stubFetch(url, { headers: { accept: "application/json" }, credentials: "include" }).then((r) => r.json()),
  "PlatformHttp.get (stub)": () => runtime.runPromise(http.get(url))
}

declare global {
  interface Window {
    httpBench: {
      readonly names: ReadonlyArray<string>
      readonly time: (name: string, calls: number) => Promise<number>
    }
  }
}

window.httpBench = {
  names: Object.keys(contenders),
  time: async (name, calls) => {
    const call = contenders[name]!
    const start = performance.now()
    for (let i = 0; i < calls; i++) await call()
    return performance.now() - start
  }
}
