/**
 * MemoryPageMetadata: page `<meta>` data attributes from a record, changeable while a test runs.
 *
 * @module
 */
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import type * as Layer from "effect/Layer"
import { type MetaData, PageMetadata } from "../../core/browser/PageMetadata.ts"
import { layerWithControl } from "./layerWithControl.ts"

/** The test-side control of memory page metadata. */
export interface MemoryPageMetadataShape {
  /** Put a tag (its data attributes keyed as `dataset` keys them), or remove it with undefined. */
  readonly set: (name: string, data: MetaData | undefined) => Effect.Effect<void>
}

/** Control of the memory PageMetadata provided by {@link MemoryPageMetadata.layer}. */
export class MemoryPageMetadata extends Context.Service<MemoryPageMetadata, MemoryPageMetadataShape>()(
  "platform-web-client/testing/memory/MemoryPageMetadata"
) {
  /**
   * Page metadata from `tags`: meta name → data attributes, keyed as `dataset` keys them
   * (`{ "user-data": { userid: "42", displayName: "Ann" } }`).
   */
  static layer(tags: Readonly<Record<string, MetaData>> = {}): Layer.Layer<PageMetadata | MemoryPageMetadata> {
    return layerWithControl(PageMetadata, MemoryPageMetadata, () => {
      const metas = new Map(Object.entries(tags))
      return [
        PageMetadata.of({ get: (name) => Effect.sync(() => metas.get(name)) }),
        MemoryPageMetadata.of({
          set: (name, data) => Effect.sync(() => void (data === undefined ? metas.delete(name) : metas.set(name, data)))
        })
      ]
    })
  }
}
