/**
 * Batching 100k distinct keys, 100 per batch, the batch function answering at once: ns per key for DataLoader,
 * a plain array-queue floor and BatchProcessor, side by side, with the number of batches each made.
 */
import DataLoader from "dataloader"
import * as Effect from "effect/Effect"
import * as BatchProcessor from "../src/core/batch/BatchProcessor.ts"
import { type Benchmark, type Contender, fmt, sideBySide } from "./lib.ts"

const KEYS = 100_000
const BATCH = 100
const keys = Array.from({ length: KEYS }, (_, i) => i)
const answer = (batch: ReadonlyArray<number>): Array<number> => batch.map((k) => k * 2)

/** The floor: an array queue flushed on a microtask in slices of 100, one promise per key. */
const arrayQueueLoad = (count: { batches: number }) => {
  let queue: Array<{ key: number; resolve: (v: number) => void }> = []
  const flush = () => {
    const all = queue
    queue = []
    for (let i = 0; i < all.length; i += BATCH) {
      const slice = all.slice(i, i + BATCH)
      count.batches++
      const values = answer(slice.map((e) => e.key))
      for (let j = 0; j < slice.length; j++) slice[j]!.resolve(values[j]!)
    }
  }
  return (key: number) =>
    new Promise<number>((resolve) => {
      if (queue.push({ key, resolve }) === 1) queueMicrotask(flush)
    })
}

/**
 * The Effect floor of one fiber per key: each key's fiber suspends in a callback; every 100th key resumes the
 * slice at once (a leftover slice on a microtask). No batching logic at all.
 */
const fiberFloor = (count: { batches: number }) => {
  let queue: Array<{ key: number; resume: (effect: Effect.Effect<number>) => void }> = []
  const flush = () => {
    const all = queue
    queue = []
    for (let i = 0; i < all.length; i += BATCH) {
      const slice = all.slice(i, i + BATCH)
      count.batches++
      const values = answer(slice.map((e) => e.key))
      for (let j = 0; j < slice.length; j++) slice[j]!.resume(Effect.succeed(values[j]!))
    }
  }
  return Effect.forEach(
    keys,
    (key) =>
      Effect.callback<number>((resume) => {
        const length = queue.push({ key, resume })
        if (length === BATCH) flush()
        else if (length === 1) queueMicrotask(flush)
      }),
    { concurrency: "unbounded" }
  )
}

const makeProcessor = (count: { batches: number }) =>
  BatchProcessor.make<number, number>({
    process: (batch) =>
      Effect.sync(() => {
        count.batches++
        return answer(batch)
      }),
    batchSize: BATCH
  })

const check = (values: ReadonlyArray<number>) => {
  if (values.length !== KEYS || values[KEYS - 1] !== (KEYS - 1) * 2) throw new Error("wrong answer")
}

const benchmark: Benchmark = {
  name: "BatchProcessor vs DataLoader",
  async run() {
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
      const loader = new DataLoader<number, number>(async (batch) => {
        count.batches++
        return answer(batch)
      }, { maxBatchSize: BATCH })
      return Promise.all(keys.map((k) => loader.load(k)))
    })
    const others: Array<Contender> = [
      counted("BatchProcessor (getAll)", (count) =>
        Effect.runPromise(Effect.scoped(Effect.flatMap(makeProcessor(count), (p) => p.getAll(keys))))),
      counted("BatchProcessor (get × N, forEach unbounded)", (count) =>
        Effect.runPromise(
          Effect.scoped(
            Effect.flatMap(makeProcessor(count), (p) => Effect.forEach(keys, p.get, { concurrency: "unbounded" }))
          )
        )),
      counted("array-queue floor (load × N)", (count) => {
        const load = arrayQueueLoad(count)
        return Promise.all(keys.map(load))
      }),
      counted("DataLoader (loadMany)", async (count) => {
        const loader = new DataLoader<number, number>(async (batch) => {
          count.batches++
          return answer(batch)
        }, { maxBatchSize: BATCH })
        return (await loader.loadMany(keys)) as Array<number>
      }),
      counted("Effect fiber floor (one fiber per key, no batching logic)", (count) =>
        Effect.runPromise(fiberFloor(count)))
    ]
    // Each contender is measured in a pair with DataLoader. In a pair each one runs right after the other, so the
    // garbage one leaves (collected on the next one's time) is billed both ways; in one long rotation a contender
    // would always follow the same neighbour and pay for its garbage.
    const pairs = new Map<string, { readonly ns: number; readonly dataLoader: number }>()
    for (const other of others) {
      const micros = await sideBySide([dataLoader, other], { rounds: 12, batch: 1, warmup: 2 })
      pairs.set(other.name, {
        ns: (micros.get(other.name)! * 1000) / KEYS,
        dataLoader: (micros.get(dataLoader.name)! * 1000) / KEYS
      })
    }
    const batchesOf = (name: string) => {
      const count = counts.get(name)!
      return `${fmt(count.batches / count.runs)} batches per 100k keys`
    }
    const versus = (name: string) => {
      const pair = pairs.get(name)!
      return pair.ns / pair.dataLoader
    }
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
    return {
      title: "Batching: 100k distinct keys, 100 per batch, answered at once",
      rows,
      ratios: [
        `BatchProcessor getAll / DataLoader load × N = ${all.toFixed(2)}×`,
        `BatchProcessor get × N (one fiber per key) / DataLoader load × N = ${
          versus("BatchProcessor (get × N, forEach unbounded)").toFixed(2)
        }×`,
        `array-queue floor / DataLoader load × N = ${versus("array-queue floor (load × N)").toFixed(2)}×`,
        `Effect fiber floor / DataLoader load × N = ${
          versus("Effect fiber floor (one fiber per key, no batching logic)").toFixed(2)
        }×`
      ],
      notes: [
        `Target: BatchProcessor at most 1.0× DataLoader: getAll ${all <= 1 ? "meets" : "misses"} it (${all.toFixed(2)}×).`,
        "get × N runs each key in its own fiber (Effect.forEach, unbounded concurrency); the Effect fiber floor is that fiber per key with no batching logic. For many keys at once use getAll, the like of DataLoader's load × N.",
        "Each run makes a fresh loader/processor, so every key is a miss. Every contender is measured side by side with DataLoader in a pair (12 interleaved rounds, medians), so ratios compare runs made under the same conditions."
      ]
    }
  }
}

export default benchmark
