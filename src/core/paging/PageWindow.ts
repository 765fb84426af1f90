/**
 * PageWindow: a cursor-paged list as far as it was walked, for a pager (and any other reader of such lists: an
 * infinite query's pages are its loads). Synchronous bookkeeping; the caller fetches.
 *
 * - Items are kept by position (their 0-based index in the list) in one contiguous window of at most `maxItems`
 *   items; the rest of what was fetched is forgotten, and fetched again when asked for.
 * - Every boundary the walk learned is kept: a position and the cursor that fetches from it (position 0: no
 *   cursor), so that any forgotten part is fetched again from the nearest boundary before it. Past 1,024 of them,
 *   every other one is let go (a part then costs a fetch or two more to reach), so that they stay bounded too.
 * - A cursor names one place in the list: an answer giving a cursor already known for another position means the
 *   list loops; {@link PageWindow.record} says so instead of recording it.
 * - An answer without a next cursor, or without items, ends the list where it ends.
 *
 * @module
 */

/** Where a fetch starts: a position and the cursor that fetches from it. */
export interface Boundary {
  readonly at: number
  readonly cursor: string | undefined
}

/** Which way a load moved: the window keeps the items nearest the page in that direction. */
export type Direction = "forward" | "backward"

/** What {@link PageWindow.save} keeps, for {@link PageWindow.restore}. */
export interface SavedWindow<A> {
  readonly offset: number
  readonly items: ReadonlyArray<A>
  readonly boundaries: ReadonlyArray<Boundary>
  readonly end: number | undefined
}

/** The list as far as it was walked; see the module doc. */
export interface PageWindow<A> {
  /** The items of positions [from, to) that exist (fewer at the list's end), when every one is held; else undefined. */
  readonly slice: (from: number, to: number) => ReadonlyArray<A> | undefined
  /** The held items among positions [from, to): all of them, some (a load that stopped halfway) or none. */
  readonly heldIn: (from: number, to: number) => ReadonlyArray<A>
  /** Where a fetch reaching `position` starts: the nearest boundary at or before it; undefined past the list's end. */
  readonly fetchFrom: (position: number) => Boundary | undefined
  /**
   * Record what a fetch from the boundary at `at` answered: its items (placed at `at` on) and the cursor of what
   * follows. Answers the position of a cursor the list already gave for another position (nothing is recorded
   * then), else undefined.
   */
  readonly record: (at: number, items: ReadonlyArray<A>, next: string | undefined) => number | undefined
  /** Keep at most `maxItems` held items: those nearest positions [from, to) in `direction`, and those positions. */
  readonly fit: (from: number, to: number, direction: Direction) => void
  /** Forget every item from `position` on, the boundaries after it and the list's end (a reload from there). */
  readonly cutAt: (position: number) => void
  /** Forget everything. */
  readonly clear: () => void
  /** The furthest position known to exist: every item before it was fetched at some time. */
  readonly known: () => number
  /** The cursor that fetches from {@link PageWindow.known} on; undefined when the list ends there or nothing was fetched. */
  readonly cursor: () => string | undefined
  /** Whether anything was fetched (since the last clear). */
  readonly started: () => boolean
  /** The position of the first item held. */
  readonly offset: () => number
  /** How many items are held. */
  readonly held: () => number
  /** How many boundaries are kept (at most {@link maxBoundaries}). */
  readonly boundaryCount: () => number
  /** The state now, to put back with {@link PageWindow.restore} or {@link PageWindow.restoreHeld}. */
  readonly save: () => SavedWindow<A>
  /** Put back everything saved. */
  readonly restore: (saved: SavedWindow<A>) => void
  /** Put back the items held then, keeping what was learned since (boundaries, the list's end). */
  readonly restoreHeld: (saved: SavedWindow<A>) => void
}

/** Boundaries kept before every other one is let go. */
export const maxBoundaries = 1024

const start: Boundary = { at: 0, cursor: undefined }

/** The index of the last boundary at or before `position` (boundaries sorted by position, the first at 0). */
const boundaryBefore = (boundaries: ReadonlyArray<Boundary>, position: number): number => {
  let low = 0
  let high = boundaries.length - 1
  while (low < high) {
    const mid = (low + high + 1) >> 1
    if (boundaries[mid]!.at <= position) low = mid
    else high = mid - 1
  }
  return low
}

/** The window's mutable memory: the items held from `offset` on, the boundaries learned and where the list ends. */
interface WindowMemory<A> {
  offset: number
  items: Array<A>
  boundaries: Array<Boundary>
  /** The position of each boundary's cursor, to tell a cursor given for two places. */
  positions: Map<string, number>
  /** Where the list ends, once an answer said so. */
  end: number | undefined
}

/** Index the cursors of the boundaries `w` keeps by their position. */
const reindex = <A>(w: WindowMemory<A>) => {
  w.positions = new Map(w.boundaries.flatMap((b) => (b.cursor === undefined ? [] : [[b.cursor, b.at] as const])))
}

