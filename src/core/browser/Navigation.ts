/**
 * Navigation: move the page (window.location in the browser).
 *
 * This is the raw capability: checking that a target is allowed (http/https, allow-listed origin) is the job of
 * the callers that build targets from outside input, such as the deep-link navigator.
 *
 * @module
 */
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import { errorName } from "./errorSummary.ts"

/** The shape of page navigation. */
export interface NavigationShape {
  /** The page's current URL. */
  readonly current: Effect.Effect<string>
  /** Go to `url`, keeping the current page in history. */
  readonly assign: (url: string) => Effect.Effect<void>
  /** Go to `url`, replacing the current page in history. */
  readonly replace: (url: string) => Effect.Effect<void>
  /** Open `url` in a new tab (without giving it access to this page). */
  readonly openInNewTab: (url: string) => Effect.Effect<void>
}

/** The part of `window` navigation uses. */
export interface NavigationWindow {
  readonly location: Pick<Location, "href" | "assign" | "replace">
  readonly open: (url: string, target: string, features: string) => unknown
}

/** The URL reported by {@link NavigationShape.current} when there is no window (outside a browser). */
export const noWindowUrl = "about:blank"

/** The window features of {@link NavigationShape.openInNewTab}: the new tab gets no `opener` and no referrer. */
export const newTabFeatures = "noopener,noreferrer"

const fromWindow = (window: () => NavigationWindow | undefined): NavigationShape => {
  // A rejected URL (the browser throws a SyntaxError) is logged without the URL, which may carry tokens.
  const go = (operation: "assign" | "replace" | "openInNewTab", run: (w: NavigationWindow) => void) =>
    Effect.suspend(() => {
      try {
        const target = window()
        if (target !== undefined) run(target)
        return Effect.void
      } catch (cause) {
        return Effect.logWarning(`Navigation ${operation} failed: ${errorName(cause)}`)
      }
    })
  return {
    current: Effect.sync(() => window()?.location.href ?? noWindowUrl),
    assign: (url) => go("assign", (w) => w.location.assign(url)),
    replace: (url) => go("replace", (w) => w.location.replace(url)),
    openInNewTab: (url) => go("openInNewTab", (w) => w.open(url, "_blank", newTabFeatures))
  }
}

/** Page navigation. */
export class Navigation extends Context.Service<Navigation, NavigationShape>()(
  "platform-web-client/core/browser/Navigation"
) {
  /**
   * Navigation over a window-like object. Navigation never fails: a URL the browser refuses is logged as a
   * Warning (without the URL) and the page stays where it is.
   */
  static fromWindow(window: () => NavigationWindow | undefined): Layer.Layer<Navigation> {
    return Layer.succeed(Navigation, fromWindow(window))
  }

  /** The browser's `window.location` and `window.open`; outside a browser nothing moves. */
  static readonly browser: Layer.Layer<Navigation> = Navigation.fromWindow(() =>
    typeof window === "undefined" ? undefined : window
  )
}
