/**
 * Batching 100k distinct keys, 100 per batch, the batch function answering at once: ns per key for DataLoader,
 * a plain array-queue floor and BatchProcessor, side by side, with the number of batches each made.
 */
import DataLoader from "dataloader"
import * as Effect from "effect/Effect"
import * as BatchProcessor from "../src/core/batch/BatchProcessor.ts"
import { type Benchmark, type Contender, fmt, ratio, sideBySide } from "./lib.ts"

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
    const contenders: Array<Contender> = [
      counted("array-queue floor (load × N)", (count) => {
        const load = arrayQueueLoad(count)
        return Promise.all(keys.map(load))
      }),
      counted("DataLoader (load × N)", (count) => {
        const loader = new DataLoader<number, number>(async (batch) => {
          count.batches++
          return answer(batch)
        }, { maxBatchSize: BATCH })
        return Promise.all(keys.map((k) => loader.load(k)))
      }),
      counted("DataLoader (loadMany)", async (count) => {
        const loader = new DataLoader<number, number>(async (batch) => {
          count.batches++
          return answer(batch)
        }, { maxBatchSize: BATCH })
        return (await loader.loadMany(keys)) as Array<number>
      }),
      counted("BatchProcessor (getAll)", (count) =>
        Effect.runPromise(Effect.scoped(Effect.flatMap(makeProcessor(count), (p) => p.getAll(keys))))),
      counted("Effect fiber floor (one fiber per key, no batching logic)", (count) =>
        Effect.runPromise(fiberFloor(count))),
      counted("BatchProcessor (get × N, forEach unbounded)", (count) =>
        Effect.runPromise(
          Effect.scoped(
            Effect.flatMap(makeProcessor(count), (p) => Effect.forEach(keys, p.get, { concurrency: "unbounded" }))
          )
        ))
    ]
    const micros = await sideBySide(contenders, { rounds: 15, batch: 1, warmup: 2 })
    const nsPerKey = (name: string) => (micros.get(name)! * 1000) / KEYS
    const rows = contenders.map((c) => {
      const count = counts.get(c.name)!
      return {
        name: c.name,
        value: nsPerKey(c.name),
        unit: "ns/key",
        note: `${fmt(count.batches / count.runs)} batches per 100k keys`
      }
    })
    const dl = nsPerKey("DataLoader (load × N)")
    const dlMany = nsPerKey("DataLoader (loadMany)")
    const all = nsPerKey("BatchProcessor (getAll)")
    const each = nsPerKey("BatchProcessor (get × N, forEach unbounded)")
    return {
      title: "Batching: 100k distinct keys, 100 per batch, answered at once",
      rows,
      ratios: [
        `BatchProcessor getAll / DataLoader load × N = ${ratio(all, dl)}`,
        `BatchProcessor getAll / DataLoader loadMany = ${ratio(all, dlMany)}`,
        `BatchProcessor get × N (one fiber per key) / DataLoader load × N = ${ratio(each, dl)}`,
        `BatchProcessor get × N / Effect fiber floor = ${
          ratio(each, nsPerKey("Effect fiber floor (one fiber per key, no batching logic)"))
        }`,
        `DataLoader load × N / array-queue floor = ${ratio(dl, nsPerKey("array-queue floor (load × N)"))}`
      ],
      notes: [
        `Target: BatchProcessor at most 1.0× DataLoader: getAll ${all <= dl ? "meets" : "misses"} it (${ratio(all, dl)}).`,
        "get × N runs each key in its own fiber (Effect.forEach, unbounded concurrency): its cost is the fiber per key (see the Effect fiber floor), not the queue. For many keys at once use getAll, the like of DataLoader's load × N.",
        "Each contender makes a fresh loader/processor per run, so every key is a miss; timings are medians of 15 interleaved rounds."
      ]
    }
  }
}

export default benchmark
