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
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import { errorName } from "./errorSummary.ts"

/** The data attributes of one `<meta>` tag, keyed as `dataset` keys them (`data-url-locale` → `urlLocale`). */
export type MetaData = Readonly<Record<string, string>>

/** The shape of page-metadata access. */
export interface PageMetadataShape {
  /** The data attributes of `<meta name="{name}">`, or undefined when the tag is absent. */
  readonly get: (name: string) => Effect.Effect<MetaData | undefined>
}

/** The part of `document` page metadata uses. */
export interface MetaDocument {
  readonly querySelectorAll: (selectors: "meta[name]") => ArrayLike<Pick<HTMLElement, "getAttribute" | "dataset">>
}

/** A plain copy of an element's `dataset`. */
const datasetRecord = (dataset: DOMStringMap): MetaData => {
  const record: Record<string, string> = {}
  for (const [key, value] of Object.entries(dataset)) if (typeof value === "string") record[key] = value
  return record
}

const fromDocument = (document: () => MetaDocument | undefined): PageMetadataShape => ({
  get: (name) =>
    Effect.suspend(() => {
      try {
        const metas = document()?.querySelectorAll("meta[name]") ?? []
        for (let i = 0; i < metas.length; i++) {
          const meta = metas[i]
          if (meta?.getAttribute("name") === name) return Effect.succeed(datasetRecord(meta.dataset))
        }
        return Effect.succeed(undefined)
      } catch (cause) {
        return Effect.as(Effect.logDebug(`Page metadata "${name}" unreadable: ${errorName(cause)}`), undefined)
      }
    })
})

/** Access to the page's `<meta>` data attributes. */
export class PageMetadata extends Context.Service<PageMetadata, PageMetadataShape>()(
  "platform-web-client/core/browser/PageMetadata"
) {
  /**
   * Page metadata from a document. The first `<meta>` whose `name` attribute equals the name exactly wins. The name
   * is compared as a string, never put into a CSS selector, so any name (quotes included) is safe.
   */
  static fromDocument(document: () => MetaDocument | undefined): Layer.Layer<PageMetadata> {
    return Layer.succeed(PageMetadata, fromDocument(document))
  }

  /** The browser's `document`; outside a browser every tag is absent. */
  static readonly browser: Layer.Layer<PageMetadata> = PageMetadata.fromDocument(() =>
    typeof document === "undefined" ? undefined : document
  )
}
