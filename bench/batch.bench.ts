/**
 * Batching 100k distinct keys, 100 per batch, the batch function answering at once: ns per key for DataLoader,
 * a plain array-queue floor, the Effect one-fiber-per-key floor and BatchProcessor (memoizing, as DataLoader does
 * by default, and with `memoize: false`), side by side, with the number of batches each made.
 */
import DataLoader from "dataloader"
import { cpus, loadavg } from "node:os"
import * as Effect from "effect/Effect"
import * as BatchProcessor from "../src/core/batch/BatchProcessor.ts"
import { answer, BATCH, fiberFloor, KEYS, keys, sliceQueue } from "./batchWorkload.ts"
import { type Benchmark, type Contender, fmt, inPairs } from "./lib.ts"

/** Rounds per pair: each round times DataLoader and the contender back to back. */
const ROUNDS = 25

/** The floor: an array queue flushed on a microtask in slices of 100, one promise per key. */
const arrayQueueLoad = (count: { batches: number }) => {
  const queue = sliceQueue<(value: number) => void>(count, (resolve, value) => resolve(value))
  return (key: number) =>
    new Promise<number>((resolve) => {
      if (queue.push(key, resolve) === 1) queueMicrotask(queue.flush)
    })
}

const makeProcessor = (count: { batches: number }, memoize = true) =>
  BatchProcessor.make<number, number>({
    process: (batch) =>
      Effect.sync(() => {
        count.batches++
        return answer(batch)
      }),
    batchSize: BATCH,
    memoize
  })

const getAll = (count: { batches: number }, memoize: boolean) =>
  Effect.runPromise(Effect.scoped(Effect.flatMap(makeProcessor(count, memoize), (p) => p.getAll(keys))))

const getEach = (count: { batches: number }, memoize: boolean) =>
  Effect.runPromise(
    Effect.scoped(
      Effect.flatMap(makeProcessor(count, memoize), (p) => Effect.forEach(keys, p.get, { concurrency: "unbounded" }))
    )
  )

const check = (values: ReadonlyArray<number>) => {
  if (values.length !== KEYS || values[KEYS - 1] !== (KEYS - 1) * 2) throw new Error("wrong answer")
}

