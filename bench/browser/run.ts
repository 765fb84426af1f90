/**
 * `npm run bench:browser`: PlatformHttp in a real Chromium against the emulator on loopback, side by side with raw
 * fetch, and a cold page. Not part of `npm test` (it takes a few minutes); it prints its section and writes it into
 * bench/results.md below the Node benchmarks' part (bench/lib.ts `browserResultsMarker`).
 *
 * The page (./page.ts, built by Vite in production mode and served by the emulator on its www origin; the test/e2e
 * helper `startApp` does the building, serving and launching) makes the calls; this driver tells it what to run and
 * reads the numbers back:
 *
 * - Requests: `GET /users/v1/users/authenticated` and a signed-or-not `POST /users/v1/users` (3 ids), 500 in a row
 *   and 500 started at once, by raw fetch, PlatformHttp and PlatformHttp with signing, in rotating order in each of
 *   `ROUNDS` rounds. Per batch: p50 and p95 of the calls' latencies, the total time, and the renderer's main-thread
 *   time (Chrome DevTools Protocol `Performance.getMetrics`: `TaskDuration`, the summed duration of every task the
 *   main thread ran, and `ThreadTime`, its CPU time, read before and after the batch). Ratios to raw fetch are taken
 *   within each round, then the median over rounds is reported with the spread.
 * - Main-thread time per call, measured in the page (`runMainThread`): each call's synchronous start plus its
 *   delivery (from fetch's promise resolving to the decoded answer), interleaved call by call with raw fetch; the
 *   figure for the ≤ 50 µs target (the CDP figures above are per batch and include idle-time housekeeping).
 * - "Browser side" latency: each call's latency less the `responseStart - requestStart` of its Resource Timing entry
 *   (the request on the wire, the emulator's work, the first byte back), so the emulator's signature check does not
 *   count against signing.
 * - Cold page: a new browser context (empty IndexedDB and HTTP cache) opens the page with `?signin` (key created,
 *   attested and bound at sign-in, then the first signed call), then the same context opens it again (the stored key,
 *   the session already bound, the page's files in the HTTP cache): navigation start to the first call's decoded answer.
 *
 * @module
 */
import { loadavg } from "node:os"
import { fileURLToPath } from "node:url"
import type { CDPSession, Page } from "playwright-core"
import { startApp } from "../../test/e2e/browser.ts"
import { browserResultsMarker, fmt, machineDescription, median, percentile, writeResultsPart } from "../lib.ts"
import {
  type BatchResult,
  type CallKind,
  type CallMainThread,
  type CallMode,
  type ColdPageResult,
  contenderNames,
  type ContenderName
} from "./protocol.ts"

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 7)
const CALLS = 500
const COLD_ROUNDS = Number(process.env.BENCH_COLD_ROUNDS ?? 7)
const kinds: ReadonlyArray<CallKind> = ["GET", "POST"]
const modes: ReadonlyArray<CallMode> = ["sequential", "concurrent"]
const resultsPath = fileURLToPath(new URL("../results.md", import.meta.url))

/** One batch, summarised. */
interface Batch {
  readonly p50: number
  readonly p95: number
  readonly totalMs: number
  readonly startLoopMs: number
  /** Median of latency minus server time, per call (sequential only; NaN when the timings did not match). */
  readonly browserP50: number
  readonly serverP50: number
  /** Main-thread task time and CPU time per call, in µs. */
  readonly taskUs: number
  readonly cpuUs: number
  readonly longTasks: number
}

const summarise = (result: BatchResult, mode: CallMode, taskMs: number, cpuMs: number): Batch => {
  const matched = result.serverMs.length === result.latencies.length
  return {
    p50: percentile(result.latencies, 50),
    p95: percentile(result.latencies, 95),
    totalMs: result.totalMs,
    startLoopMs: result.startLoopMs,
    browserP50:
      matched && mode === "sequential"
        ? median(result.latencies.map((latency, i) => latency - result.serverMs[i]!))
        : Number.NaN,
    serverP50: matched ? median(result.serverMs) : Number.NaN,
    taskUs: (taskMs * 1000) / result.latencies.length,
    cpuUs: (cpuMs * 1000) / result.latencies.length,
    longTasks: result.longTasks.count
  }
}

