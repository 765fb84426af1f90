/**
 * A small benchmark harness: every benchmark is a `bench/*.bench.ts` module whose default export is a
 * {@link Benchmark}. `npm run bench` (bench/run.ts) runs them all in one process, one after another, prints each
 * section and writes bench/results.md. Competitors inside one section are measured side by side, interleaved in
 * rounds, so that machine noise hits them alike; results are medians over rounds, reported with ratios.
 */
import { readFileSync, writeFileSync } from "node:fs"
import { arch, cpus, platform, release, totalmem } from "node:os"
import { performance } from "node:perf_hooks"

/** One measured line of a section. */
export interface Row {
  readonly name: string
  readonly value: number
  readonly unit: string
  readonly note?: string
}

/** The printed result of one benchmark. */
export interface Section {
  readonly title: string
  readonly rows: ReadonlyArray<Row>
  /** Lines such as "PlatformHttp / raw fetch = 1.8×"; each says what is divided by what. */
  readonly ratios: ReadonlyArray<string>
  /** Targets and how they fared, caveats, counts. */
  readonly notes: ReadonlyArray<string>
}

/** A benchmark module's default export. */
export interface Benchmark {
  readonly name: string
  readonly run: () => Promise<Section>
}

/** A competitor: `op` runs one operation; `batch` operations make one timed sample. */
export interface Contender {
  readonly name: string
  readonly op: () => Promise<unknown> | unknown
}

/** The median of `values` (the mean of the middle two for an even count). */
export const median = (values: ReadonlyArray<number>): number => {
  const sorted = [...values].sort((a, b) => a - b)
  const mid = sorted.length >> 1
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2
}

/** The `p`-th percentile (0–100) of `values`, nearest rank. */
export const percentile = (values: ReadonlyArray<number>, p: number): number => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!
}

/** The machine, as the results note it: CPU and count, memory, OS, Node. */
export const machineDescription = (): string =>
  [
    `${cpus()[0]?.model ?? "unknown CPU"} × ${cpus().length}`,
    `${Math.round(totalmem() / 2 ** 30)} GiB`,
    `${platform()} ${release()} ${arch()}`,
    `Node ${process.version}`
  ].join(", ")

/**
 * bench/results.md holds `npm run bench`'s sections, then, each from its marker line on, the part of
 * `npm run bench:browser` (bench/browser/run.ts), of `npm run bench:browser-batch` (bench/batch-browser/run.ts), of
 * `npm run bench:browser-http` (bench/http-browser/run.ts), of `npm run soak` (bench/soak/run.ts), and last the
 * comparisons written by hand ({@link comparisonResultsMarker}). Each command rewrites its own part ({@link writeResultsPart}) and keeps the others.
 */
export const browserResultsMarker = "<!-- npm run bench:browser writes below this line -->"

/** The marker line of `npm run bench:browser-batch`'s part of bench/results.md. */
export const browserBatchResultsMarker = "<!-- npm run bench:browser-batch writes below this line -->"

/** The marker line of `npm run bench:browser-http`'s part of bench/results.md. */
export const browserHttpResultsMarker = "<!-- npm run bench:browser-http writes below this line -->"

/** The marker line of `npm run soak`'s part of bench/results.md (bench/soak/run.ts). */
export const soakResultsMarker = "<!-- npm run soak writes below this line -->"

/**
 * The marker line of the part written by hand: comparisons of two versions of the code, run interleaved, whose
 * figures no command can rewrite (it is kept as it is by every command's write).
 */
export const comparisonResultsMarker = "<!-- comparisons written by hand below this line: no command rewrites them -->"

/** The parts after the Node one, in the order they appear. */
const partMarkers = [
  browserResultsMarker,
  browserBatchResultsMarker,
  browserHttpResultsMarker,
  soakResultsMarker,
  comparisonResultsMarker
]

/**
 * Write `content` as the part of bench/results.md at `path` that `marker` opens (`undefined`: the Node part, at the
 * top), keeping the other parts as they are. A browser part's content starts with its marker line.
 */
