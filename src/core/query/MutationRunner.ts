/**
 * MutationRunner: one caller's view of a {@link Mutation} (a form, a button): its state (`Idle`, `Pending`, then
 * the outcome) as an Observable, `run(input)` and `reset()`. The React hook `useMutation` is this runner followed
 * with `useObservable`. A run is never retried; `reset` returns to `Idle` and the outcome of a run still going is
 * then ignored (the write itself goes on: a write in flight is not taken back).
 *
 * @module
 */
import * as Effect from "effect/Effect"
import type * as Exit from "effect/Exit"
import * as Observable from "../observable/Observable.ts"
import type { Mutation } from "./Mutation.ts"
import type { QueryClient } from "./QueryClient.ts"
import { type EffectResult, exitToResult } from "./result.ts"

/** The state of a mutation for one caller. */
export type MutationState<A, E> =
  { readonly _tag: "Idle" } | { readonly _tag: "Pending" } | Exclude<EffectResult<A, E>, { readonly _tag: "Loading" }>

/** See the module doc. */
export interface MutationRunner<I, A, E> {
  readonly state: Observable.Observable<MutationState<A, E>>
  /** Run the mutation with `input`; the promise never rejects: it gives the Exit. */
  readonly run: (input: I) => Promise<Exit.Exit<A, E>>
  /** Back to `Idle`. */
  readonly reset: () => void
}

const idle: MutationState<never, never> = { _tag: "Idle" }
const pending: MutationState<never, never> = { _tag: "Pending" }

/** A runner of `mutation` on `client`. */
export const make = <I, A, E, R>(client: QueryClient<R>, mutation: Mutation<I, A, E, R>): MutationRunner<I, A, E> => {
  const state = Observable.make<MutationState<A, E>>(idle)
  let current = 0
  return {
    state,
    run: (input) => {
      const run = ++current
      state.set(pending)
      return Effect.runPromiseExit(client.mutate(mutation, input)).then((exit) => {
        if (run === current) state.set(exitToResult(exit) as MutationState<A, E>)
        return exit
      })
    },
    reset: () => {
      current++
      state.set(idle)
    }
  }
}
