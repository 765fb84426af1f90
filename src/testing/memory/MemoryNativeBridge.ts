/**
 * MemoryNativeBridge: a native app bridge that records the navigations posted to it.
 *
 * @module
 */
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import type * as Layer from "effect/Layer"
import { NativeBridge } from "../../core/browser/NativeBridge.ts"
import { layerWithControl } from "./layerWithControl.ts"

/** The test-side control of the memory native bridge. */
export interface MemoryNativeBridgeShape {
  /** The URLs posted, in order. */
  readonly navigations: Effect.Effect<ReadonlyArray<string>>
  /** Make the app's handler present or absent. */
  readonly setAvailable: (available: boolean) => Effect.Effect<void>
}

/** Control of the memory NativeBridge provided by {@link MemoryNativeBridge.layer}. */
export class MemoryNativeBridge extends Context.Service<MemoryNativeBridge, MemoryNativeBridgeShape>()(
  "platform-web-client/testing/memory/MemoryNativeBridge"
) {
  /** A fresh bridge; the handler is present when `available` (default true). Absent, nothing is recorded. */
  static layer(available = true): Layer.Layer<NativeBridge | MemoryNativeBridge> {
    return layerWithControl(NativeBridge, MemoryNativeBridge, () => {
      let present = available
      const navigations: Array<string> = []
      return [
        NativeBridge.of({
          available: Effect.sync(() => present),
          navigate: (url) => Effect.sync(() => (present ? (navigations.push(url), true) : false))
        }),
        MemoryNativeBridge.of({
          navigations: Effect.sync(() => [...navigations]),
          setAvailable: (next) => Effect.sync(() => void (present = next))
        })
      ]
    })
  }
}
