/**
 * A walk: the fetches one load makes so that a {@link PageWindow} holds the items of positions [from, to) (or all
 * that exist of them), each fetch from the nearest boundary before the first item missing. It is bounded twice:
 *
 * - a cursor the list already gave for another position stops it (`cursorRepeated`: the list loops);
 * - it makes at most `maxFetches` fetches (`fetchLimitReached`).
 *
 * An answer without items ends the list (and so the walk), whatever cursor it carries.
 *
 * @module
 */
import * as Effect from "effect/Effect"
import type { Direction, PageWindow } from "./PageWindow.ts"
import { PagingWalkError } from "./PagingWalkError.ts"

/** What one fetch answers: items and the cursor of what follows (null, undefined or "" when nothing follows). */
export interface PageAnswer<A> {
  readonly items: ReadonlyArray<A>
  readonly nextPageCursor?: string | null | undefined
}

/** What a walk is asked for: the positions [from, to), reached going `direction`. */
export interface WalkTarget {
  readonly from: number
  readonly to: number
  readonly direction: Direction
}

/** A cursor of null, undefined or "" means nothing follows. */
export const normalizeCursor = (cursor: string | null | undefined): string | undefined =>
  cursor === null || cursor === undefined || cursor === "" ? undefined : cursor

/** Walk `window` to `target` with `fetch`, at most `maxFetches` fetches; see the module doc. */
export const walk = <A, E>(
  window: PageWindow<A>,
  target: WalkTarget,
  fetch: (cursor: string | undefined) => Effect.Effect<PageAnswer<A>, E>,
  maxFetches: number
): Effect.Effect<void, E | PagingWalkError> => {
  const { direction, from, to } = target
  const step = (fetches: number): Effect.Effect<void, E | PagingWalkError> => {
    if (window.slice(from, to) !== undefined) return Effect.void
    const heldEnd = window.offset() + window.held()
    const boundary = window.fetchFrom(from >= window.offset() && from < heldEnd ? heldEnd : from)
    if (boundary === undefined) return Effect.void
    if (fetches >= maxFetches) {
      return Effect.fail(new PagingWalkError({ reason: "fetchLimitReached", fetches, position: boundary.at }))
    }
    return Effect.flatMap(fetch(boundary.cursor), (answer) => {
      const next = normalizeCursor(answer.nextPageCursor)
      if (window.record(boundary.at, answer.items, next) !== undefined) {
        const position = boundary.at + answer.items.length
        return Effect.fail(new PagingWalkError({ reason: "cursorRepeated", fetches: fetches + 1, position }))
      }
      window.fit(from, to, direction)
      return answer.items.length === 0 ? Effect.void : step(fetches + 1)
    })
  }
  return Effect.suspend(() => step(0))
}
