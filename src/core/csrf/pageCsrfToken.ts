/**
 * The CSRF token the page was served with: the platform's server renders `<meta name="csrf-token" data-token="…">`
 * inside `<body>`, so it is read from the whole document (the one tag PageMetadata reads outside `<head>`: a token
 * injected there can send nothing anywhere, since tokens only go to the platform's own hosts, which check them).
 *
 * The CsrfStore starts from the token in storage when there is one (the last token a platform response gave this
 * origin, which may be newer than a page served from a cache) and from this one otherwise; see CsrfStore.ts.
 *
 * @module
 */
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import { PageMetadata } from "../browser/PageMetadata.ts"
import { isLegalHeaderValue } from "../http/headerValue.ts"
import { illegalCsrfTokenWarning, InitialCsrfToken } from "./CsrfStore.ts"

/** The tag holding the page's token. */
export const csrfMetaTag = "csrf-token"

/**
 * The page's token (`data-token` of the first `csrf-token` tag in the document, trimmed), or undefined when there
 * is none or it is empty. A value that is not a legal HTTP header value is dropped with a Warning (never the value).
 */
export const pageCsrfToken: Effect.Effect<string | undefined, never, PageMetadata> = Effect.gen(function* () {
  const token = (yield* (yield* PageMetadata).get(csrfMetaTag, { from: "document" }))?.token?.trim()
  if (token === undefined || token === "") return undefined
  if (isLegalHeaderValue(token)) return token
  yield* Effect.logWarning(illegalCsrfTokenWarning("page"))
  return undefined
})

/** {@link InitialCsrfToken} from the page's `csrf-token` tag ({@link pageCsrfToken}). */
export const initialCsrfTokenFromPage: Layer.Layer<never, never, PageMetadata> = Layer.effect(
  InitialCsrfToken,
  pageCsrfToken
)
