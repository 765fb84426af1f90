/**
 * The scheduler: when batches go out. It owns the queue of entries waiting to be sent, the batching window they
 * wait in, and two fibers, each asleep on its own {@link Signal} when idle:
 *
 * - the window opens when an entry enters an empty queue and ends `waitMs` later (fixed, not sliding);
 * - the worker cuts a batch of up to `batchSize` entries, from the head of the queue, when a full batch waits (at
 *   once) or the window is due (then everything queued goes, a batch at a time), while fewer than `concurrency`
 *   batches are in flight; it runs each batch in a fiber of its own. Cutting the last entries closes the window;
 * - the timer sleeps until the open window ends and marks it due, one scheduler turn later (so never in the turn
 *   the window opened; with `waitMs` 0 that turn is the window);
 * - each key a batch hands back for a retry waits its cooldown (set by dispatch) in a fiber of its own, then
 *   re-enters the queue, and so its next window.
 *
 * Everything runs on Effect's `Clock`, so `TestClock` drives it in tests.
 *
 * @module
 */
import type * as Clock from "effect/Clock"
import * as Effect from "effect/Effect"
import type * as Scope from "effect/Scope"
import type { Dispatch } from "./dispatch.ts"
import type { Entry } from "./entries.ts"
import { makeBatchQueue } from "./queue.ts"
// eslint-disable-next-line @typescript-eslint/no-unused-vars -- named by the doc comments' {@link}s
import { makeSignal, type Signal } from "./signal.ts"

/** The scheduler of one processor. */
export interface Scheduler<K> {
  /** Queue a new entry and wake whoever must act on it. */
  readonly enqueue: (entry: Entry<K>) => void
  /** Entries waiting in the queue. */
  readonly queued: () => number
  /** Process calls in flight. */
  readonly inflight: () => number
}

/** Run an effect in a fiber of its own, in the processor's scope, starting now. */
type Start = <X>(effect: Effect.Effect<void, never, X>) => Effect.Effect<unknown, never, X>

/**
 * The step after a batch: each key it handed back waits its cooldown in a fiber of its own (started by `start`),
 * "retrying", then re-enters the queue through `enqueue`.
 */
const makeRetryLater =
  <K>(start: Start, enqueue: (entry: Entry<K>) => void) =>
  (retries: ReadonlyArray<Entry<K>> | undefined): Effect.Effect<void> =>
    retries === undefined
      ? Effect.void
      : Effect.forEach(
          retries,
          (entry) => {
            entry.status = "retrying"
            return start(
              Effect.andThen(
                Effect.sleep(entry.cooldown),
                Effect.sync(() => enqueue(entry))
              )
            )
          },
          { discard: true }
        )

/**
 * Start the scheduler that sends batches to `dispatch`. Its fibers (worker, timer, batches, cooldowns) live in
 * `scope`: closing it stops them all.
 */
export const startScheduler = <K, R>(
  batchSize: number,
  waitMs: number,
  concurrency: number,
  dispatch: Dispatch<K, R>,
  clock: Clock.Clock,
  scope: Scope.Scope
): Effect.Effect<Scheduler<K>, never, R> => {
  const worker = makeSignal()
  const timer = makeSignal()
  const queue = makeBatchQueue<K>(batchSize)
  // The window: numbered, so that the timer can tell whether the one it slept for is still open.
  let window = 0
  let windowOpenedAt = 0
  let windowDue = false
  let inflight = 0

  const queued = queue.size

  const enqueue = (entry: Entry<K>): void => {
    entry.status = "queued"
    const length = queue.push(entry)
    if (length === 1) {
      window++
      windowOpenedAt = clock.currentTimeMillisUnsafe()
      windowDue = false
      timer.wake()
      worker.wake()
    } else if (length === batchSize) worker.wake()
  }

  /** The next batch; cutting the last entries closes the window. */
  const take = (): Array<Entry<K>> => {
    const batch = queue.take()
    if (queued() === 0) windowDue = false
    return batch
  }

  const start: Start = (effect) => Effect.forkIn(effect, scope, { startImmediately: true })
  const retryLater = makeRetryLater(start, enqueue)

  const batchEnded = Effect.sync(() => {
    inflight--
    worker.wake()
  })

  const runBatch = (batch: ReadonlyArray<Entry<K>>) =>
    Effect.ensuring(
      Effect.flatMap(
        Effect.suspend(() => dispatch.run(batch)),
        retryLater
      ),
      batchEnded
    )

  // Each fiber takes one step, then the next: the worker cuts and starts a batch or sleeps until woken; the timer
  // sleeps until the open window ends (re-reading it when it wakes: a full batch may have closed the one it slept for,
  // and a later key opened another) or until a key opens one.
  const work: Effect.Effect<void, never, R> = Effect.flatMap(
    Effect.suspend(() => {
      // (An empty queue is never due: emptying it closes the window.)
      if (inflight >= concurrency || (queued() < batchSize && !windowDue)) return worker.sleep
      inflight++
      return start(runBatch(take()))
    }),
    () => work
  )

  const markDue = (id: number) =>
    Effect.sync(() => {
      if (window === id && queued() > 0) {
        windowDue = true
        worker.wake()
      }
    })

  const time: Effect.Effect<void> = Effect.flatMap(
    Effect.suspend(() => {
      if (queued() === 0 || windowDue) return timer.sleep
      const remaining = waitMs <= 0 ? 0 : windowOpenedAt + waitMs - clock.currentTimeMillisUnsafe()
      // A window that is over ends after one scheduler turn, never in the turn it opened (the timer is woken by the
      // first key): the keys asked in that turn (a getAll, a loop of gets) all go in it, even when the clock's
      // millisecond ticked over meanwhile.
      return remaining > 0 ? Effect.sleep(remaining) : Effect.andThen(Effect.yieldNow, markDue(window))
    }),
    () => time
  )

  return Effect.as(Effect.andThen(start(time), start(work)), { enqueue, queued, inflight: () => inflight })
}