export const writeResultsPart = (path: string, marker: string | undefined, content: string): void => {
  let text = ""
  try {
    text = readFileSync(path, "utf8")
  } catch {
    // no results yet
  }
  const found = partMarkers
    .map((m) => ({ marker: m, at: text.indexOf(m) }))
    .filter((p) => p.at !== -1)
    .sort((a, b) => a.at - b.at)
  const parts = new Map<string | undefined, string>([[undefined, text.slice(0, found[0]?.at ?? text.length)]])
  found.forEach((p, i) => parts.set(p.marker, text.slice(p.at, found[i + 1]?.at ?? text.length)))
  parts.set(marker, content)
  const ordered = [undefined, ...partMarkers].map((m) => parts.get(m)?.trim()).filter((part) => part)
  writeFileSync(path, ordered.join("\n\n") + "\n")
}

/** Elapsed time (wall clock), or the process's CPU time (user + system, every thread), in milliseconds. */
const clocks = {
  wall: () => performance.now(),
  cpu: () => {
    const { system, user } = process.cpuUsage()
    return (user + system) / 1000
  }
} as const

/**
 * Measure contenders side by side: `rounds` rounds, each running every contender (in rotating order) for
 * `batch` sequential operations. Returns the median time per operation in microseconds, by name.
 *
 * `clock: "cpu"` measures the process's CPU time instead of the wall clock: other work on a shared machine then
 * does not count. Only for contenders that never wait (no timers, no I/O), whose every microsecond is CPU.
 */
export const sideBySide = async (
  contenders: ReadonlyArray<Contender>,
  options: {
    readonly rounds?: number
    readonly batch?: number
    readonly warmup?: number
    readonly clock?: keyof typeof clocks
  } = {}
): Promise<Map<string, number>> => {
  const rounds = options.rounds ?? 15
  const batch = options.batch ?? 200
  const warmup = options.warmup ?? 300
  const now = clocks[options.clock ?? "wall"]
  for (const c of contenders) for (let i = 0; i < warmup; i++) await c.op()
  const samples = new Map<string, Array<number>>(contenders.map((c) => [c.name, []]))
  for (let round = 0; round < rounds; round++) {
    for (let k = 0; k < contenders.length; k++) {
      const c = contenders[(round + k) % contenders.length]!
      const start = now()
      for (let i = 0; i < batch; i++) await c.op()
      samples.get(c.name)!.push(((now() - start) * 1000) / batch)
    }
  }
  return new Map([...samples].map(([name, values]) => [name, median(values)]))
}

/** A contender measured in a pair with a reference: medians per operation (µs) and the median per-round ratio. */
export interface Pair {
  readonly micros: number
  readonly referenceMicros: number
  /** The median over rounds of contender / reference, each round timing the two back to back. */
  readonly ratio: number
}

/**
 * Measure `contender` against `reference`, back to back in each of `rounds` rounds (which one goes first
 * alternates), one operation each. The ratio is the median of the rounds' ratios: each round's two timings share
 * the machine's state of the moment, so a busy moment slows both and cancels out. Each one's garbage is
 * collected on the other's time as often as on its own.
 */
export const inPairs = async (
  reference: Contender,
  contender: Contender,
  options: {
    readonly rounds?: number
    readonly warmup?: number
    readonly clock?: keyof typeof clocks
    /** How one operation is timed, in µs (default: `clock` around `op`); e.g. a time measured in a browser page. */
    readonly timed?: (contender: Contender) => Promise<number>
  } = {}
): Promise<Pair> => {
  const rounds = options.rounds ?? 20
  const now = clocks[options.clock ?? "wall"]
  for (let i = 0; i < (options.warmup ?? 2); i++) {
    await reference.op()
    await contender.op()
  }
  const time =
    options.timed ??
    (async (c: Contender) => {
      const start = now()
      await c.op()
      return (now() - start) * 1000
    })
  const mine: Array<number> = []
  const theirs: Array<number> = []
  const ratios: Array<number> = []
  for (let round = 0; round < rounds; round++) {
    const first = round % 2 === 0
    const a = await time(first ? reference : contender)
    const b = await time(first ? contender : reference)
    const [ref, own] = first ? [a, b] : [b, a]
    theirs.push(ref)
    mine.push(own)
    ratios.push(own / ref)
  }
  return { micros: median(mine), referenceMicros: median(theirs), ratio: median(ratios) }
}

/** `a / b` formatted as a ratio with two decimals. */
export const ratio = (a: number, b: number): string => `${(a / b).toFixed(2)}×`

/** Format a number with a sensible number of decimals. */
export const fmt = (value: number): string =>
  value >= 100 ? value.toFixed(0) : value >= 10 ? value.toFixed(1) : value.toFixed(2)
