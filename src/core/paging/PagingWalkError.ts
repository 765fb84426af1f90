/**
 * PagingWalkError: why a walk through a cursor-paged list was stopped before it reached the items it wanted. A walk
 * is the fetches one load makes, each from the cursor the one before answered (going to page 40 from page 1 is a
 * walk of many fetches). It is stopped when the server answers a cursor it already gave for another place in the
 * list (`cursorRepeated`: the list loops, and walking on would fetch the same items forever), or when the walk made
 * as many fetches as one load may (`fetchLimitReached`).
 *
 * The pager reports it as the spec's `getItemsFailure` ("Unable to get items"), with this error as the `cause`.
 *
 * @module
 */
import * as Data from "effect/Data"

/** The two reasons a walk is stopped. */
export type PagingWalkReason = "cursorRepeated" | "fetchLimitReached"

/** A walk through a paged list was stopped; see the module doc. */
export class PagingWalkError extends Data.TaggedError("PagingWalkError")<{
  readonly reason: PagingWalkReason
  /** Fetches the walk made, the last one included. */
  readonly fetches: number
  /** The position in the list (0-based item index) the last fetch answered for. */
  readonly position: number
}> {
  override get message(): string {
    return this.reason === "cursorRepeated"
      ? `The list answered a cursor it had given for another place in it (after ${this.fetches} fetch(es)); the walk was stopped`
      : `The walk reached its limit of ${this.fetches} fetch(es) before the items it wanted`
  }
}