const benchmark: Benchmark = {
  name: "BatchProcessor vs DataLoader",
  async run() {
    const loadBefore = loadavg()[0]!
    const counts = new Map<string, { batches: number; runs: number }>()
    const counted = (name: string, op: (count: { batches: number }) => Promise<ReadonlyArray<number>>): Contender => {
      const count = { batches: 0, runs: 0 }
      counts.set(name, count)
      return {
        name,
        op: async () => {
          count.runs++
          check(await op(count))
        }
      }
    }
    const dataLoader = counted("DataLoader (load × N)", (count) => {
      const loader = new DataLoader<number, number>(
        async (batch) => {
          count.batches++
          return answer(batch)
        },
        { maxBatchSize: BATCH }
      )
      return Promise.all(keys.map((k) => loader.load(k)))
    })
    const others: Array<Contender> = [
      counted("BatchProcessor (getAll)", (count) => getAll(count, true)),
      counted("BatchProcessor (getAll, memoize: false)", (count) => getAll(count, false)),
      counted("BatchProcessor (get × N, forEach unbounded)", (count) => getEach(count, true)),
      counted("BatchProcessor (get × N, memoize: false)", (count) => getEach(count, false)),
      counted("array-queue floor (load × N)", (count) => {
        const load = arrayQueueLoad(count)
        return Promise.all(keys.map(load))
      }),
      counted("DataLoader (load × N, cache: false)", (count) => {
        const loader = new DataLoader<number, number>(
          async (batch) => {
            count.batches++
            return answer(batch)
          },
          { maxBatchSize: BATCH, cache: false }
        )
        return Promise.all(keys.map((k) => loader.load(k)))
      }),
      counted("DataLoader (loadMany)", async (count) => {
        const loader = new DataLoader<number, number>(
          async (batch) => {
            count.batches++
            return answer(batch)
          },
          { maxBatchSize: BATCH }
        )
        return (await loader.loadMany(keys)) as Array<number>
      }),
      counted("Effect fiber floor (one fiber per key, no batching logic)", (count) =>
        Effect.runPromise(fiberFloor(count))
      )
    ]
    // Each contender is measured in a pair with DataLoader. In a pair each one runs right after the other, so the
    // garbage one leaves (collected on the next one's time) is billed both ways; in one long rotation a contender
    // would always follow the same neighbour and pay for its garbage.
    const pairs = new Map<string, { readonly ns: number; readonly dataLoader: number; readonly ratio: number }>()
    for (const other of others) {
      const pair = await inPairs(dataLoader, other, { rounds: ROUNDS, clock: "cpu" })
      pairs.set(other.name, {
        ns: (pair.micros * 1000) / KEYS,
        dataLoader: (pair.referenceMicros * 1000) / KEYS,
        ratio: pair.ratio
      })
    }
    const batchesOf = (name: string) => {
      const count = counts.get(name)!
      return `${fmt(count.batches / count.runs)} batches per 100k keys`
    }
    const versus = (name: string) => pairs.get(name)!.ratio
    const dataLoaderRuns = [...pairs.values()].map((p) => p.dataLoader).sort((a, b) => a - b)
    const rows = [
      {
        name: dataLoader.name,
        value: dataLoaderRuns[dataLoaderRuns.length >> 1]!,
        unit: "ns/key",
        note: `median of its ${pairs.size} pairs (${dataLoaderRuns.map(fmt).join(", ")}); ${batchesOf(dataLoader.name)}`
      },
      ...others.map((c) => ({
        name: c.name,
        value: pairs.get(c.name)!.ns,
        unit: "ns/key",
        note: `${versus(c.name).toFixed(2)}× DataLoader in its pair; ${batchesOf(c.name)}`
      }))
    ]
    const all = versus("BatchProcessor (getAll)")
    const each = versus("BatchProcessor (get × N, forEach unbounded)")
    const floor = versus("Effect fiber floor (one fiber per key, no batching logic)")
    const ratio = (name: string) => `${versus(name).toFixed(2)}×`
    return {
      title: "Batching: 100k distinct keys, 100 per batch, answered at once",
      rows,
      ratios: [
        `BatchProcessor getAll / DataLoader load × N = ${all.toFixed(2)}× (memoize: false: ${ratio(
          "BatchProcessor (getAll, memoize: false)"
        )})`,
        `BatchProcessor get × N (one fiber per key) / DataLoader load × N = ${each.toFixed(2)}× (memoize: false: ${ratio(
          "BatchProcessor (get × N, memoize: false)"
        )})`,
        `DataLoader load × N with cache: false / with its cache = ${ratio("DataLoader (load × N, cache: false)")}`,
        `array-queue floor / DataLoader load × N = ${ratio("array-queue floor (load × N)")}`,
        `Effect fiber floor / DataLoader load × N = ${floor.toFixed(2)}×`
      ],
      notes: [
        `Target getAll ≤ 0.8× DataLoader: ${all <= 0.8 ? "met" : "missed"} (${all.toFixed(2)}×).`,
        `Target get × N ≤ 1.0× DataLoader: ${each <= 1 ? "met" : "missed"} in this run (${each.toFixed(2)}×). get × N runs each key in its own fiber (Effect.forEach, unbounded concurrency); the Effect fiber floor, that fiber per key with no batching logic at all, is ${floor.toFixed(2)}× by itself, so get × N is about that floor plus the processor's own work per key (what getAll costs), more with memoization (a map growing to 100k entries). This ratio moves a lot from one process to the next (garbage collection: each contender pays for garbage the other left): do not read one run alone (docs/performance.md, "Batching", has the spread over several runs). For many keys at once use getAll, the like of DataLoader's load × N.`,
        "Both memoize by default (DataLoader caches the promise of every key; BatchProcessor keeps every resolved value); the memoize: false and cache: false rows show what that costs when every key is new.",
        `Each run makes a fresh loader/processor, so every key is a miss. Every contender is measured with DataLoader in a pair: ${ROUNDS} rounds, each timing the two back to back; the ratio is the median of the rounds' ratios, the ns/key the median of the contender's rounds.`,
        `Machine load (1-minute average) ${loadBefore.toFixed(1)} before this section and ${loadavg()[0]!.toFixed(
          1
        )} after it, on ${cpus().length} CPUs.`,
        "Times are the process's CPU time (user + system, all threads, garbage collection included), not the wall clock: every contender is pure CPU work (the batch function answers at once, every batch is full, nothing waits), and CPU time leaves out the other work of a shared machine."
      ]
    }
  }
}

export default benchmark
