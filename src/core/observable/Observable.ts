/**
 * Observable: a value that changes over time and tells its subscribers, synchronously. It is the core's light
 * equivalent of a `SubscriptionRef` (the Pager's state, the challenge being shown): a current value and a set of
 * listeners, with no fiber, queue or PubSub behind it, so that following a state costs nothing in the bundle
 * (docs/bundle-size.md).
 *
 * - `get()` reads the value now; `subscribe(listener)` calls `listener` with every later value until the
 *   returned function is called (never with the current value: read it with `get`). This is the shape React's
 *   `useSyncExternalStore` takes (see `useObservable` in `platform-web-client/react`).
 * - Listeners run in subscription order, each inside `set`. A listener that throws does not stop the others nor
 *   reach the code that set the value: the error is reported (`reportError` where the platform has it, else
 *   `console.error`).
 * - From Effect code: {@link listen} subscribes until a Scope closes; {@link changes} is the current value then
 *   every change as a Stream (like `SubscriptionRef.changes`; it brings Stream into the bundle, so core code
 *   does not use it). The other way round, {@link fromSubscriptionRef} follows a SubscriptionRef as an Observable.
 * - It is the ONE shape the library gives for a changing value, and `useObservable` the one hook that follows it
 *   in React: a pager's state, the challenge being shown, a query's result (`QueryClient.observe`), a mutation's
 *   state (`MutationRunner`), a SubscriptionRef (through {@link fromSubscriptionRef}).
 *
 * @module
 */
import * as Effect from "effect/Effect"
import * as Queue from "effect/Queue"
import type * as Scope from "effect/Scope"
import * as Stream from "effect/Stream"
import * as SubscriptionRef from "effect/SubscriptionRef"

/** A value that changes over time: read it now, or follow it. */
export interface Observable<A> {
  /** The value now. */
  readonly get: () => A
  /** Call `listener` with every later value, until the returned function is called. */
  readonly subscribe: (listener: (value: A) => void) => () => void
}

/** An {@link Observable} its owner can set. */
export interface ObservableRef<A> extends Observable<A> {
  /** Store `value` and tell every subscriber. */
  readonly set: (value: A) => void
}

const report = (error: unknown): void => {
  const reportError = (globalThis as { reportError?: (error: unknown) => void }).reportError
  if (typeof reportError === "function") reportError(error)
  else console.error(error)
}

/** An observable holding `initial`. */
export const make = <A>(initial: A): ObservableRef<A> => {
  let value = initial
  // A fresh array per change of subscribers, so that a listener (un)subscribing during `set` does not change who
  // is told this time.
  let listeners: ReadonlyArray<(value: A) => void> = []
  return {
    get: () => value,
    subscribe: (listener) => {
      const entry = (a: A) => listener(a)
      listeners = [...listeners, entry]
      return () => {
        listeners = listeners.filter((l) => l !== entry)
      }
    },
    set: (next) => {
      value = next
      for (const listener of listeners) {
        try {
          listener(next)
        } catch (error) {
          report(error)
        }
      }
    }
  }
}

/** Call `listener` with every later value of `self` until the scope closes. */
export const listen = <A>(self: Observable<A>, listener: (value: A) => void): Effect.Effect<void, never, Scope.Scope> =>
  Effect.asVoid(
    Effect.acquireRelease(
      Effect.sync(() => self.subscribe(listener)),
      (unsubscribe) => Effect.sync(unsubscribe)
    )
  )

/** The value of `self` now, then every later value, as a Stream (like `SubscriptionRef.changes`). */
export const changes = <A>(self: Observable<A>): Stream.Stream<A> =>
  Stream.callback<A>((queue) =>
    Effect.acquireRelease(
      Effect.sync(() => {
        Queue.offerUnsafe(queue, self.get())
        return self.subscribe((value) => void Queue.offerUnsafe(queue, value))
      }),
      (unsubscribe) => Effect.sync(unsubscribe)
    )
  )

/**
 * A SubscriptionRef as an Observable: `get` reads it, and each subscriber is told of every later value by a fiber
 * following `SubscriptionRef.changes`, interrupted when it unsubscribes.
 */
export const fromSubscriptionRef = <A>(ref: SubscriptionRef.SubscriptionRef<A>): Observable<A> => ({
  get: () => SubscriptionRef.getUnsafe(ref),
  subscribe: (listener) => {
    const fiber = Effect.runFork(
      Stream.runForEach(Stream.drop(SubscriptionRef.changes(ref), 1), (value) => Effect.sync(() => listener(value)))
    )
    return () => fiber.interruptUnsafe()
  }
})
