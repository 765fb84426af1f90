/**
 * Navigation: move the page (window.location in the browser).
 *
 * This is the raw capability: checking that a target is allowed (http/https, allow-listed origin) is the job of
 * the callers that build targets from outside input, such as the deep-link navigator.
 *
 * @module
 */
import * as Context from "effect/Context"
import type * as Effect from "effect/Effect"

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

/** Page navigation. */
export class Navigation extends Context.Service<Navigation, NavigationShape>()(
  "platform-web-client/core/browser/Navigation"
) {}
