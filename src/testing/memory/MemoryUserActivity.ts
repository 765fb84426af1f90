/**
 * MemoryUserActivity: user activity the test triggers.
 *
 * @module
 */
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import type * as Layer from "effect/Layer"
import * as Queue from "effect/Queue"
import * as Stream from "effect/Stream"
import { type ActivityEventName, UserActivity, UserActivityError } from "../../core/browser/UserActivity.ts"
import { layerWithControl } from "./layerWithControl.ts"

/** The test-side control of memory user activity. */
export interface MemoryUserActivityShape {
  /** Deliver an activity event (default `click`) to every listener. */
  readonly act: (event?: ActivityEventName) => Effect.Effect<void>
  /** How many streams listen now. */
  readonly listeners: Effect.Effect<number>
}

/** Control of the memory UserActivity provided by {@link MemoryUserActivity.layer}. */
export class MemoryUserActivity extends Context.Service<MemoryUserActivity, MemoryUserActivityShape>()(
  "platform-web-client/testing/memory/MemoryUserActivity"
) {
  /** Fresh memory activity; `failSubscribe` makes listening fail as when listeners cannot be added. */
  static layer(options: { readonly failSubscribe?: boolean } = {}): Layer.Layer<UserActivity | MemoryUserActivity> {
    return layerWithControl(UserActivity, MemoryUserActivity, () => {
      const listeners = new Set<(event: ActivityEventName) => void>()
      return [
        UserActivity.of({
          events:
            options.failSubscribe === true
              ? Stream.fail(new UserActivityError({}))
              : Stream.callback<ActivityEventName, UserActivityError>((queue) =>
                  Effect.suspend(() => {
                    const listener = (event: ActivityEventName) => void Queue.offerUnsafe(queue, event)
                    listeners.add(listener)
                    return Effect.addFinalizer(() => Effect.sync(() => void listeners.delete(listener)))
                  })
                )
        }),
        MemoryUserActivity.of({
          act: (event = "click") =>
            Effect.sync(() => {
              for (const listener of Array.from(listeners)) listener(event)
            }),
          listeners: Effect.sync(() => listeners.size)
        })
      ]
    })
  }
}