/** Put `fetched` at positions `at` on: merged with the held items they touch, or held instead of them. */
const place = <A>(w: WindowMemory<A>, at: number, fetched: ReadonlyArray<A>) => {
  const { offset, items } = w
  if (items.length === 0 || at > offset + items.length || at + fetched.length < offset) {
    w.offset = at
    w.items = [...fetched]
    return
  }
  if (at < offset) {
    w.items = [...fetched, ...items.slice(at + fetched.length - offset)]
    w.offset = at
    return
  }
  for (let i = 0; i < fetched.length; i++) items[at - offset + i] = fetched[i]!
}

/** Keep the boundary `cursor` at `at`, replacing one there, and let every other one go when there are too many. */
const setBoundary = <A>(w: WindowMemory<A>, at: number, cursor: string) => {
  const { boundaries } = w
  const index = boundaryBefore(boundaries, at)
  const found = boundaries[index]!
  if (found.at === at) {
    if (found.cursor !== undefined) w.positions.delete(found.cursor)
    boundaries[index] = { at, cursor }
  } else boundaries.splice(index + 1, 0, { at, cursor })
  w.positions.set(cursor, at)
  if (boundaries.length > maxBoundaries) {
    w.boundaries = boundaries.filter((_, i) => i % 2 === 0 || i === boundaries.length - 1)
    reindex(w)
  }
}

/** The list ends at `at`: no boundary after it. */
const endAt = <A>(w: WindowMemory<A>, at: number) => {
  w.end = at
  const kept = w.boundaries.filter((b) => b.at < at || b.at === 0)
  if (kept.length !== w.boundaries.length) {
    w.boundaries = kept
    reindex(w)
  }
}

/** Record a fetch from `at` (see {@link PageWindow.record}). */
const record = <A>(w: WindowMemory<A>, at: number, fetched: ReadonlyArray<A>, next: string | undefined) => {
  const after = at + fetched.length
  if (next !== undefined && fetched.length > 0) {
    const seen = w.positions.get(next)
    if (seen !== undefined && seen !== after) return seen
  }
  place(w, at, fetched)
  if (fetched.length === 0 || next === undefined) endAt(w, after)
  else {
    setBoundary(w, after, next)
    if (w.end !== undefined && after >= w.end) w.end = undefined
  }
  return undefined
}

/** Keep at most `maxItems` held items: those nearest positions [from, to) in `direction`. */
const fit = <A>(w: WindowMemory<A>, maxItems: number, from: number, to: number, direction: Direction) => {
  const { offset, items } = w
  if (items.length <= maxItems) return
  const heldEnd = offset + items.length
  let first: number
  if (direction === "forward") first = Math.max(offset, Math.min(heldEnd, from + maxItems) - maxItems)
  else first = Math.max(offset, to - maxItems)
  const last = Math.min(heldEnd, first + maxItems)
  w.items = items.slice(first - offset, last - offset)
  w.offset = first
}

/** Forget every item from `position` on, the boundaries after it and the list's end. */
const cutAt = <A>(w: WindowMemory<A>, position: number) => {
  if (position <= w.offset) {
    w.items = []
    w.offset = position
  } else if (position < w.offset + w.items.length) w.items = w.items.slice(0, position - w.offset)
  w.boundaries = w.boundaries.filter((b) => b.at <= position)
  reindex(w)
  w.end = undefined
}

/** An empty list, holding at most `maxItems` items (Infinity: all of them). */
export const make = <A>(maxItems: number = Number.POSITIVE_INFINITY): PageWindow<A> => {
  const w: WindowMemory<A> = { offset: 0, items: [], boundaries: [start], positions: new Map(), end: undefined }
  const last = () => w.boundaries[w.boundaries.length - 1]!
  return {
    slice: (from, to) => {
      const { offset, items, end } = w
      const stop = end === undefined ? to : Math.min(to, end)
      if (stop <= from) return []
      return from >= offset && stop <= offset + items.length ? items.slice(from - offset, stop - offset) : undefined
    },
    heldIn: (from, to) => w.items.slice(Math.max(0, from - w.offset), Math.max(0, to - w.offset)),
    fetchFrom: (position) =>
      w.end !== undefined && position >= w.end ? undefined : w.boundaries[boundaryBefore(w.boundaries, position)],
    record: (at, fetched, next) => record(w, at, fetched, next),
    fit: (from, to, direction) => fit(w, maxItems, from, to, direction),
    cutAt: (position) => cutAt(w, position),
    clear: () => {
      w.offset = 0
      w.items = []
      w.boundaries = [start]
      w.positions = new Map()
      w.end = undefined
    },
    known: () => Math.max(last().at, w.end ?? 0),
    cursor: () => (w.end !== undefined ? undefined : last().cursor),
    started: () => w.boundaries.length > 1 || w.end !== undefined,
    offset: () => w.offset,
    held: () => w.items.length,
    boundaryCount: () => w.boundaries.length,
    save: () => ({ offset: w.offset, items: [...w.items], boundaries: [...w.boundaries], end: w.end }),
    restore: (saved) => {
      w.offset = saved.offset
      w.items = [...saved.items]
      w.boundaries = [...saved.boundaries]
      w.end = saved.end
      reindex(w)
    },
    restoreHeld: (saved) => {
      w.offset = saved.offset
      w.items = [...saved.items]
    }
  }
}
