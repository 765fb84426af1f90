/**
 * A small benchmark harness: every benchmark is a `bench/*.bench.ts` module whose default export is a
 * {@link Benchmark}. `npm run bench` (bench/run.ts) runs them all in one process, one after another, prints each
 * section and writes bench/results.md. Competitors inside one section are measured side by side, interleaved in
 * rounds, so that machine noise hits them alike; results are medians over rounds, reported with ratios.
 */
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

const median = (values: ReadonlyArray<number>): number => {
  const sorted = [...values].sort((a, b) => a - b)
  const mid = sorted.length >> 1
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2
}

/**
 * Measure contenders side by side: `rounds` rounds, each running every contender (in rotating order) for
 * `batch` sequential operations. Returns the median time per operation in microseconds, by name.
 */
export const sideBySide = async (
  contenders: ReadonlyArray<Contender>,
  options: { readonly rounds?: number; readonly batch?: number; readonly warmup?: number } = {}
): Promise<Map<string, number>> => {
  const rounds = options.rounds ?? 15
  const batch = options.batch ?? 200
  const warmup = options.warmup ?? 300
  for (const c of contenders) for (let i = 0; i < warmup; i++) await c.op()
  const samples = new Map<string, Array<number>>(contenders.map((c) => [c.name, []]))
  for (let round = 0; round < rounds; round++) {
    for (let k = 0; k < contenders.length; k++) {
      const c = contenders[(round + k) % contenders.length]!
      const start = performance.now()
      for (let i = 0; i < batch; i++) await c.op()
      samples.get(c.name)!.push(((performance.now() - start) * 1000) / batch)
    }
  }
  return new Map([...samples].map(([name, values]) => [name, median(values)]))
}

/** `a / b` formatted as a ratio with two decimals. */
export const ratio = (a: number, b: number): string => `${(a / b).toFixed(2)}×`

/** Format a number with a sensible number of decimals. */
export const fmt = (value: number): string =>
  value >= 100 ? value.toFixed(0) : value >= 10 ? value.toFixed(1) : value.toFixed(2)
