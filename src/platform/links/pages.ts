/**
 * Page helpers (LINK-7): the page's name from page metadata, and landing pages.
 *
 * The page name is the `data-internal-page-name` attribute of `<meta name="page-meta">` (our choice of tag; the
 * spec says only "read from page metadata").
 *
 * @module
 */
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import { PageMetadata } from "../../core/browser/PageMetadata.ts"

/** The `<meta>` tag that carries the page name. */
export const pageMetaTag = "page-meta"

/** The page names of landing pages. */
export const landingPageNames: ReadonlyArray<string> = ["Landing", "RollerCoaster"]

const PageMeta = Schema.Struct({ internalPageName: Schema.optional(Schema.String) })

/** The page's name, or undefined when the tag or attribute is absent or empty. */
export const pageName: Effect.Effect<string | undefined, never, PageMetadata> = Effect.gen(function* () {
  const meta = yield* (yield* PageMetadata).get(pageMetaTag)
  const decoded = Schema.decodeUnknownOption(PageMeta)(meta ?? {})
  const name = decoded._tag === "Some" ? decoded.value.internalPageName?.trim() : undefined
  return name === "" ? undefined : name
})

/** True when a page name is a landing page's (Landing or RollerCoaster, exactly). */
export const isLandingPageName = (name: string | undefined): boolean =>
  name !== undefined && landingPageNames.includes(name)

/** True on a landing page. */
export const isLandingPage: Effect.Effect<boolean, never, PageMetadata> = Effect.map(pageName, isLandingPageName)
