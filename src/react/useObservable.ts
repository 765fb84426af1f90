/**
 * useObservable: render the current value of an {@link Observable.Observable} (the Pager's state, the challenge
 * being shown) and re-render when it changes.
 *
 * @module
 */
import { useSyncExternalStore } from "react"
import type * as Observable from "../core/observable/Observable.ts"

/**
 * The current value of `observable`, kept up to date with `useSyncExternalStore` (the observable's `subscribe`
 * and `get` are exactly what it takes: no fiber, no runtime).
 */
export function useObservable<A>(observable: Observable.Observable<A>): A {
  return useSyncExternalStore(observable.subscribe, observable.get, observable.get)
}
