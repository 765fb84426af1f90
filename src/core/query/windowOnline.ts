/**
 * "The browser is back online", the signal of a query client's refetch on reconnect: a count that goes up at each
 * `online` event of the window (TanStack Query's `onlineManager` listens to the same event). It listens only while
 * it has subscribers; without a `window` (a server, a worker) it never changes. Like ./windowFocus.ts, a client
 * takes another signal in its place (`QueryClient.make({ reconnectSignal })`), which is how tests drive it.
 *
 * @module
 */
import type * as Observable from "../observable/Observable.ts"

/** How many times the browser came back online while followed; see the module doc. */
export const windowOnline = (): Observable.Observable<number> => {
  let count = 0
  return {
    get: () => count,
    subscribe: (listener) => {
      if (typeof window === "undefined") return () => {}
      const update = () => listener(++count)
      window.addEventListener("online", update)
      return () => window.removeEventListener("online", update)
    }
  }
}
