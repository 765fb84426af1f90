/**
 * How a {@link QueryClient} runs a {@link Mutation}: the optimistic updates, the write once, then invalidation on
 * success or rollback on failure, with the client's events. See the Mutation module doc for the rules.
 *
 * @module
 */
import * as Cause from "effect/Cause"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import * as Option from "effect/Option"
import * as AsyncResult from "effect/reactivity/AsyncResult"
import type * as Reactivity from "effect/reactivity/Reactivity"
import type { CacheEntry } from "./CacheEntry.ts"
import type { Mutation } from "./Mutation.ts"
import type { Query } from "./Query.ts"
import type { QueryEvent } from "./QueryEvent.ts"

/** What the client lends a mutation run. */
export interface MutationHost<R> {
  /** The cache entry of `query` for `args` (made if needed). */
  readonly target: (query: Query<any, any, any, any>, args: unknown) => CacheEntry
  /** Run the entry's query again now. */
  readonly refetch: (entry: CacheEntry) => void
  readonly invalidate: (keys: Reactivity.KeysInput) => void
  readonly run: <A, E>(effect: Effect.Effect<A, E, R>) => Effect.Effect<A, E>
  readonly emit: (event: QueryEvent) => void
}

/** The outcome of a failed cause for events. */
export const outcomeOf = (cause: Cause.Cause<unknown>): "failure" | "defect" =>
  Option.isSome(Cause.findErrorOption(cause)) ? "failure" : "defect"

const applyOptimistic = <I, R>(host: MutationHost<R>, mutation: Mutation<I, any, any, any>, input: I) =>
  mutation.optimistic.map((update) => {
    const target = host.target(update.query, update.args(input))
    const previous = target.result.get()
    const current = Option.getOrUndefined(AsyncResult.value(previous))
    const shown = AsyncResult.success(update.update(current, input), { waiting: true })
    target.result.set(shown)
    return { target, previous, shown, fetches: target.fetches }
  })

/** Run `mutation` with `input` on `host`. */
export const runMutation = <I, A, E, R>(host: MutationHost<R>, mutation: Mutation<I, A, E, R>, input: I) =>
  Effect.suspend(() => {
    host.emit({ _tag: "MutationStart", name: mutation.name })
    const updates = applyOptimistic(host, mutation, input)
    return Effect.onExit(host.run(mutation.run(input)), (exit) =>
      Effect.sync(() => {
        if (Exit.isSuccess(exit)) {
          const before = updates.map((u) => u.target.fetches)
          if (mutation.invalidates !== undefined) host.invalidate(mutation.invalidates(input, exit.value))
          // an optimistic value the invalidation did not replace is replaced by the server's now
          updates.forEach((u, i) => u.target.fetches === before[i] && host.refetch(u.target))
          host.emit({ _tag: "MutationSettled", name: mutation.name, outcome: "success", rolledBack: false })
          return
        }
        let rolledBack = false
        for (const u of updates) {
          if (u.target.result.get() === u.shown && u.target.fetches === u.fetches) {
            u.target.result.set(u.previous)
            rolledBack = true
          }
        }
        const outcome = Cause.hasInterruptsOnly(exit.cause) ? "interrupted" : outcomeOf(exit.cause)
        host.emit({ _tag: "MutationSettled", name: mutation.name, outcome, rolledBack })
      })
    )
  })
