/**
 * The batching benchmarks' workload, shared by the Node section (./batch.bench.ts) and the Chromium page
 * (./batch-browser/page.ts): 100k distinct keys, 100 per batch, a batch function that answers at once, and the
 * Effect floor of one fiber per key.
 *
 * @module
 */
import * as Effect from "effect/Effect"

/** Keys per run. */
export const KEYS = 100_000

/** Keys per batch. */
export const BATCH = 100

/** The keys: 0 … 99,999, all distinct. */
export const keys = Array.from({ length: KEYS }, (_, i) => i)

/** The batch function's answer: each key doubled, in order. */
export const answer = (batch: ReadonlyArray<number>): Array<number> => batch.map((k) => k * 2)

/**
 * The Effect floor of one fiber per key: each key's fiber suspends in a callback; every 100th key resumes the
 * slice at once (a leftover slice on a microtask). No batching logic at all.
 */
export const fiberFloor = (count: { batches: number } = { batches: 0 }) => {
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
