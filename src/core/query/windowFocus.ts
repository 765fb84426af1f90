/**
 * "The page became visible again", the signal of a query client's refetch on focus: a count that goes up each time
 * the document's `visibilitychange` event finds it visible (what effect's `Atom.windowFocusSignal` counts). It
 * listens only while it has subscribers; without a `document` (a server, a worker) it never changes.
 *
 * @module
 */
import type * as Observable from "../observable/Observable.ts"

/** How many times the page became visible while followed; see the module doc. */
export const windowFocus = (): Observable.Observable<number> => {
  let count = 0
  return {
    get: () => count,
    subscribe: (listener) => {
      if (typeof document === "undefined") return () => {}
      const update = () => {
        if (document.visibilityState === "visible") listener(++count)
      }
      document.addEventListener("visibilitychange", update)
      return () => document.removeEventListener("visibilitychange", update)
    }
  }
}
