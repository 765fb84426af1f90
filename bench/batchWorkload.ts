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
 * A queue of keys and their waiters answered in slices of {@link BATCH} by {@link answer}, with no other logic: the
 * floors' shared part. `push` answers the queue's new length; `flush` answers everything queued, a slice at a time
 * (counted in `count.batches`), handing each waiter its value through `deliver`.
 */
export const sliceQueue = <W>(count: { batches: number }, deliver: (waiter: W, value: number) => void) => {
  let queue: Array<{ readonly key: number; readonly waiter: W }> = []
  const flush = () => {
    const all = queue
    queue = []
    for (let i = 0; i < all.length; i += BATCH) {
      const slice = all.slice(i, i + BATCH)
      count.batches++
      const values = answer(slice.map((e) => e.key))
      for (let j = 0; j < slice.length; j++) deliver(slice[j]!.waiter, values[j]!)
    }
  }
  return { push: (key: number, waiter: W): number => queue.push({ key, waiter }), flush }
}

/**
 * The Effect floor of one fiber per key: each key's fiber suspends in a callback; every 100th key resumes the
 * slice at once (a leftover slice on a microtask). No batching logic at all.
 */
export const fiberFloor = (count: { batches: number } = { batches: 0 }) => {
  const queue = sliceQueue<(effect: Effect.Effect<number>) => void>(count, (resume, value) =>
    resume(Effect.succeed(value))
  )
  return Effect.forEach(
    keys,
    (key) =>
      Effect.callback<number>((resume) => {
        const length = queue.push(key, resume)
        if (length === BATCH) queue.flush()
        else if (length === 1) queueMicrotask(queue.flush)
      }),
    { concurrency: "unbounded" }
  )
}
