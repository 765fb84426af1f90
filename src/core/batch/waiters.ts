/**
 * Waiters: who is told when a key settles, and how. A key settles with one `Exit`: its value, its
 * {@link BatchFailure}, or an interruption (the processor closed). A `get` waits with its fiber's resume function,
 * which takes that exit as is; a `getAll` waits with one {@link Gather} for all its keys, each key under its index
 * (its slot), so that asking for a key allocates no closure of its own.
 *
 * @module
 */
import * as Exit from "effect/Exit"
import type { BatchFailure } from "./BatchFailure.ts"

/** How a key settled. */
export type Outcome<A> = Exit.Exit<A, BatchFailure>

/** A waiter for several keys, told which one settled by its slot. */
export interface Collector<A> {
  readonly settle: (slot: number, outcome: Outcome<A>) => void
}

/** Whoever waits for a key: a `get`'s resume function (a negative slot, {@link single}) or a collector (slot ≥ 0). */
export type Waiter<A> = ((outcome: Outcome<A>) => void) | Collector<A>

/** The slot a `get` waits under. */
export const single = -1

/** Tell `waiter` how the key in `slot` settled. */
export const deliver = <A>(waiter: Waiter<A>, slot: number, outcome: Outcome<A>): void => {
  if (slot < 0) (waiter as (outcome: Outcome<A>) => void)(outcome)
  else (waiter as Collector<A>).settle(slot, outcome)
}

/** The collector of one `getAll` call; `done` once the caller was resumed (then `getAll` stops asking for keys). */
export interface Gather<A> extends Collector<A> {
  readonly done: boolean
}

/**
 * The collector of one `getAll` call for `count` keys: fills its slots as keys resolve and resumes the caller once,
 * with every value in order, or with the first key that did not resolve (its failure, or the interruption).
 */
export const gather = <A>(count: number, resume: (exit: Exit.Exit<Array<A>, BatchFailure>) => void): Gather<A> => {
  // eslint-disable-next-line unicorn/no-new-array -- sized once and filled by index on the batching hot path
  const out = new Array<A>(count)
  let remaining = count
  const collector = {
    done: false,
    settle: (slot: number, outcome: Outcome<A>) => {
      if (collector.done) return
      if (Exit.isSuccess(outcome)) {
        out[slot] = outcome.value
        if (--remaining > 0) return
      }
      collector.done = true
      resume(Exit.isSuccess(outcome) ? Exit.succeed(out) : (outcome as Exit.Failure<never, BatchFailure>))
    }
  }
  return collector
}
