/**
 * PagingError: why a pager could not show the page asked for (PAGE-8 to PAGE-10).
 *
 * @module
 */
import * as Data from "effect/Data"

/** The three paging error kinds of the spec. */
export type PagingErrorReason = "pagingParametersChanged" | "getItemsFailure" | "invalidPageNumber"

/** The spec's message for each kind, verbatim. */
export const pagingErrorMessages: { readonly [R in PagingErrorReason]: string } = {
  pagingParametersChanged: "Paging parameters were changed",
  getItemsFailure: "Unable to get items",
  invalidPageNumber: "Invalid page number"
}

/**
 * A page load failed: the paging parameters changed while it ran (`pagingParametersChanged`), the fetch failed
 * (`getItemsFailure`, with the fetch error as `cause`), or the page is below 1 or empty beyond page 1
 * (`invalidPageNumber`).
 */
export class PagingError extends Data.TaggedError("PagingError")<{
  readonly reason: PagingErrorReason
  /** The page that was asked for. */
  readonly page: number
  readonly cause?: unknown
}> {
  override get message(): string {
    return pagingErrorMessages[this.reason]
  }
}