/** The renderer main thread's summed task time and CPU time so far, in ms. */
const mainThread = async (cdp: CDPSession) => {
  const { metrics } = await cdp.send("Performance.getMetrics")
  const value = (name: string) => (metrics.find((m) => m.name === name)?.value ?? Number.NaN) * 1000
  return { task: value("TaskDuration"), cpu: value("ThreadTime") }
}

const runBatch = async (page: Page, cdp: CDPSession, contender: ContenderName, kind: CallKind, mode: CallMode) => {
  const before = await mainThread(cdp)
  const result = await page.evaluate(([c, k, m, n]) => window.bench.run(c, k, m, n), [
    contender,
    kind,
    mode,
    CALLS
  ] as const)
  const after = await mainThread(cdp)
  return summarise(result, mode, after.task - before.task, after.cpu - before.cpu)
}

const key = (kind: CallKind, mode: CallMode, contender: ContenderName) => `${kind} ${mode} ${contender}`

/**
 * The mean of `values` without their lowest and highest tenth: per-call times in the page are performance.now()
 * differences, coarsened by Chromium to 100 µs steps (with jitter) in a page that is not cross-origin isolated, so
 * a single call's time is a step count and its median too; the mean of many calls is not (the jitter averages out),
 * and trimming keeps a stray slow call (a garbage collection, the machine busy) out of it.
 */
const trimmedMean = (values: ReadonlyArray<number>) => {
  const sorted = [...values].sort((a, b) => a - b)
  const cut = Math.floor(sorted.length / 10)
  const kept = sorted.slice(cut, sorted.length - cut)
  return kept.reduce((sum, v) => sum + v, 0) / kept.length
}

/** "1.02× (0.99–1.05)": the median of the rounds' values and their range. */
const spread = (values: ReadonlyArray<number>, digits = 2) =>
  `${median(values).toFixed(digits)}× (${Math.min(...values).toFixed(digits)}–${Math.max(...values).toFixed(digits)})`

const us = (ms: number) => `${fmt(ms * 1000)} µs`
const msText = (ms: number) => `${fmt(ms)} ms`

