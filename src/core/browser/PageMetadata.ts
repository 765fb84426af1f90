/**
 * PageMetadata: the data attributes of the page's `<meta>` tags.
 *
 * The platform's server renders settings into the page as `<meta name="user-data" data-userid="…">`; this service
 * returns the data attributes of the tag with a given name (keys as `dataset` gives them, camelCase). The values
 * are outside input: decode them with a Schema.
 *
 * @module
 */
import * as Context from "effect/Context"
import type * as Effect from "effect/Effect"

/** The data attributes of one `<meta>` tag, keyed as `dataset` keys them (`data-url-locale` → `urlLocale`). */
export type MetaData = Readonly<Record<string, string>>

/** The shape of page-metadata access. */
export interface PageMetadataShape {
  /** The data attributes of `<meta name="{name}">`, or undefined when the tag is absent. */
  readonly get: (name: string) => Effect.Effect<MetaData | undefined>
}

/** Access to the page's `<meta>` data attributes. */
export class PageMetadata extends Context.Service<PageMetadata, PageMetadataShape>()(
  "platform-web-client/core/browser/PageMetadata"
) {}
