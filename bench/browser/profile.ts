/**
 * `npm run bench:browser-profile`: where PlatformHttp's main-thread time goes in Chromium. The benchmark page
 * (./page.ts, built unminified so functions keep their names) is served cross-origin isolated (./isolation.ts) by
 * the emulator; after sign-in and a warm-up, a DevTools Protocol CPU profile (`Profiler`, sampling every
 * `PROFILE_INTERVAL_US`, default 50 µs) is taken around `PROFILE_CALLS` (default 1000) sequential calls of each
 * contender in turn: raw fetch and PlatformHttp GETs, raw fetch, PlatformHttp and signed PlatformHttp POSTs.
 *
 * Printed per profile: the main thread's busy time per call (every sample but idle), and the top functions by self
 * time per call, each with the source module it comes from (the unminified bundle's module comments), then
 * the same by module. A sampling profile attributes time, it does not time calls: compare rows between contenders
 * of one run, never with the figures of `npm run bench:browser`.
 *
 * Before the profiles, without the profiler, the same calls are timed in the page (5 µs timers): each contender's
 * synchronous start, delivery and time to its fetch, interleaved call by call, and the WebCrypto floor of a signature.
 * `PROFILE_TIMINGS=0` skips that part, `PROFILE_RUNS=0` the profiles. Takes one to two minutes; not part of `npm test`.
 *
 * @module
 */
import type { CDPSession } from "playwright-core"
import { startApp } from "../../test/e2e/browser.ts"
import { fmt, median } from "../lib.ts"
import { serveIsolated } from "./isolation.ts"
import { type CallKind, type CallMainThread, contenderNames, type ContenderName } from "./protocol.ts"

const CALLS = Number(process.env.PROFILE_CALLS ?? 1000)
const INTERVAL_US = Number(process.env.PROFILE_INTERVAL_US ?? 50)
const TOP = Number(process.env.PROFILE_TOP ?? 25)

/** The profiled runs, in order. */
const runs: ReadonlyArray<{ readonly contender: ContenderName; readonly kind: CallKind }> = [
  { contender: "raw fetch", kind: "GET" },
  { contender: "PlatformHttp", kind: "GET" },
  { contender: "raw fetch", kind: "POST" },
  { contender: "PlatformHttp", kind: "POST" },
  { contender: "PlatformHttp signed", kind: "POST" }
]

interface CallFrame {
  readonly functionName: string
  readonly url: string
  readonly lineNumber: number
  readonly columnNumber: number
}

interface Profile {
  readonly nodes: ReadonlyArray<{ readonly id: number; readonly callFrame: CallFrame }>
  readonly samples: ReadonlyArray<number>
  readonly timeDeltas: ReadonlyArray<number>
}

/** Per script URL, the module of each line of it (from the unminified bundle's `// path/of/module.js` comments). */
const moduleLines = new Map<string, ReadonlyArray<string>>()

