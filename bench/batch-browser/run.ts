/**
 * `npm run bench:browser-batch`: the batching benchmark (bench/batch.bench.ts) in Chromium. The library runs in
 * browsers, and there Effect's fibers cost less than in Node (no `AsyncResource` per fiber, a visible share of
 * `get × N`'s time in Node), so the per-key ratios are measured where they matter too. Not part of `npm test`.
 *
 * The page (./page.ts, bundled with esbuild for production and loaded into a blank Chromium page) times one
 * contender at a time with `performance.now()`; every contender runs in a pair with DataLoader, the two back to back
 * (the order alternating), `ROUNDS` rounds; the ratio is the median of the rounds' ratios. It prints its section and
 * writes it into bench/results.md below its own marker (bench/lib.ts).
 *
 * @module
 */
import { loadavg } from "node:os"
import { fileURLToPath } from "node:url"
import { openBenchPage } from "../benchPage.ts"
import { KEYS } from "../batchWorkload.ts"
import {
  browserBatchResultsMarker,
  type Contender,
  fmt,
  inPairs,
  machineDescription,
  median,
  writeResultsPart
} from "../lib.ts"

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 15)
const reference = "DataLoader (load × N)"

const loadBefore = loadavg()[0]!
const { browser, page, version } = await openBenchPage(fileURLToPath(new URL("./page.ts", import.meta.url)))
await page.waitForFunction(() => window.batchBench !== undefined)
const names = await page.evaluate(() => window.batchBench.names)
const time = (name: string) => page.evaluate((n) => window.batchBench.time(n), name)

const rows: Array<{ name: string; ns: number; dataLoaderNs: number; ratio: number }> = []
// each contender's op answers its time in the page (ms); inPairs takes it as the operation's time
const contender = (name: string): Contender => ({ name, op: () => time(name) })
for (const name of names.filter((n) => n !== reference)) {
  const pair = await inPairs(contender(reference), contender(name), {
    rounds: ROUNDS,
    timed: async (c) => ((await c.op()) as number) * 1000
  })
  rows.push({
    name,
    ns: (pair.micros * 1000) / KEYS,
    dataLoaderNs: (pair.referenceMicros * 1000) / KEYS,
    ratio: pair.ratio
  })
}
await browser.close()

const row = (name: string) => rows.find((r) => r.name === name)!
const each = row("BatchProcessor (get × N, forEach unbounded)").ratio
const all = row("BatchProcessor (getAll)").ratio
const noMemo = row("BatchProcessor (get × N, memoize: false)").ratio
const floor = row("Effect fiber floor (one fiber per key, no batching logic)").ratio
const dataLoaderNs = median(rows.map((r) => r.dataLoaderNs))
const section = [
  browserBatchResultsMarker,
  "",
  "## Batching in Chromium: 100k distinct keys, 100 per batch, answered at once",
  "",
  `Written by \`npm run bench:browser-batch\` on ${new Date().toISOString().slice(0, 10)}. Machine: ${machineDescription()}; Chromium ${version} (headless).`,
  `Load (1-minute average) ${loadBefore.toFixed(1)} before and ${loadavg()[0]!.toFixed(1)} after, on a shared 2-core machine.`,
  "",
  "| contender | value | note |",
  "|---|---:|---|",
  `| ${reference} | ${fmt(dataLoaderNs)} ns/key | median over its pairs |`,
  ...rows.map((r) => `| ${r.name} | ${fmt(r.ns)} ns/key | ${r.ratio.toFixed(2)}× DataLoader in its pair |`),
  "",
  `- BatchProcessor getAll / DataLoader load × N = ${all.toFixed(2)}× (target ≤ 0.8×: ${all <= 0.8 ? "met" : "missed"})`,
  `- BatchProcessor get × N / DataLoader load × N = ${each.toFixed(2)}× (target ≤ 1.0×: ${each <= 1 ? "met" : "missed"})`,
  `- BatchProcessor get × N with memoize: false / DataLoader load × N = ${noMemo.toFixed(2)}×`,
  `- Effect fiber floor / DataLoader load × N = ${floor.toFixed(2)}×`,
  "",
  `- Wall-clock time in the page (\`performance.now()\`), each contender in a pair with DataLoader, ${ROUNDS} rounds, the order alternating; ratios are medians of the rounds' ratios.`,
  "- The same contenders as the Node section above (a fresh loader or processor per run, every key a miss, both memoizing unless said).",
  "- In Chromium a fiber costs less than in Node (Effect makes no `AsyncResource` per fiber there), so the fiber floor (a fiber per key suspended in `Effect.callback` and resumed) is about DataLoader's whole cost; `get` × N is that floor plus the processor's own work per key (its entry, the queue, the batch, delivering the value) and, when memoizing, a map that grows to 100k entries (the memoize: false row shows the difference; DataLoader's own cache is a map of 100k promises). Below DataLoader would take a `get` cheaper than a fiber's suspension. Pending keys kept apart from memoized values (two maps) were tried and measured slower. These ratios move from one run to the next (garbage collection); docs/performance.md (Batching) has the spread over several runs."
].join("\n")
console.log(section)

writeResultsPart(fileURLToPath(new URL("../results.md", import.meta.url)), browserBatchResultsMarker, section)
console.log("wrote bench/results.md (browser batching part)")
