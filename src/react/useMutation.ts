/**
 * useMutation: a {@link Mutation} for one component: its state (`Idle`, `Pending`, `Success`, `Failure` with the
 * typed error, `Defect`), `mutate(input)`, `run(input)` (a promise of the Exit) and `reset()`. On success the
 * queries it invalidates refetch; its optimistic updates show at once and are rolled back if it fails. It is never
 * retried. The framework-free part is `MutationRunner` (core), followed here with {@link useObservable}.
 *
 * @module
 */
import type * as Exit from "effect/Exit"
import { useMemo } from "react"
import type { Mutation } from "../core/query/Mutation.ts"
import * as MutationRunner from "../core/query/MutationRunner.ts"
import { useQueryClient } from "./useQueryClient.ts"
import { useObservable } from "./useObservable.ts"

/** What {@link useMutation} gives. */
export interface MutationView<I, A, E> {
  readonly state: MutationRunner.MutationState<A, E>
  /** Run it (fire and forget: the outcome lands in `state`). */
  readonly mutate: (input: I) => void
  /** Run it and get its Exit (the promise never rejects). */
  readonly run: (input: I) => Promise<Exit.Exit<A, E>>
  /** Back to `Idle`. */
  readonly reset: () => void
}

/** See the module doc. */
export function useMutation<I, A, E, R>(mutation: Mutation<I, A, E, R>): MutationView<I, A, E> {
  const client = useQueryClient<R>()
  const runner = useMemo(() => MutationRunner.make(client, mutation), [client, mutation])
  const state = useObservable(runner.state)
  return useMemo(
    () => ({ state, run: runner.run, reset: runner.reset, mutate: (input: I) => void runner.run(input) }),
    [state, runner]
  )
}
