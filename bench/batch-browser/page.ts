/**
 * The page of `npm run bench:browser-batch` (./run.ts): the Node batching benchmark's contenders (bench/batch.bench.ts)
 * in Chromium, where the library runs. Each contender asks for 100k distinct keys, 100 per batch, the batch function
 * answering at once; `window.batchBench.time(name)` runs one contender once and answers its wall-clock time in ms.
 *
 * @module
 */
import DataLoader from "dataloader"
import * as Effect from "effect/Effect"
import { BatchProcessor } from "platform-web-client/batch"
import { answer, BATCH, fiberFloor, KEYS, keys } from "../batchWorkload.ts"

const processor = (memoize: boolean) =>
  BatchProcessor.make<number, number>({
    process: (batch) => Effect.sync(() => answer(batch)),
    batchSize: BATCH,
    memoize
  })

/** The contenders, by name; each resolves with its 100k answers. */
const contenders: Record<string, () => Promise<ReadonlyArray<number>>> = {
  "DataLoader (load × N)": () => {
    const loader = new DataLoader<number, number>(async (batch) => answer(batch), { maxBatchSize: BATCH })
    return Promise.all(keys.map((k) => loader.load(k)))
  },
  "BatchProcessor (getAll)": () =>
    Effect.runPromise(Effect.scoped(Effect.flatMap(processor(true), (p) => p.getAll(keys)))),
  "BatchProcessor (get × N, forEach unbounded)": () =>
    Effect.runPromise(
      Effect.scoped(Effect.flatMap(processor(true), (p) => Effect.forEach(keys, p.get, { concurrency: "unbounded" })))
    ),
  "BatchProcessor (get × N, memoize: false)": () =>
    Effect.runPromise(
      Effect.scoped(Effect.flatMap(processor(false), (p) => Effect.forEach(keys, p.get, { concurrency: "unbounded" })))
    ),
  "Effect fiber floor (one fiber per key, no batching logic)": () => Effect.runPromise(fiberFloor())
}

declare global {
  interface Window {
    batchBench: { readonly names: ReadonlyArray<string>; readonly time: (name: string) => Promise<number> }
  }
}

window.batchBench = {
  names: Object.keys(contenders),
  time: async (name) => {
    const start = performance.now()
    const values = await contenders[name]!()
    const ms = performance.now() - start
    if (values.length !== KEYS || values[KEYS - 1] !== (KEYS - 1) * 2) throw new Error(`${name}: wrong answer`)
    return ms
  }
}
