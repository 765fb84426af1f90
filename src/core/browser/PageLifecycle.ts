/**
 * PageLifecycle: how the page was reached and when it comes back from the back/forward cache.
 *
 * - `navigationType`: the Navigation Timing entry's `type` (`navigate`, `reload`, `back_forward`, `prerender`),
 *   decoded with a Schema; browsers with only the legacy `performance.navigation.type` (0, 1, 2) are read too.
 *   An unreadable or unknown value fails with {@link PageLifecycleError} (`navigationType`).
 * - `referrer`: `document.referrer` (empty when there is none).
 * - `restoredFromCache`: one element per `pageshow` event with `persisted === true` (the page was restored from
 *   the back/forward cache, so no script re-ran). The listener is added when the stream is run and removed when it
 *   stops; a failure to add it fails the stream with {@link PageLifecycleError} (`subscribe`).
 *
 * Outside a browser the navigation type is `navigate`, the referrer empty and no restore ever happens.
 *
 * @module
 */
import * as Context from "effect/Context"
import * as Data from "effect/Data"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Queue from "effect/Queue"
import * as Schema from "effect/Schema"
import * as Stream from "effect/Stream"

/** How the page was reached (Navigation Timing Level 2 `NavigationTimingType`). */
export const PageNavigationType = Schema.Literals(["navigate", "reload", "back_forward", "prerender"])

/** The type of {@link PageNavigationType}. */
export type PageNavigationType = typeof PageNavigationType.Type

/** Reading the page's lifecycle failed: the navigation type, or adding the `pageshow` listener. */
export class PageLifecycleError extends Data.TaggedError("PageLifecycleError")<{
  readonly operation: "navigationType" | "subscribe"
  readonly cause?: unknown
}> {
  override get message(): string {
    return this.operation === "navigationType"
      ? "The page's navigation type could not be read"
      : "The page lifecycle listener could not be added"
  }
}

/** The shape of the page lifecycle capability. */
export interface PageLifecycleShape {
  readonly navigationType: Effect.Effect<PageNavigationType, PageLifecycleError>
  readonly referrer: Effect.Effect<string>
  readonly restoredFromCache: Stream.Stream<void, PageLifecycleError>
}

/** The parts of `window` the capability reads. */
export interface LifecycleWindow {
  readonly performance?: {
    readonly getEntriesByType?: (type: string) => ArrayLike<{ readonly type?: unknown }>
    readonly navigation?: { readonly type?: unknown }
  }
  readonly document?: { readonly referrer?: unknown }
  readonly addEventListener: (type: "pageshow", listener: (event: { readonly persisted?: unknown }) => void) => void
  readonly removeEventListener: (type: "pageshow", listener: (event: { readonly persisted?: unknown }) => void) => void
}

const legacyTypes: Readonly<Record<number, PageNavigationType>> = { 0: "navigate", 1: "reload", 2: "back_forward" }
const decodeType = Schema.decodeUnknownOption(PageNavigationType)

const fromWindow = (window: () => LifecycleWindow | undefined): PageLifecycleShape => ({
  navigationType: Effect.suspend(() => {
    try {
      const w = window()
      if (w === undefined) return Effect.succeed("navigate" as const)
      const entry = w.performance?.getEntriesByType?.("navigation")[0]
      const decoded = decodeType(entry?.type)
      if (decoded._tag === "Some") return Effect.succeed(decoded.value)
      const legacy = w.performance?.navigation?.type
      const fallback = typeof legacy === "number" ? legacyTypes[legacy] : undefined
      return fallback === undefined
        ? Effect.fail(new PageLifecycleError({ operation: "navigationType" }))
        : Effect.succeed(fallback)
    } catch (cause) {
      return Effect.fail(new PageLifecycleError({ operation: "navigationType", cause }))
    }
  }),
  referrer: Effect.sync(() => {
    try {
      const referrer = window()?.document?.referrer
      return typeof referrer === "string" ? referrer : ""
    } catch {
      return ""
    }
  }),
  restoredFromCache: Stream.callback<void, PageLifecycleError>((queue) =>
    Effect.suspend(() => {
      const w = window()
      if (w === undefined) return Effect.void
      const listener = (event: { readonly persisted?: unknown }) => {
        if (event.persisted === true) Queue.offerUnsafe(queue, undefined)
      }
      try {
        w.addEventListener("pageshow", listener)
      } catch (cause) {
        return Effect.fail(new PageLifecycleError({ operation: "subscribe", cause }))
      }
      return Effect.addFinalizer(() => Effect.sync(() => w.removeEventListener("pageshow", listener)))
    })
  )
})

/** The page's lifecycle. */
export class PageLifecycle extends Context.Service<PageLifecycle, PageLifecycleShape>()(
  "platform-web-client/core/browser/PageLifecycle"
) {
  /** The lifecycle of a window-like object (undefined: outside a browser). */
  static fromWindow(window: () => LifecycleWindow | undefined): Layer.Layer<PageLifecycle> {
    return Layer.succeed(PageLifecycle, fromWindow(window))
  }

  /** The browser's `window`, `performance` and `document`. */
  static readonly browser: Layer.Layer<PageLifecycle> = PageLifecycle.fromWindow(() =>
    typeof window === "undefined" ? undefined : (window as unknown as LifecycleWindow)
  )
}
