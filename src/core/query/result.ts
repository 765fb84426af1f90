/**
 * The state of an effect as a UI shows it: loading, a value, a typed failure, or a defect (with its pretty
 * message). Shared by the query layer and the React hooks (`EffectResult` in `platform-web-client/react`).
 *
 * @module
 */
import * as Cause from "effect/Cause"
import * as Exit from "effect/Exit"

/** The state of an effect run for a UI: loading, a value, a typed failure, or a defect. */
export type EffectResult<A, E> =
  | { readonly _tag: "Loading" }
  | { readonly _tag: "Success"; readonly value: A }
  | { readonly _tag: "Failure"; readonly error: E }
  | { readonly _tag: "Defect"; readonly message: string }

/** A cause as a result: its first typed failure when there is one, else a defect with the cause's pretty message. */
export const causeToResult = <E>(cause: Cause.Cause<E>): EffectResult<never, E> => {
  const failure = Cause.findErrorOption(cause)
  if (failure._tag === "Some") return { _tag: "Failure", error: failure.value }
  return { _tag: "Defect", message: Cause.pretty(cause) }
}

/** Turn an Exit into a result (see {@link causeToResult} for failures). */
export const exitToResult = <A, E>(exit: Exit.Exit<A, E>): EffectResult<A, E> =>
  Exit.isSuccess(exit) ? { _tag: "Success", value: exit.value } : causeToResult(exit.cause)