const loadModuleLines = async (url: string): Promise<ReadonlyArray<string>> => {
  const known = moduleLines.get(url)
  if (known !== undefined) return known
  let lines: Array<string> = []
  if (url.startsWith("http")) {
    const text = await fetch(url).then((response) => (response.ok ? response.text() : ""))
    let current = "(bundle)"
    lines = text.split("\n").map((line) => {
      const region = /^\/\/ (\S+\.[cm]?[jt]sx?)$/.exec(line)
      if (region !== null) current = region[1]!.replace(/^.*node_modules\//, "")
      return current
    })
  }
  moduleLines.set(url, lines)
  return lines
}

/** Self time per function and per module, in µs, from one profile. */
const attribute = async (profile: Profile) => {
  const byNode = new Map(profile.nodes.map((node) => [node.id, node.callFrame]))
  const functions = new Map<string, number>()
  const modules = new Map<string, number>()
  let busy = 0
  for (let i = 0; i < profile.samples.length; i++) {
    // a sample's time is the gap to the next one (the first delta is from the profile's start)
    const us = profile.timeDeltas[i + 1] ?? INTERVAL_US
    const frame = byNode.get(profile.samples[i]!)!
    if (frame.functionName === "(idle)") continue
    busy += us
    const lines = await loadModuleLines(frame.url)
    const module = frame.url === "" ? "(native)" : (lines[frame.lineNumber] ?? frame.url.replace(/^.*\//, ""))
    const name = `${frame.functionName || "(anonymous)"} ${module}:${frame.lineNumber + 1}`
    functions.set(name, (functions.get(name) ?? 0) + us)
    modules.set(module, (modules.get(module) ?? 0) + us)
  }
  return { busy, functions, modules }
}

const table = (title: string, entries: Map<string, number>, calls: number) => {
  console.log(`  ${title}`)
  for (const [name, us] of [...entries].sort((a, b) => b[1] - a[1]).slice(0, TOP)) {
    console.log(`    ${fmt(us / calls).padStart(7)} µs  ${name}`)
  }
}

const profileRun = async (cdp: CDPSession, run: (typeof runs)[number], evaluate: () => Promise<unknown>) => {
  await cdp.send("Profiler.start")
  await evaluate()
  const { profile } = await cdp.send("Profiler.stop")
  const { busy, functions, modules } = await attribute(profile as Profile)
  console.log(
    `\n${run.kind} ${run.contender}: main thread busy ${fmt(busy / CALLS)} µs per call (${CALLS} sequential calls)`
  )
  table("top functions by self time per call", functions, CALLS)
  table("by module", modules, CALLS)
}

/** µs, from ms. */
const us = (ms: number) => `${fmt(ms * 1000)} µs`

/**
 * Without the profiler: `CALLS` sequential calls of each contender, interleaved call by call, each timed in the page
 * (`runMainThread`: its synchronous start, its delivery, the time to its fetch; 5 µs timers in the isolated page),
 * and the page's WebCrypto floor of one 5-field signature; medians over the calls.
 */
const timings = async (page: import("playwright-core").Page) => {
  console.log(`\nTimed in the page (${CALLS} calls of each contender, interleaved; medians over the calls)`)
  for (const kind of ["GET", "POST"] as const) {
    const times = await page.evaluate(([k, n]) => window.bench.runMainThread(k, n), [kind, CALLS] as const)
    const of = (contender: ContenderName, pick: (t: CallMainThread) => number) => median(times[contender].map(pick))
    const both = (t: CallMainThread) => t.startMs + t.deliveryMs
    for (const contender of contenderNames) {
      console.log(
        `  ${kind} ${contender.padEnd(19)} start ${us(of(contender, (t) => t.startMs))}, delivery ${us(
          of(contender, (t) => t.deliveryMs)
        )}, start + delivery ${us(of(contender, both))} (added to raw fetch ${us(
          of(contender, both) - of("raw fetch", both)
        )}), call to fetch ${us(of(contender, (t) => t.toFetchMs))}`
      )
    }
    console.log(
      `  ${kind} signing: call to fetch, signed less unsigned ${us(
        of("PlatformHttp signed", (t) => t.toFetchMs) - of("PlatformHttp", (t) => t.toFetchMs)
      )}`
    )
  }
  console.log(
    `  WebCrypto floor of one 5-field signature: ${us(median(await page.evaluate((n) => window.bench.runCryptoFloor(n), CALLS)))}`
  )
}

const main = async () => {
  // names kept in the page's bundle (./vite.config.ts)
  process.env.BENCH_MINIFY = "0"
  const app = await startApp("bench/browser/vite.config.ts", { csrfRotationMs: 0, logLimit: 100_000 })
  try {
    const { context, emulator, page } = app
    page.setDefaultTimeout(300_000)
    const cdp = await context.newCDPSession(page)
    await serveIsolated(context, cdp, emulator.wwwOrigin)
    await page.goto(`${emulator.wwwOrigin}/?signin`)
    await page.evaluate(() => window.bench.cold)
    if (!(await page.evaluate(() => crossOriginIsolated))) throw new Error("the page is not cross-origin isolated")
    await page.evaluate(() => window.bench.warmUp(50))
    if (process.env.PROFILE_TIMINGS !== "0") await timings(page)
    await cdp.send("Profiler.enable")
    await cdp.send("Profiler.setSamplingInterval", { interval: INTERVAL_US })
    console.log(`Chromium ${app.browser.version()}, page cross-origin isolated, sampling every ${INTERVAL_US} µs`)
    for (const run of process.env.PROFILE_RUNS === "0" ? [] : runs) {
      await profileRun(cdp, run, () =>
        page.evaluate(([c, k, n]) => window.bench.run(c, k, "sequential", n), [run.contender, run.kind, CALLS] as const)
      )
    }
    if (app.errors.length > 0) throw new Error(`the page threw: ${app.errors.join("; ")}`)
  } finally {
    await app.close()
  }
}

await main()
