/**
 * UserActivity: the user's interactions with the page, as the page heartbeat counts them (BEAT-9:
 * click, double-click, focus, hover, key press, mouse down, mouse enter, mouse over,
 * scroll, touch move, touch start).
 *
 * The browser layer listens on `document` in the capture phase (so events that do not bubble — focus, scroll of an
 * inner element, mouseenter — are seen too), passively (it never delays scrolling). The spec's names map to DOM
 * events as {@link activityEvents} lists; two need a choice: "hover" has no DOM event of its own and is read as
 * `mousemove`, and "key press" is read as `keydown` (the deprecated `keypress` misses keys such as arrows).
 *
 * The stream keeps only the latest 16 events when its reader lags (activity is a signal, not a log).
 *
 * @module
 */
import * as Context from "effect/Context"
import * as Data from "effect/Data"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Queue from "effect/Queue"
import * as Stream from "effect/Stream"

/** The spec's activity events, each with the DOM event it is read from. */
export const activityEvents = [
  { name: "click", domEvent: "click" },
  { name: "double-click", domEvent: "dblclick" },
  { name: "focus", domEvent: "focus" },
  { name: "hover", domEvent: "mousemove" },
  { name: "key press", domEvent: "keydown" },
  { name: "mouse down", domEvent: "mousedown" },
  { name: "mouse enter", domEvent: "mouseenter" },
  { name: "mouse over", domEvent: "mouseover" },
  { name: "scroll", domEvent: "scroll" },
  { name: "touch move", domEvent: "touchmove" },
  { name: "touch start", domEvent: "touchstart" }
] as const

/** One of the spec's activity event names. */
export type ActivityEventName = (typeof activityEvents)[number]["name"]

/** Listening for activity failed (the document refused a listener). */
export class UserActivityError extends Data.TaggedError("UserActivityError")<{ readonly cause?: unknown }> {
  override get message(): string {
    return "User activity listeners could not be added"
  }
}

/** The shape of the user-activity capability. */
export interface UserActivityShape {
  /** One element per activity event, while the stream runs; listeners are removed when it stops. */
  readonly events: Stream.Stream<ActivityEventName, UserActivityError>
}

/** The part of `document` the capability uses. */
export interface ActivityTarget {
  readonly addEventListener: (
    type: string,
    listener: () => void,
    options: { capture: boolean; passive: boolean }
  ) => void
  readonly removeEventListener: (type: string, listener: () => void, options: { capture: boolean }) => void
}

const fromTarget = (target: () => ActivityTarget | undefined): UserActivityShape => ({
  events: Stream.callback<ActivityEventName, UserActivityError>(
    (queue) =>
      Effect.suspend(() => {
        const t = target()
        if (t === undefined) return Effect.void
        const added: Array<readonly [string, () => void]> = []
        const removeAll = () => {
          for (const [type, listener] of added) t.removeEventListener(type, listener, { capture: true })
        }
        try {
          for (const { domEvent, name } of activityEvents) {
            const listener = () => void Queue.offerUnsafe(queue, name)
            t.addEventListener(domEvent, listener, { capture: true, passive: true })
            added.push([domEvent, listener])
          }
        } catch (cause) {
          removeAll()
          return Effect.fail(new UserActivityError({ cause }))
        }
        return Effect.addFinalizer(() => Effect.sync(removeAll))
      }),
    { bufferSize: 16, strategy: "sliding" }
  )
})

/** The user's activity on the page. */
export class UserActivity extends Context.Service<UserActivity, UserActivityShape>()(
  "platform-web-client/core/browser/UserActivity"
) {
  /** Activity on any event target (undefined: none ever). */
  static fromTarget(target: () => ActivityTarget | undefined): Layer.Layer<UserActivity> {
    return Layer.succeed(UserActivity, fromTarget(target))
  }

  /** Activity on the browser's `document`; outside a browser nothing happens. */
  static readonly browser: Layer.Layer<UserActivity> = UserActivity.fromTarget(() =>
    typeof document === "undefined" ? undefined : (document as unknown as ActivityTarget)
  )
}
