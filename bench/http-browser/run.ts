/**
 * `npm run bench:browser-http`: the Node request benchmark's stub-fetch workload (bench/http.bench.ts) in Chromium:
 * what PlatformHttp's own JavaScript costs per call where the library runs, with no network. Beside
 * `npm run bench:browser` (real fetches to the emulator, where a call's main-thread time includes the browser's own
 * work for the exchange), this tells the library's share of that time. Not part of `npm test`.
 *
 * The page (./page.ts, bundled with esbuild for production and loaded into a blank Chromium page) times `CALLS`
 * sequential calls of one contender with `performance.now()`; PlatformHttp runs in a pair with raw fetch, the two back
 * to back (the order alternating), `ROUNDS` rounds; the ratio is the median of the rounds' ratios. It prints its
 * section and writes it into bench/results.md below its own marker (bench/lib.ts).
 *
 * @module
 */
import { loadavg } from "node:os"
import { fileURLToPath } from "node:url"
import { openBenchPage } from "../benchPage.ts"
import { body } from "../httpWorkload.ts"
import { browserHttpResultsMarker, type Contender, fmt, inPairs, machineDescription, writeResultsPart } from "../lib.ts"

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 21)
const CALLS = 2000

const loadBefore = loadavg()[0]!
const { browser, page, version } = await openBenchPage(fileURLToPath(new URL("./page.ts", import.meta.url)))
await page.waitForFunction(() => window.httpBench !== undefined)
// each contender's op answers its time in the page (ms) for CALLS calls; inPairs takes it as the operation's time
const contender = (name: string): Contender => ({
  name,
  op: () => page.evaluate(([n, calls]) => window.httpBench.time(n, calls), [name, CALLS] as const)
})
const raw = contender("raw fetch (stub)")
const platform = contender("PlatformHttp.get (stub)")
// warm-up
for (let i = 0; i < 3; i++) {
  await raw.op()
  await platform.op()
}
const pair = await inPairs(raw, platform, { rounds: ROUNDS, timed: async (c) => ((await c.op()) as number) * 1000 })
await browser.close()

const rawUs = pair.referenceMicros / CALLS
const platformUs = pair.micros / CALLS
const section = [
  browserHttpResultsMarker,
  "",
  "## PlatformHttp per request in Chromium (stub fetch, GET + JSON, signing off)",
  "",
  `Written by \`npm run bench:browser-http\` on ${new Date().toISOString().slice(0, 10)}. Machine: ${machineDescription()}; Chromium ${version} (headless).`,
  `Load (1-minute average) ${loadBefore.toFixed(1)} before and ${loadavg()[0]!.toFixed(1)} after, on a shared 2-core machine.`,
  "",
  "| contender | value | note |",
  "|---|---:|---|",
  `| ${raw.name} | ${fmt(rawUs)} µs/request | median of its rounds |`,
  `| ${platform.name} | ${fmt(platformUs)} µs/request | ${pair.ratio.toFixed(2)}× raw fetch in its pair |`,
  "",
  `- PlatformHttp.get / raw fetch = ${pair.ratio.toFixed(2)}× in pairs; added per call ${fmt(platformUs - rawUs)} µs (medians of the rounds)`,
  "",
  `- The Node section's workload (bench/httpWorkload.ts): each call one GET through a stub fetch that answers a ${body.length}-byte JSON body at once, parsed by both; PlatformHttp through ManagedRuntime.runPromise per call, with the same rules. No network: every microsecond is the page's JavaScript (the library's, Effect's, the Response object's body read), the main thread's work that the library adds to a call.`,
  `- Wall-clock time in the page (\`performance.now()\`, coarse but over ${CALLS} sequential calls per sample), ${ROUNDS} rounds, each timing raw fetch and PlatformHttp back to back (order alternating); ratio = median of the rounds' ratios.`,
  "- Compare with the main-thread table of `npm run bench:browser` above, where the same call against the emulator adds far more: the difference is the browser's own work for a real exchange as the library drives it, or time that method counts but that is not main-thread work (docs/performance.md)."
].join("\n")
console.log(section)

writeResultsPart(fileURLToPath(new URL("../results.md", import.meta.url)), browserHttpResultsMarker, section)
console.log("wrote bench/results.md (browser request part)")
