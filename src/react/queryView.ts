/**
 * What a query hook shows for a cached result (`AsyncResult`): TanStack Query's view of it (`status`,
 * `fetchStatus`, `data`, `isPlaceholderData`, …) on our tagged result (`Loading`, `Success`, `Failure` with the
 * typed error, `Defect`).
 *
 * - `data` is this key's value: its success, kept after a failure of the same key (the failure's previous
 *   success). A key that failed without ever succeeding has no `data`, whatever another key had: switching from
 *   arguments A (succeeded) to B (failed) shows B's `Failure` with `data` undefined, as TanStack does.
 * - While nothing is cached for the key, `placeholderData` is shown as a `Success` with `isPlaceholderData` (never
 *   cached): a value, or a function of the previous data this component showed (`keepPreviousData`).
 * - `select` makes the data shown from the value, once per value and `select` function.
 * - `enabled: false` with nothing cached: `Loading` (`status: "pending"`) with `fetchStatus: "idle"`.
 *
 * @module
 */
import * as Option from "effect/Option"
import * as AsyncResult from "effect/reactivity/AsyncResult"
import { causeToResult, type EffectResult } from "../core/query/result.ts"

/** Placeholder data: a value, or a function of the previous data shown (undefined: none). */
export type PlaceholderData<A> = A | ((previousData: A | undefined) => A | undefined)

/** TanStack's `keepPreviousData`: the previous arguments' data as the placeholder while new arguments load. */
export const keepPreviousData = <A>(previousData: A | undefined): A | undefined => previousData

/** What a query hook gives; see the module doc. `A` is the cached value's type, `S` the data shown. */
export type QueryView<S, E, A = S> = EffectResult<S, E> & {
  /** This key's data (its last success), or the placeholder; undefined when there is neither. */
  readonly data: S | undefined
  /** TanStack's status: `pending` (no data yet), `success` or `error`. */
  readonly status: "pending" | "success" | "error"
  /** `fetching` while a request for this key is in flight, else `idle` (a disabled query with no data: idle). */
  readonly fetchStatus: "fetching" | "idle"
  /** A request for this key is in flight (first load, refetch, revalidation). */
  readonly isFetching: boolean
  /** The same as `isFetching`. */
  readonly waiting: boolean
  /** The data shown is the placeholder (nothing is cached for the key yet). */
  readonly isPlaceholderData: boolean
  /** The raw result of the cache (effect/reactivity `AsyncResult`). */
  readonly result: AsyncResult.AsyncResult<A, E>
  /** Run the query again (the value stays shown while it loads). */
  readonly refetch: () => void
}

/** What a hook keeps between renders for {@link viewOf}. */
export interface ViewMemo {
  previous?: { readonly value: unknown }
  selected?: { readonly input: unknown; readonly select: unknown; readonly output: unknown }
}

/** The view's inputs besides the result. */
export interface ViewOptions<A, S> {
  readonly key: string
  readonly memo: ViewMemo
  readonly refetch: () => void
  readonly enabled: boolean
  readonly select: ((data: A) => S) | undefined
  readonly placeholderData: PlaceholderData<A> | undefined
}

/** The data `select` makes of `value`, computed once per value and `select` function (kept in `memo`). */
export const selectOf = <A, S>(memo: ViewMemo, value: A, select: ((data: A) => S) | undefined): S => {
  if (select === undefined) return value as unknown as S
  const last = memo.selected
  if (last !== undefined && last.input === value && last.select === select) return last.output as S
  const output = select(value)
  memo.selected = { input: value, select, output }
  return output
}

const placeholderOf = <A>(memo: ViewMemo, placeholder: PlaceholderData<A> | undefined): A | undefined =>
  typeof placeholder === "function"
    ? (placeholder as (previous: A | undefined) => A | undefined)(memo.previous?.value as A | undefined)
    : placeholder

/** The view of `result`; see the module doc. */
export const viewOf = <A, E, S>(
  result: AsyncResult.AsyncResult<A, E>,
  options: ViewOptions<A, S>
): QueryView<S, E, A> => {
  const { memo } = options
  const value = AsyncResult.value(result)
  if (Option.isSome(value)) memo.previous = { value: value.value }
  const fetching = result.waiting
  const common = {
    result,
    refetch: options.refetch,
    waiting: fetching,
    isFetching: fetching,
    fetchStatus: fetching ? "fetching" : "idle"
  } as const
  if (AsyncResult.isSuccess(result)) {
    const data = selectOf(memo, result.value, options.select)
    return { _tag: "Success", value: data, data, status: "success", isPlaceholderData: false, ...common }
  }
  if (AsyncResult.isFailure(result) && !AsyncResult.isInterrupted(result)) {
    const data = Option.isSome(value) ? selectOf(memo, value.value, options.select) : undefined
    return { ...causeToResult(result.cause), data, status: "error", isPlaceholderData: false, ...common }
  }
  const placeholder = placeholderOf(memo, options.placeholderData)
  if (placeholder !== undefined) {
    const data = selectOf(memo, placeholder, options.select)
    return { _tag: "Success", value: data, data, status: "success", isPlaceholderData: true, ...common }
  }
  return { _tag: "Loading", data: undefined, status: "pending", isPlaceholderData: false, ...common }
}
