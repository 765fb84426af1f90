/**
 * MemoryPageLifecycle: a page lifecycle whose navigation type, referrer and back/forward-cache restores the test
 * sets and triggers.
 *
 * @module
 */
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import type * as Layer from "effect/Layer"
import * as Queue from "effect/Queue"
import * as Stream from "effect/Stream"
import { PageLifecycle, PageLifecycleError, type PageNavigationType } from "../../core/browser/PageLifecycle.ts"
import { layerWithControl } from "./layerWithControl.ts"

/** Where the memory lifecycle starts. */
export interface MemoryPageLifecycleOptions {
  /** The navigation type, or `unreadable` to make reading it fail (default `navigate`). */
  readonly navigationType?: PageNavigationType | "unreadable"
  readonly referrer?: string
  /** Make subscribing to restores fail, as when the listener cannot be added. */
  readonly failSubscribe?: boolean
}

/** The test-side control of the memory page lifecycle. */
export interface MemoryPageLifecycleShape {
  /** Change the navigation type (`unreadable` makes reading it fail). */
  readonly setNavigationType: (type: PageNavigationType | "unreadable") => Effect.Effect<void>
  readonly setReferrer: (referrer: string) => Effect.Effect<void>
  /** Fire a `pageshow` with `persisted: true` to every subscriber. */
  readonly restoreFromCache: Effect.Effect<void>
  /** How many subscribers listen for restores now. */
  readonly subscribers: Effect.Effect<number>
}

/** Control of the memory PageLifecycle provided by {@link MemoryPageLifecycle.layer}. */
export class MemoryPageLifecycle extends Context.Service<MemoryPageLifecycle, MemoryPageLifecycleShape>()(
  "platform-web-client/testing/memory/MemoryPageLifecycle"
) {
  /** A fresh memory lifecycle. */
  static layer(options: MemoryPageLifecycleOptions = {}): Layer.Layer<PageLifecycle | MemoryPageLifecycle> {
    return layerWithControl(PageLifecycle, MemoryPageLifecycle, () => {
      let navigationType = options.navigationType ?? "navigate"
      let referrer = options.referrer ?? ""
      const listeners = new Set<() => void>()
      return [
        PageLifecycle.of({
          navigationType: Effect.suspend(() =>
            navigationType === "unreadable"
              ? Effect.fail(new PageLifecycleError({ operation: "navigationType" }))
              : Effect.succeed(navigationType)
          ),
          referrer: Effect.sync(() => referrer),
          restoredFromCache:
            options.failSubscribe === true
              ? Stream.fail(new PageLifecycleError({ operation: "subscribe" }))
              : Stream.callback<void, PageLifecycleError>((queue) =>
                  Effect.suspend(() => {
                    const listener = () => void Queue.offerUnsafe(queue, undefined)
                    listeners.add(listener)
                    return Effect.addFinalizer(() => Effect.sync(() => void listeners.delete(listener)))
                  })
                )
        }),
        MemoryPageLifecycle.of({
          setNavigationType: (type) => Effect.sync(() => void (navigationType = type)),
          setReferrer: (value) => Effect.sync(() => void (referrer = value)),
          restoreFromCache: Effect.sync(() => {
            for (const listener of Array.from(listeners)) listener()
          }),
          subscribers: Effect.sync(() => listeners.size)
        })
      ]
    })
  }
}
