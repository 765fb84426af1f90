/**
 * BatchProcessor: callers ask for one item by key; the processor queues the keys, sends them in batches to a
 * process function (at most `batchSize` keys per call, after a `waitMs` window, at most `concurrency` calls in
 * flight), and resolves each caller from the answer, from its cache, or rejects it with a {@link BatchFailure}
 * after retries with a cooldown.
 *
 * Semantics (DataLoader's, plus the spec's retries):
 * - Duplicate keys (same `keyOf`) asked while one is queued, batched or waiting for a retry share one entry.
 * - The window opens when a key enters an empty queue and is fixed (not sliding). A batch that fills up is sent at
 *   once, without waiting for the window; when the window ends, everything queued is sent (in batches of
 *   `batchSize`, as fast as `concurrency` allows).
 * - Results and errors are per key. Resolved values are memoized (unless `memoize: false`); failures never are,
 *   so the next request for a failed key starts afresh.
 * - A key that failed retriably waits `cooldown(attempt)` ms, then re-enters the queue (and its next window).
 * - A key absent from the process function's answer counts as a retriable failure (`onMissing: "retry"`, the
 *   default) or is rejected at once as `unretriableFailure` (`onMissing: "reject"`).
 * - The window and the cooldowns run on Effect's `Clock`, so `TestClock` drives them in tests.
 *
 * The queue is written on Effect primitives: per processor one worker fiber and one timer fiber, plus one fiber
 * per batch (and per group of retries); asking for a key allocates no fiber.
 *
 * @module
 */
import * as Cause from "effect/Cause"
import * as Clock from "effect/Clock"
import * as Duration from "effect/Duration"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import type * as Option from "effect/Option"
import type * as Scope from "effect/Scope"
import { BatchDefaults, type Cooldown, fixedCooldown } from "./BatchDefaults.ts"
import { BatchFailure, type BatchFailureReason, BatchItemError } from "./BatchFailure.ts"

/** The identity of a key: keys with the same identity are one entry, and answers are looked up by it. */
export type BatchKeyId = string | number

/**
 * What a process function answers: either a map from key identity to value, or an array aligned with the keys it
 * was given (DataLoader style). A value may be a {@link BatchItemError} to fail that key alone; a key with no entry
 * (or an index past the array's end) is "missing".
 */
export type BatchResponse<A> = ReadonlyMap<BatchKeyId, A | BatchItemError> | ReadonlyArray<A | BatchItemError>

/** A second-level (persistent) cache consulted when a batch is taken, before calling the process function. */
export interface BatchStore<A> {
  /** The stored value, or none. Must not fail: a broken store is a miss. */
  readonly get: (id: BatchKeyId) => Effect.Effect<Option.Option<A>>
  /** Store a resolved value. Must not fail. */
  readonly set: (id: BatchKeyId, value: A) => Effect.Effect<void>
}

/** Where a key is in its life cycle (client-layer §4: queued, batched, retried, resolved). */
export type BatchItemStatus = "queued" | "batched" | "retrying" | "resolved"

/** Counters, for tests, benchmarks and diagnostics. */
export interface BatchStats {
  /** Calls made to the process function so far. */
  readonly batches: number
  /** Keys waiting in the queue. */
  readonly queued: number
  /** Process calls in flight. */
  readonly inflight: number
  /** Keys not yet settled (queued, batched or waiting for a retry). */
  readonly pending: number
}

interface CommonOptions<K, A, E, R> {
  /** Fetch the values of a batch of distinct keys. */
  readonly process: (keys: ReadonlyArray<K>) => Effect.Effect<BatchResponse<A>, E, R>
  /** At most this many keys per process call (default {@link BatchDefaults}.batchSize, at least 1). */
  readonly batchSize?: number
  /** The batching window in ms (default {@link BatchDefaults}.waitMs). 0 batches the keys asked in the same turn. */
  readonly waitMs?: number
  /** Retries after the first attempt (default {@link BatchDefaults}.maxRetries). */
  readonly maxRetries?: number
  /** Process calls in flight at once (default {@link BatchDefaults}.concurrency, at least 1). */
  readonly concurrency?: number
  /** Cooldown after failed attempt n (default: a fixed {@link BatchDefaults}.cooldownMs); see `exponentialBackoff`. */
  readonly cooldown?: Cooldown
  /** Whether a failed process call is retried (default: always). A refused error rejects with `processFailure`. */
  readonly isRetriable?: (error: E) => boolean
  /** What to do with a key missing from an answer: retry it (default) or reject it as `unretriableFailure`. */
  readonly onMissing?: "retry" | "reject"
  /** Keep resolved values in memory and answer later requests from there (default true). */
  readonly memoize?: boolean
  /** A persistent cache (e.g. `Cache.batchStore`); off unless given (client-layer §9: "Cache default: not used"). */
  readonly store?: BatchStore<A>
}

