/**
 * MemoryNavigation: records every navigation in order and moves the current URL like a browser would.
 *
 * @module
 */
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import type * as Layer from "effect/Layer"
import { Navigation } from "../../core/browser/Navigation.ts"
import { layerWithControl } from "./layerWithControl.ts"

/** One recorded navigation, with the URL exactly as the code under test gave it. */
export interface NavigationRecord {
  readonly kind: "assign" | "replace" | "openInNewTab"
  readonly url: string
}

/** The test-side control of memory navigation. */
export interface MemoryNavigationShape {
  /** Every assign, replace and openInNewTab, in call order. */
  readonly visits: Effect.Effect<ReadonlyArray<NavigationRecord>>
}

/** The starting URL of {@link MemoryNavigation.layer} when none is given. */
export const defaultMemoryUrl = "https://www.example.com/"

/** Control of the memory Navigation provided by {@link MemoryNavigation.layer}. */
export class MemoryNavigation extends Context.Service<MemoryNavigation, MemoryNavigationShape>()(
  "platform-web-client/testing/memory/MemoryNavigation"
) {
  /**
   * Fresh memory navigation starting at `initialUrl`. `assign` and `replace` set the current URL to the target
   * resolved against the current one (`/games` → `https://www.example.com/games`); a target that is not a valid
   * URL is recorded but leaves the current URL unchanged, as a browser refuses it. `openInNewTab` never moves the
   * current page.
   */
  static layer(initialUrl: string = defaultMemoryUrl): Layer.Layer<Navigation | MemoryNavigation> {
    return layerWithControl(Navigation, MemoryNavigation, () => {
      let current = initialUrl
      const visits: Array<NavigationRecord> = []
      const record = (kind: NavigationRecord["kind"]) => (url: string) =>
        Effect.sync(() => {
          visits.push({ kind, url })
          if (kind !== "openInNewTab" && URL.canParse(url, current)) current = new URL(url, current).href
        })
      return [
        Navigation.of({
          current: Effect.sync(() => current),
          assign: record("assign"),
          replace: record("replace"),
          openInNewTab: record("openInNewTab")
        }),
        MemoryNavigation.of({ visits: Effect.sync(() => [...visits]) })
      ]
    })
  }
}
