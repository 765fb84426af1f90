/**
 * PageMetadata: the data attributes of the page's `<meta>` tags.
 *
 * The platform's server renders settings into the page as `<meta name="user-data" data-userid="…">`; this service
 * returns the data attributes of the tag with a given name (keys as `dataset` gives them, camelCase). The values
 * are outside input: decode them with a Schema or a checked reader.
 *
 * **`<head>` only, by default.** A tag is read from the document's `<head>` unless the caller asks for the whole
 * document (`{ from: "document" }`). The `<head>` is what the server renders; the `<body>` also holds what users
 * wrote (names, descriptions, posts), where an injected `<meta name="environment-meta" data-domain="evil.test">`
 * would otherwise choose where requests, signatures and scripts go. A tag of the asked name found outside `<head>`
 * is ignored and logged as a Warning (its name only, never its values). The one tag the server renders in
 * `<body>`, the initial CSRF token, is read with `{ from: "document" }`: a token injected there cannot send
 * anything anywhere (the token only goes to the platform's own hosts, which check it).
 *
 * @module
 */
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import { errorName } from "./errorSummary.ts"

/** The data attributes of one `<meta>` tag, keyed as `dataset` keys them (`data-url-locale` → `urlLocale`). */
export type MetaData = Readonly<Record<string, string>>

/** Where a tag is looked for: the document's `<head>` (the default) or the whole document (`<head>` first). */
export type MetaScope = "head" | "document"

/** Options of {@link PageMetadataShape.get}. */
export interface MetaLookup {
  /** `head` (default): only a tag in `<head>` counts; `document`: the first tag in document order. */
  readonly from?: MetaScope
}

/** The shape of page-metadata access. */
export interface PageMetadataShape {
  /** The data attributes of `<meta name="{name}">` (in `<head>` unless asked otherwise), or undefined when absent. */
  readonly get: (name: string, options?: MetaLookup) => Effect.Effect<MetaData | undefined>
}

/** The `<meta>` elements of a document or of its `<head>`. */
export interface MetaElements {
  readonly querySelectorAll: (selectors: "meta[name]") => ArrayLike<Pick<HTMLElement, "getAttribute" | "dataset">>
}

/** The part of `document` page metadata uses. */
export interface MetaDocument extends MetaElements {
  /** The `<head>` element (null when the document has none: then no tag is in `<head>`). */
  readonly head: MetaElements | null
}

/** The Warning for a tag found outside `<head>` (its name only). */
export const metaOutsideHeadWarning = (name: string) =>
  `Page metadata <meta name="${name}"> outside <head> ignored: only the server-rendered <head> may set it`

/** A plain copy of an element's `dataset`. */
const datasetRecord = (dataset: DOMStringMap): MetaData => {
  const record: Record<string, string> = {}
  for (const [key, value] of Object.entries(dataset)) if (typeof value === "string") record[key] = value
  return record
}

/** The tags named `name` among `elements`, in document order. */
const named = (elements: MetaElements | null | undefined, name: string) =>
  Array.from(elements?.querySelectorAll("meta[name]") ?? []).filter((meta) => meta.getAttribute("name") === name)

const lookup = (doc: MetaDocument | undefined, name: string, from: MetaScope): Effect.Effect<MetaData | undefined> => {
  const all = named(doc, name)
  if (from === "document") return Effect.succeed(all[0] && datasetRecord(all[0].dataset))
  const inHead = named(doc?.head, name)
  const found = inHead[0] && datasetRecord(inHead[0].dataset)
  return all.length > inHead.length
    ? Effect.as(Effect.logWarning(metaOutsideHeadWarning(name)), found)
    : Effect.succeed(found)
}

const fromDocument = (document: () => MetaDocument | undefined): PageMetadataShape => ({
  get: (name, options) =>
    Effect.suspend(() => {
      try {
        return lookup(document(), name, options?.from ?? "head")
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
   * Page metadata from a document. The first `<meta>` (of `<head>`, or of the document when asked) whose `name`
   * attribute equals the name exactly wins. The name is compared as a string, never put into a CSS selector, so
   * any name (quotes included) is safe.
   */
  static fromDocument(document: () => MetaDocument | undefined): Layer.Layer<PageMetadata> {
    return Layer.succeed(PageMetadata, fromDocument(document))
  }

  /** The browser's `document`; outside a browser every tag is absent. */
  static readonly browser: Layer.Layer<PageMetadata> = PageMetadata.fromDocument(() =>
    typeof document === "undefined" ? undefined : document
  )
}