/** Options of {@link make}. `keyOf` is required unless keys are strings or numbers. */
export type BatchProcessorOptions<K, A, E, R> =
  & CommonOptions<K, A, E, R>
  & ([K] extends [BatchKeyId] ? { readonly keyOf?: (key: K) => BatchKeyId }
    : { readonly keyOf: (key: K) => BatchKeyId })

/** A running batch processor (see the module doc). Lives as long as the Scope it was made in. */
export interface BatchProcessor<K, A> {
  /** The value for `key`: from memory, or queued, batched and fetched. */
  readonly get: (key: K) => Effect.Effect<A, BatchFailure>
  /** The values of several keys, in order; fails with the first rejection. Queues all keys without a fiber each. */
  readonly getAll: (keys: Iterable<K>) => Effect.Effect<Array<A>, BatchFailure>
  /** The memoized value of `key`, synchronously, if there is one. */
  readonly peek: (key: K) => A | undefined
  /** Where `key` is: queued, batched, retrying, resolved (memoized), or undefined when unknown. */
  readonly status: (key: K) => BatchItemStatus | undefined
  /** Memoize a value (no effect with `memoize: false`; keys already pending are not changed). */
  readonly prime: (key: K, value: A) => Effect.Effect<void>
  /** Forget the memoized value of `key`. */
  readonly invalidate: (key: K) => Effect.Effect<void>
  /** Forget every memoized value. */
  readonly clear: Effect.Effect<void>
  /** Counters. */
  readonly stats: () => BatchStats
}

/**
 * A waiter on an entry. A `get` registers the fiber's resume function (slot -1); a `getAll` registers one
 * collector for all its keys, each with its index as slot, so that queueing a key allocates no closure.
 */
type Resume<A> = (effect: Effect.Effect<A, BatchFailure>) => void
interface Collector<A> {
  readonly settle: (slot: number, ok: boolean, value: A | BatchFailure) => void
  readonly interrupt: () => void
}
type Waiter<A> = Resume<A> | Collector<A>

interface Entry<K, A> {
  readonly key: K
  readonly id: BatchKeyId
  attempts: number
  /** "rejected" entries are already out of the map, so `status()` never reports it. */
  status: BatchItemStatus | "rejected"
  /** The value once resolved (status "resolved"). */
  value: A | undefined
  first: Waiter<A> | undefined
  firstSlot: number
  more: Array<Waiter<A> | number> | undefined
}

const deliver = <A>(waiter: Waiter<A>, slot: number, ok: boolean, value: A | BatchFailure): void => {
  if (slot < 0) (waiter as Resume<A>)(ok ? Exit.succeed(value as A) : Exit.fail(value as BatchFailure))
  else (waiter as Collector<A>).settle(slot, ok, value)
}

const interruptWaiter = <A>(waiter: Waiter<A>, slot: number): void => {
  if (slot < 0) (waiter as Resume<A>)(Exit.interrupt())
  else (waiter as Collector<A>).interrupt()
}

/** Settle every waiter of an entry: with a value or failure, or (`interrupted`) by interruption. */
const notify = <K, A>(entry: Entry<K, A>, ok: boolean, value: A | BatchFailure, interrupted = false): void => {
  const first = entry.first
  const more = entry.more
  entry.first = undefined
  entry.more = undefined
  const send = interrupted ? interruptWaiter : (w: Waiter<A>, slot: number) => deliver(w, slot, ok, value)
  if (first !== undefined) send(first, entry.firstSlot)
  if (more !== undefined) for (let i = 0; i < more.length; i += 2) send(more[i] as Waiter<A>, more[i + 1] as number)
}

const identity = (key: unknown): BatchKeyId => key as BatchKeyId

/**
 * A wake-up signal for one fiber: `await` suspends until `raise`; a `raise` while nobody waits is remembered, so a
 * wake-up that lands while the fiber is busy (or yielded by the scheduler) is never lost.
 */
const makeSignal = () => {
  let waiter: ((effect: Effect.Effect<void>) => void) | undefined
  let raised = false
  return {
    raise: (): void => {
      const resume = waiter
      if (resume !== undefined) {
        waiter = undefined
        resume(Effect.void)
      } else raised = true
    },
    await: Effect.callback<void>((resume) => {
      if (raised) {
        raised = false
        resume(Effect.void)
      } else waiter = resume
    })
  }
}

