/**
 * The queue of entries waiting to be sent in a batch, first in first out. It is an array read from a `head` index:
 * the part before `head` is dropped when the queue empties, or once it is over 1024 entries and more than half the
 * array, rather than shifted away batch by batch.
 *
 * @module
 */
import type { Entry } from "./entries.ts"

/** The entries of one processor waiting for a batch. */
export interface BatchQueue<K> {
  /** Add `entry` at the end; gives how many entries wait now. */
  readonly push: (entry: Entry<K>) => number
  /** Take up to `batchSize` entries from the head, now "batched". */
  readonly take: () => Array<Entry<K>>
  /** Entries waiting. */
  readonly size: () => number
}

/** An empty queue cut into batches of up to `batchSize` entries. */
export const makeBatchQueue = <K>(batchSize: number): BatchQueue<K> => {
  let queue: Array<Entry<K>> = []
  let head = 0
  return {
    push: (entry) => queue.push(entry) - head,
    take: () => {
      const batch = queue.slice(head, head + batchSize)
      head += batch.length
      if (head === queue.length) {
        queue = []
        head = 0
      } else if (head > 1024 && head * 2 > queue.length) {
        queue = queue.slice(head)
        head = 0
      }
      for (let i = 0; i < batch.length; i++) batch[i]!.status = "batched"
      return batch
    },
    size: () => queue.length - head
  }
}
