/**
 * useSubscriptionRef: kept for existing code; it is `useObservable(Observable.fromSubscriptionRef(ref))`, the one
 * way the library follows a changing value.
 *
 * @module
 */
import type * as SubscriptionRef from "effect/SubscriptionRef"
import { useMemo } from "react"
import * as Observable from "../core/observable/Observable.ts"
import { useObservable } from "./useObservable.ts"

/**
 * The current value of `ref`, re-rendered on every change.
 *
 * @deprecated Use `useObservable(Observable.fromSubscriptionRef(ref))` (made once per ref), or an Observable.
 */
export function useSubscriptionRef<A>(ref: SubscriptionRef.SubscriptionRef<A>): A {
  return useObservable(useMemo(() => Observable.fromSubscriptionRef(ref), [ref]))
}