/** The `cause` of a failure for a key that the process function's answer left out. */
export const missingCause = "missing from the answer"

/** Make a batch processor that lives in the current Scope: closing it stops the worker and interrupts waiters. */
export const make = <K, A, E = never, R = never>(
  options: BatchProcessorOptions<K, A, E, R>
): Effect.Effect<BatchProcessor<K, A>, never, R | Scope.Scope> =>
  Effect.gen(function*() {
    const defaults = yield* BatchDefaults
    const clock = yield* Clock.Clock
    const scope = yield* Effect.scope
    const context = yield* Effect.context<R>()

    const batchSize = Math.max(1, Math.floor(options.batchSize ?? defaults.batchSize))
    const waitMs = Math.max(0, options.waitMs ?? defaults.waitMs)
    const maxRetries = Math.max(0, Math.floor(options.maxRetries ?? defaults.maxRetries))
    const concurrency = Math.max(1, Math.floor(options.concurrency ?? defaults.concurrency))
    const cooldown = options.cooldown ?? fixedCooldown(defaults.cooldownMs)
    const isRetriable = options.isRetriable
    const rejectMissing = options.onMissing === "reject"
    const memoize = options.memoize ?? true
    const store = options.store
    const keyOf: (key: K) => BatchKeyId = (options as { keyOf?: (key: K) => BatchKeyId }).keyOf ?? identity
    // Suspended, so that a process function that throws is a defect of its batch, not of the worker.
    const process = (keys: ReadonlyArray<K>) => Effect.provideContext(Effect.suspend(() => options.process(keys)), context)

    // One map for every known key: pending (queued, batched, retrying) and, when memoizing, resolved.
    const entries = new Map<BatchKeyId, Entry<K, A>>()
    let pendingCount = 0
    let queue: Array<Entry<K, A>> = []
    let head = 0
    let inflight = 0
    let batches = 0
    let closed = false

    // The window: opened by a key entering an empty queue, due `waitMs` later, closed when the queue empties.
    let windowId = 0
    let windowOpenedAt = 0
    let windowDue = false

    // The worker sends batches; the timer marks windows due. Each sleeps on its own signal.
    const workerSignal = makeSignal()
    const timerSignal = makeSignal()
    const wake = workerSignal.raise

    const enqueue = (entry: Entry<K, A>): void => {
      entry.status = "queued"
      const length = queue.push(entry) - head
      if (length === 1) {
        windowId++
        windowOpenedAt = clock.currentTimeMillisUnsafe()
        windowDue = false
        timerSignal.raise()
        wake()
      } else if (length === batchSize) wake()
    }

    const take = (): Array<Entry<K, A>> => {
      const end = Math.min(queue.length, head + batchSize)
      const batch = queue.slice(head, end)
      head = end
      if (head === queue.length) {
        queue = []
        head = 0
        windowDue = false
      } else if (head > 1024 && head * 2 > queue.length) {
        queue = queue.slice(head)
        head = 0
      }
      for (let i = 0; i < batch.length; i++) batch[i]!.status = "batched"
      return batch
    }

    const listen = (key: K, waiter: Waiter<A>, slot: number): void => {
      const id = keyOf(key)
      const entry = entries.get(id)
      if (entry !== undefined) {
        if (entry.status === "resolved") return deliver(waiter, slot, true, entry.value as A)
        if (entry.first === undefined) {
          entry.first = waiter
          entry.firstSlot = slot
        } else if (entry.more === undefined) entry.more = [waiter, slot]
        else entry.more.push(waiter, slot)
        return
      }
      if (closed) return interruptWaiter(waiter, slot)
      const created: Entry<K, A> = {
        key,
        id,
        attempts: 0,
        status: "queued",
        value: undefined,
        first: waiter,
        firstSlot: slot,
        more: undefined
      }
      entries.set(id, created)
      pendingCount++
      enqueue(created)
    }

    const resolve = (entry: Entry<K, A>, value: A): void => {
      pendingCount--
      entry.status = "resolved"
      if (memoize) entry.value = value
      else entries.delete(entry.id)
      notify(entry, true, value)
    }

    const reject = (entry: Entry<K, A>, reason: BatchFailureReason, cause: unknown): void => {
      pendingCount--
      entry.status = "rejected"
      entries.delete(entry.id)
      notify(entry, false, new BatchFailure({ reason, key: entry.id, attempts: entry.attempts, cause }))
    }

    // Retriable failures of one batch, grouped by cooldown so that one timer requeues each group.
    const retryOrReject = (entry: Entry<K, A>, cause: unknown, retries: Map<number, Array<Entry<K, A>>>): void => {
      if (entry.attempts > maxRetries) return reject(entry, "maxAttemptsReached", cause)
      entry.status = "retrying"
      const delay = Math.max(0, cooldown(entry.attempts))
      const group = retries.get(delay)
      if (group === undefined) retries.set(delay, [entry])
      else group.push(entry)
    }

    const requeueAfter = (delay: number, group: ReadonlyArray<Entry<K, A>>) =>
      Effect.forkIn(
        Effect.andThen(
          clock.sleep(Duration.millis(delay)),
          Effect.sync(() => {
            if (!closed) for (const entry of group) enqueue(entry)
          })
        ),
        scope
      )

    const settle = (batch: ReadonlyArray<Entry<K, A>>, exit: Exit.Exit<BatchResponse<A>, E>): Effect.Effect<void> => {
      const retries = new Map<number, Array<Entry<K, A>>>()
      const after: Array<Effect.Effect<unknown>> = []
      if (Exit.isSuccess(exit)) {
        const answer = exit.value
        const aligned = Array.isArray(answer) ? (answer as ReadonlyArray<A | BatchItemError>) : undefined
        const byId = aligned === undefined ? (answer as ReadonlyMap<BatchKeyId, A | BatchItemError>) : undefined
        for (let i = 0; i < batch.length; i++) {
          const entry = batch[i]!
          let value: A | BatchItemError | undefined
          let found: boolean
          if (aligned !== undefined) {
            found = i < aligned.length
            value = aligned[i]
          } else {
            value = byId!.get(entry.id)
            found = value !== undefined || byId!.has(entry.id)
          }
          if (!found) {
            if (rejectMissing) reject(entry, "unretriableFailure", missingCause)
            else retryOrReject(entry, missingCause, retries)
          } else if (value instanceof BatchItemError) {
            if (value.retriable) retryOrReject(entry, value.cause, retries)
            else reject(entry, "unretriableFailure", value.cause)
          } else {
            resolve(entry, value as A)
            if (store !== undefined) after.push(store.set(entry.id, value as A))
          }
        }
      } else if (!(closed && Cause.hasInterrupts(exit.cause))) {
        const error = Cause.findErrorOption(exit.cause)
        if (error._tag === "Some" && (isRetriable === undefined || isRetriable(error.value))) {
          for (const entry of batch) retryOrReject(entry, error.value, retries)
        } else {
          const cause = error._tag === "Some" ? error.value : Cause.squash(exit.cause)
          for (const entry of batch) reject(entry, "processFailure", cause)
        }
      }
      for (const [delay, group] of retries) after.push(requeueAfter(delay, group))
      return after.length === 0 ? Effect.void : Effect.all(after, { discard: true })
    }

    const callProcess = (batch: ReadonlyArray<Entry<K, A>>): Effect.Effect<void> => {
      if (batch.length === 0) return Effect.void
      const keys = new Array<K>(batch.length)
      for (let i = 0; i < batch.length; i++) {
        const entry = batch[i]!
        entry.attempts++
        keys[i] = entry.key
      }
      batches++
      return Effect.flatMap(Effect.exit(process(keys)), (exit) => settle(batch, exit))
    }

    // With a store: answer what it knows, call the process function with the rest.
    const callStored = (batch: ReadonlyArray<Entry<K, A>>, s: BatchStore<A>): Effect.Effect<void> =>
      Effect.flatMap(Effect.forEach(batch, (entry) => s.get(entry.id)), (stored) => {
        const rest: Array<Entry<K, A>> = []
        for (let i = 0; i < batch.length; i++) {
          const hit = stored[i]!
          if (hit._tag === "Some") resolve(batch[i]!, hit.value)
          else rest.push(batch[i]!)
        }
        return callProcess(rest)
      })

    // However a batch ends, a key of it still marked "batched" (a throwing `isRetriable` or `cooldown`, a store that
    // died, an interruption) is rejected rather than left waiting forever.
    const batchDone = (batch: ReadonlyArray<Entry<K, A>>) =>
      Effect.sync(() => {
        inflight--
        if (!closed) {
          for (const entry of batch) {
            if (entry.status === "batched") reject(entry, "processFailure", "the batch ended without an answer")
          }
        }
        wake()
      })
    const runBatch = (batch: ReadonlyArray<Entry<K, A>>) =>
      Effect.ensuring(
        Effect.suspend(() => store === undefined ? callProcess(batch) : callStored(batch, store)),
        batchDone(batch)
      )

    const worker: Effect.Effect<void> = Effect.suspend(() => {
      const queued = queue.length - head
      if (queued > 0 && inflight < concurrency && (queued >= batchSize || windowDue)) {
        inflight++
        return Effect.flatMap(Effect.forkIn(runBatch(take()), scope, { startImmediately: true }), () => worker)
      }
      return Effect.flatMap(workerSignal.await, () => worker)
    })

    // One timer fiber for all windows: it sleeps until the open window's end (re-reading it when it wakes, since
    // a full batch may have closed that window and a later key opened another), marks it due, and goes idle when
    // no window is open. With `waitMs` 0 it waits one scheduler turn instead.
    const markDue = (id: number) =>
      Effect.sync(() => {
        if (windowId === id && queue.length > head) {
          windowDue = true
          wake()
        }
      })
    const timer: Effect.Effect<void> = Effect.suspend(() => {
      if (queue.length === head || windowDue) return Effect.flatMap(timerSignal.await, () => timer)
      const id = windowId
      if (waitMs <= 0) return Effect.flatMap(Effect.andThen(Effect.yieldNow, markDue(id)), () => timer)
      const remaining = windowOpenedAt + waitMs - clock.currentTimeMillisUnsafe()
      const wait = remaining > 0 ? clock.sleep(Duration.millis(remaining)) : markDue(id)
      return Effect.flatMap(wait, () => timer)
    })

    yield* Effect.forkIn(timer, scope, { startImmediately: true })
    yield* Effect.forkIn(worker, scope, { startImmediately: true })
    yield* Effect.addFinalizer(() =>
      Effect.sync(() => {
        closed = true
        for (const entry of entries.values()) {
          if (entry.status === "resolved") continue
          entries.delete(entry.id)
          notify(entry, false, undefined as never, true)
        }
        pendingCount = 0
      })
    )

    /** One collector per `getAll` call; `settle` fills its slots and resumes the caller once. */
    class Gather implements Collector<A> {
      remaining: number
      done = false
      readonly out: Array<A>
      readonly resume: (effect: Effect.Effect<Array<A>, BatchFailure>) => void
      constructor(out: Array<A>, resume: (effect: Effect.Effect<Array<A>, BatchFailure>) => void) {
        this.out = out
        this.resume = resume
        this.remaining = out.length
      }
      interrupt(): void {
        if (this.done) return
        this.done = true
        this.resume(Exit.interrupt())
      }
      settle(slot: number, ok: boolean, value: A | BatchFailure): void {
        if (this.done) return
        if (ok) {
          this.out[slot] = value as A
          if (--this.remaining === 0) {
            this.done = true
            this.resume(Exit.succeed(this.out))
          }
        } else {
          this.done = true
          this.resume(Exit.fail(value as BatchFailure))
        }
      }
    }

    const processor: BatchProcessor<K, A> = {
      get: (key) => Effect.callback<A, BatchFailure>((resume) => listen(key, resume, -1)),
      getAll: (keys) =>
        Effect.callback<Array<A>, BatchFailure>((resume) => {
          const list = Array.isArray(keys) ? (keys as ReadonlyArray<K>) : [...keys]
          if (list.length === 0) return resume(Exit.succeed([]))
          const gather = new Gather(new Array<A>(list.length), resume)
          for (let i = 0; i < list.length && !gather.done; i++) listen(list[i]!, gather, i)
        }),
      peek: (key) => {
        const entry = entries.get(keyOf(key))
        return entry !== undefined && entry.status === "resolved" ? entry.value : undefined
      },
      status: (key) => entries.get(keyOf(key))?.status as BatchItemStatus | undefined,
      prime: (key, value) =>
        Effect.sync(() => {
          const id = keyOf(key)
          const entry = entries.get(id)
          if (!memoize || (entry !== undefined && entry.status !== "resolved")) return
          entries.set(id, { key, id, attempts: 0, status: "resolved", value, first: undefined, firstSlot: -1, more: undefined })
        }),
      invalidate: (key) =>
        Effect.sync(() => {
          const id = keyOf(key)
          if (entries.get(id)?.status === "resolved") entries.delete(id)
        }),
      clear: Effect.sync(() => {
        for (const [id, entry] of entries) if (entry.status === "resolved") entries.delete(id)
      }),
      stats: () => ({ batches, queued: queue.length - head, inflight, pending: pendingCount })
    }
    return processor
  })