const main = async () => {
  const loadBefore = loadavg()[0]!
  // CSRF tokens that never expire during the run: a rotation would make one contender re-send a call
  const app = await startApp("bench/browser/vite.config.ts", { csrfRotationMs: 0, logLimit: 100_000 })
  const { browser, emulator } = app
  const pageUrl = `${emulator.wwwOrigin}/`
  const lines: Array<string> = []
  try {
    // Cold page: one round to warm the emulator up, then COLD_ROUNDS measured
    const fresh: Array<ColdPageResult> = []
    const stored: Array<ColdPageResult> = []
    for (let round = 0; round <= COLD_ROUNDS; round++) {
      const context = await browser.newContext()
      const page = await context.newPage()
      page.setDefaultTimeout(30_000)
      await page.goto(`${pageUrl}?signin`)
      const first = await page.evaluate(() => window.bench.cold)
      await page.goto(pageUrl)
      const second = await page.evaluate(() => window.bench.cold)
      await context.close()
      if (first.users !== 3 || second.users !== 3)
        throw new Error(`cold page: unexpected first data ${JSON.stringify([first, second])}`)
      if (round > 0) {
        fresh.push(first)
        stored.push(second)
      }
      process.stdout.write(`cold page round ${round}: ${fmt(first.firstData)} ms / ${fmt(second.firstData)} ms\n`)
    }

    // Requests
    const { context, page } = app
    page.setDefaultTimeout(120_000)
    await page.goto(`${pageUrl}?signin`)
    await page.evaluate(() => window.bench.cold)
    await page.evaluate(() => window.bench.warmUp(50))
    const cdp = await context.newCDPSession(page)
    await cdp.send("Performance.enable")
    const logFrom = emulator.state.log.since(0, Number.POSITIVE_INFINITY).lastId
    const batches = new Map<string, Array<Batch>>()
    const interleaved: Array<{
      readonly kind: CallKind
      readonly latencies: Record<ContenderName, ReadonlyArray<number>>
    }> = []
    const mainThreadRounds: Array<{
      readonly kind: CallKind
      readonly times: Record<ContenderName, ReadonlyArray<CallMainThread>>
    }> = []
    const cacheLocked: Array<{ readonly lockedMs: number; readonly distinctMs: number }> = []
    // per round, the median time of one 5-field signature's WebCrypto work in this browser (ms)
    const cryptoFloorRounds: Array<number> = []
    for (let round = 0; round < ROUNDS; round++) {
      await page.evaluate((n) => window.bench.warmUrls(n), CALLS)
      for (const kind of kinds) {
        for (const mode of modes) {
          for (let k = 0; k < contenderNames.length; k++) {
            const contender = contenderNames[(round + k) % contenderNames.length]!
            const batch = await runBatch(page, cdp, contender, kind, mode)
            const list = batches.get(key(kind, mode, contender)) ?? []
            list.push(batch)
            batches.set(key(kind, mode, contender), list)
          }
        }
      }
      for (const kind of kinds) {
        const latencies = await page.evaluate(([k, n]) => window.bench.runInterleaved(k, n), [kind, CALLS] as const)
        interleaved.push({ kind, latencies })
      }
      for (const kind of kinds) {
        const times = await page.evaluate(([k, n]) => window.bench.runMainThread(k, n), [kind, CALLS] as const)
        mainThreadRounds.push({ kind, times })
      }
      cryptoFloorRounds.push(median(await page.evaluate((n) => window.bench.runCryptoFloor(n), CALLS)))
      const locked = await page.evaluate((n) => window.bench.runCacheLocked(n), CALLS)
      cacheLocked.push({
        lockedMs: locked.totalMs,
        distinctMs: batches.get(key("GET", "concurrent", "raw fetch"))!.at(-1)!.totalMs
      })
      process.stdout.write(`request round ${round + 1}/${ROUNDS} done\n`)
    }
    const entries = emulator.state.log.since(logFrom, Number.POSITIVE_INFINITY).entries
    // how the emulator judged each call's bound-auth token (every verdict but the CSRF check's), with counts
    const verdictCounts = new Map<string, number>()
    for (const entry of entries) {
      for (const verdict of entry.verdicts.filter((v) => !v.startsWith("csrf"))) {
        verdictCounts.set(verdict, (verdictCounts.get(verdict) ?? 0) + 1)
      }
    }
    // per round: each kind in both modes and interleaved, the signed GETs that warm the concurrent URLs, and the
    // cache-locked GETs (unsigned)
    const measuredSignedCalls = ROUNDS * kinds.length * (modes.length + 2) * CALLS
    const signedCalls = measuredSignedCalls + ROUNDS * CALLS
    const unsignedCalls = 2 * measuredSignedCalls + ROUNDS * CALLS
    const loadAfter = loadavg()[0]!
    if (app.errors.length > 0) throw new Error(`the page threw: ${app.errors.join("; ")}`)

    // The report
    const coldRow = (name: string, values: ReadonlyArray<number>) =>
      `| ${name} | ${msText(median(values))} | ${msText(Math.min(...values))}–${msText(Math.max(...values))} |`
    lines.push(
      browserResultsMarker,
      "",
      `## Real browser: PlatformHttp in Chromium against the emulator on loopback`,
      "",
      `Written by \`npm run bench:browser\` on ${new Date().toISOString().slice(0, 10)}. Machine: ${machineDescription()}; Chromium ${browser.version()} (headless).`,
      `Load (1-minute average) ${loadBefore.toFixed(1)} before and ${loadAfter.toFixed(1)} after, on a shared 2-core machine.`,
      "",
      `### Cold page: navigation start to first data (${COLD_ROUNDS} rounds, each in a new browser context)`,
      "",
      "| page | median | range |",
      "|---|---:|---:|",
      coldRow(
        "empty IndexedDB: key generated, attested, signed in, first signed call",
        fresh.map((c) => c.firstData)
      ),
      coldRow(
        "  of which: module script starts",
        fresh.map((c) => c.scriptStart)
      ),
      coldRow(
        "  of which: configuration loaded",
        fresh.map((c) => c.configured)
      ),
      coldRow(
        "  of which: signed in (attestation + sign-in done)",
        fresh.map((c) => c.signedIn!)
      ),
      coldRow(
        "stored key (session bound): first signed call",
        stored.map((c) => c.firstData)
      ),
      coldRow(
        "  of which: module script starts",
        stored.map((c) => c.scriptStart)
      ),
      coldRow(
        "  of which: configuration loaded",
        stored.map((c) => c.configured)
      ),
      "",
      `- Key generation + attestation + sign-in cost ${msText(median(fresh.map((c) => c.firstData)) - median(stored.map((c) => c.firstData)))} (difference of the medians).`,
      ""
    )
    lines.push(
      `### Sequential calls interleaved call by call (${CALLS} of each contender per round, ${ROUNDS} rounds)`,
      "",
      "Each round makes one call of each contender in turn (rotating which goes first), so a busy moment slows all three alike. Latency from just before the call to its decoded answer; ratios per round, median over rounds (range).",
      "",
      "| kind | contender | p50 | p95 | p50 / raw fetch | p95 / raw fetch | p50 / PlatformHttp |",
      "|---|---|---:|---:|---:|---:|---:|"
    )
    for (const kind of kinds) {
      const rounds = interleaved.filter((r) => r.kind === kind).map((r) => r.latencies)
      const at = (contender: ContenderName, p: number) => rounds.map((r) => percentile(r[contender], p))
      for (const contender of contenderNames) {
        const over = (reference: ContenderName, p: number) => at(contender, p).map((v, i) => v / at(reference, p)[i]!)
        lines.push(
          `| ${kind} | ${contender} | ${msText(median(at(contender, 50)))} | ${msText(median(at(contender, 95)))} | ${
            contender === "raw fetch" ? "" : spread(over("raw fetch", 50))
          } | ${contender === "raw fetch" ? "" : spread(over("raw fetch", 95))} | ${
            contender === "PlatformHttp signed" ? spread(over("PlatformHttp", 50)) : ""
          } |`
        )
      }
    }
    lines.push(
      "",
      `### Main-thread time per call, measured in the page (${CALLS} sequential calls of each contender per round, interleaved call by call, ${ROUNDS} rounds)`,
      "",
      "Per call: its synchronous start (performance.now() just before the call and when it returns its promise) plus its delivery (from the moment fetch's promise resolves to the call's decoded answer: body read, JSON parsed, the rules' way back, the fiber's resume). Per round the trimmed mean of the calls (lowest and highest tenth left out: Chromium coarsens performance.now() to 100 µs steps with jitter in a page that is not cross-origin isolated, so only a mean over many calls resolves microseconds); \"added\" is the round's value less raw fetch's in the same round; the table shows the median over rounds (range).",
      "",
      "| kind | contender | start | delivery | start + delivery | added to raw fetch (start + delivery) |",
      "|---|---|---:|---:|---:|---:|"
    )
    const addedMainThread = new Map<string, Array<number>>()
    for (const kind of kinds) {
      const rounds = mainThreadRounds.filter((r) => r.kind === kind).map((r) => r.times)
      const perRound = (contender: ContenderName, pick: (t: CallMainThread) => number) =>
        rounds.map((r) => trimmedMean(r[contender].map(pick)))
      const both = (t: CallMainThread) => t.startMs + t.deliveryMs
      for (const contender of contenderNames) {
        const added = perRound(contender, both).map((v, i) => (v - perRound("raw fetch", both)[i]!) * 1000)
        addedMainThread.set(`${kind} ${contender}`, added)
        lines.push(
          `| ${kind} | ${contender} | ${us(median(perRound(contender, (t) => t.startMs)))} | ${us(
            median(perRound(contender, (t) => t.deliveryMs))
          )} | ${us(median(perRound(contender, both)))} | ${
            contender === "PlatformHttp"
              ? `${fmt(median(added))} µs (${fmt(Math.min(...added))} to ${fmt(Math.max(...added))})`
              : ""
          } |`
        )
      }
    }
    /** Per kind: a signed call's time from the call to its fetch less an unsigned one's, median over rounds (ms). */
    const signingToFetch = (kind: CallKind) => {
      const rounds = mainThreadRounds.filter((r) => r.kind === kind).map((r) => r.times)
      return median(
        rounds.map(
          (r) =>
            trimmedMean(r["PlatformHttp signed"].map((t) => t.toFetchMs)) -
            trimmedMean(r.PlatformHttp.map((t) => t.toFetchMs))
        )
      )
    }
    const getAdded = median(addedMainThread.get("GET PlatformHttp")!)
    lines.push(
      "",
      `- Target main-thread time added per call ≤ 50 µs (PlatformHttp GET, signing off): ${getAdded <= 50 ? "met" : "missed"} (${fmt(getAdded)} µs; POST ${fmt(median(addedMainThread.get("POST PlatformHttp")!))} µs).`,
      "- A signed call's signing runs between its start and its fetch (WebCrypto off the main thread; the continuation that then sends the request is in neither part), so its row shows the start and the delivery only, not a figure added to raw fetch.",
      ""
    )
    for (const kind of kinds) {
      for (const mode of modes) {
        const of = (contender: ContenderName) => batches.get(key(kind, mode, contender))!
        const raw = of("raw fetch")
        const perRound = (contender: ContenderName, pick: (b: Batch) => number, reference = raw) =>
          of(contender).map((b, i) => pick(b) / pick(reference[i]!))
        lines.push(
          `### ${CALLS} ${mode} ${kind === "GET" ? "GETs" : "signed-or-not POSTs"} (${ROUNDS} rounds; medians over rounds, range in brackets)`,
          "",
          "| contender | p50 | p95 | total | main-thread task time / call | main-thread CPU / call | p50 browser side | server p50 | long tasks |",
          "|---|---:|---:|---:|---:|---:|---:|---:|---:|"
        )
        for (const contender of contenderNames) {
          const list = of(contender)
          const m = (pick: (b: Batch) => number) => median(list.map(pick))
          lines.push(
            `| ${contender} | ${msText(m((b) => b.p50))} | ${msText(m((b) => b.p95))} | ${msText(m((b) => b.totalMs))} | ${us(
              m((b) => b.taskUs) / 1000
            )} | ${us(m((b) => b.cpuUs) / 1000)} | ${mode === "sequential" ? msText(m((b) => b.browserP50)) : "–"} | ${msText(
              m((b) => b.serverP50)
            )} | ${m((b) => b.longTasks)} |`
          )
        }
        lines.push("")
        for (const contender of contenderNames.slice(1)) {
          const added = of(contender).map((b, i) => b.taskUs - raw[i]!.taskUs)
          const addedCpu = of(contender).map((b, i) => b.cpuUs - raw[i]!.cpuUs)
          lines.push(
            `- ${contender} / raw fetch: p50 ${spread(perRound(contender, (b) => b.p50))}, p95 ${spread(
              perRound(contender, (b) => b.p95)
            )}, total ${spread(perRound(contender, (b) => b.totalMs))}; main-thread time added per call ${fmt(
              median(added)
            )} µs task, ${fmt(median(addedCpu))} µs CPU (range ${fmt(Math.min(...added))}–${fmt(Math.max(...added))} µs task)` +
              (mode === "concurrent"
                ? `; starting all ${CALLS} calls held the main thread ${msText(median(of(contender).map((b) => b.startLoopMs)))} (raw fetch ${msText(
                    median(raw.map((b) => b.startLoopMs))
                  )})`
                : "")
          )
        }
        const unsigned = of("PlatformHttp")
        lines.push(
          `- PlatformHttp signed / PlatformHttp: p50 ${spread(perRound("PlatformHttp signed", (b) => b.p50, unsigned))}, total ${spread(
            perRound("PlatformHttp signed", (b) => b.totalMs, unsigned)
          )}` +
            (mode === "sequential"
              ? `; browser side (latency less server time) p50 ${spread(perRound("PlatformHttp signed", (b) => b.browserP50, unsigned))}`
              : ""),
          ...(mode === "sequential"
            ? [
                `- Signing on the browser side: signed less unsigned p50 ${msText(
                  median(of("PlatformHttp signed").map((b, i) => b.browserP50 - unsigned[i]!.browserP50))
                )} per call; from the call to its fetch, signed less unsigned ${msText(
                  signingToFetch(kind)
                )} (the page's main-thread table, trimmed means, median over rounds); the WebCrypto floor of one 5-field signature in this Chromium (SHA-256, then an ECDSA P-256 signature, alongside the path's; no pipeline) ${msText(
                  median(cryptoFloorRounds)
                )} (median over rounds); the ≤ 1.05× target allows ${msText(median(unsigned.map((b) => b.browserP50)) * 0.05)}.`
              ]
            : []),
          ""
        )
      }
    }
    lines.push(
      "### Notes",
      "",
      `- Every call goes to the emulator's services origin from a page on its www origin (cross-origin, credentials included, as the platform's pages call its API hosts), after a warm-up of 50 calls of each kind per contender.`,
      `- Cache: every contender fetches in the default cache mode. Concurrent GETs go each to its own URL (\`?call=0\` … \`?call=${CALLS - 1}\`): Chromium's HTTP cache lets one request per URL at a time reach the network, whatever the answer's Cache-Control says (tried by hand on Chromium 150, 60 concurrent GETs of one URL with 20 ms added latency: answer without Cache-Control 1.57 s, \`no-store\` 1.83 s, \`no-cache\` 1.60 s, \`private, no-cache\` 1.57 s, \`private, max-age=0\` 1.74 s, \`no-cache, no-store\` 1.92 s; the request's \`cache: "no-store"\` 0.40 s, distinct URLs 0.62 s), so the choice of the emulator's Cache-Control does not decide this benchmark; the services' answers say \`Cache-Control: no-store\`, as per-user API answers should (docs/emulator.md). The request's \`no-store\` (and \`reload\`, \`no-cache\`) was not used because Chromium then skips its CORS preflight cache too: every signed call and every POST got a preflight (measured: 60 preflights for 60 calls, against none once cached in the default mode). ${CALLS} concurrent raw GETs of one URL took ${msText(median(cacheLocked.map((c) => c.lockedMs)))} against ${msText(median(cacheLocked.map((c) => c.distinctMs)))} to distinct URLs (medians over rounds; per round ${spread(cacheLocked.map((c) => c.lockedMs / c.distinctMs))}).`,
      `- Preflights: a POST (JSON, CSRF token) and a signed GET (x-bound-auth-token) are not simple requests. Sequential calls use one URL each, preflighted once and then cached (600 s); before each round's concurrent batches the page makes one signed GET to each of the ${CALLS} URLs, so their preflights are cached too, as for a page that called them before (a signed GET to a URL not called in the last 10 minutes costs a preflight first).`,
      `- Chromium opens at most 6 HTTP/1.1 connections per host, so ${CALLS} concurrent calls are at most 6 on the wire at once, for every contender.`,
      `- Main-thread time in the page (the table above): the page wraps \`fetch\` (every contender calls the global one at call time) to note when each fetch's promise resolves; a call's time is its synchronous start plus the time from that moment to its decoded answer, so the network and the server are left out and what is left is the main thread's work for the call (plus the body read's own hop, alike for every contender). Calls are interleaved call by call so that a busy moment of the machine slows every contender alike; a trimmed mean per round (performance.now() is coarsened to 100 µs steps here, see above), then the median over rounds. This is the figure for the ≤ 50 µs target.`,
      `- Main-thread time in the batch tables (coarse): the DevTools Protocol's \`Performance.getMetrics\` before and after each batch: \`TaskDuration\` (the summed duration of every task the renderer's main thread ran: script, microtasks, the fetch responses' delivery, garbage collection) and \`ThreadTime\` (that thread's CPU time), divided by the calls; the driver's two metric reads and the batch's \`page.evaluate\` are in every contender's numbers alike. Long tasks: a PerformanceObserver in the page (tasks over 50 ms).`,
      `- Browser side: each call's latency less \`responseStart - requestStart\` of its Resource Timing entry (the emulator sends Timing-Allow-Origin to loopback pages), so the emulator's own work (for signed calls, verifying the signature) is left out; sequential batches only, where entries and calls pair one to one.`,
      `- Signing: ${signedCalls} signed calls and ${unsignedCalls} unsigned ones were made in the request rounds; the emulator logged ${entries.length} requests, judged ${[
        ...verdictCounts
      ]
        .sort((a, b) => b[1] - a[1])
        .map(([verdict, count]) => `${count} "${verdict}"`)
        .join(", ")}.`,
      `- Targets (reported, never asserted): sequential p50 ≤ 1.03× raw fetch; main-thread time added per call ≤ 50 µs; signed ≤ 1.05× unsigned on the browser side.`,
      ""
    )
  } finally {
    await app.close()
  }
  const section = lines.join("\n")
  console.log(`\n${section}`)
  writeResultsPart(resultsPath, browserResultsMarker, section)
  console.log("wrote bench/results.md (browser part)")
}

await main()
