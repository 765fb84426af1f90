/** An in-memory cursor-paged list for pager tests: the cursor is the offset, as a string. */
import * as Effect from "effect/Effect"
import type { PageRequest, PageResponse } from "../../../src/core/paging/Pager.ts"

export interface SourceOptions {
  /** Each fetch sleeps this long (virtual time under TestClock). */
  readonly latencyMs?: number
  /** Fail fetch number `call` (1-based) with "fetch failed". */
  readonly failCall?: (call: number) => boolean
}

/** A list of `size` items `item-0`, `item-1`, … that records every request it gets. */
export const makeSource = (size: number, options: SourceOptions = {}) => {
  const self = {
    items: Array.from({ length: size }, (_, i) => `item-${i}`),
    requests: [] as Array<PageRequest<unknown>>,
    fetch: (request: PageRequest<unknown>): Effect.Effect<PageResponse<string>, string> =>
      Effect.gen(function* () {
        self.requests.push(request)
        const call = self.requests.length
        if (options.latencyMs !== undefined) yield* Effect.sleep(options.latencyMs)
        if (options.failCall?.(call)) return yield* Effect.fail("fetch failed")
        const list = request.sortOrder === "Desc" ? [...self.items].reverse() : self.items
        const start = request.cursor === undefined ? 0 : Number(request.cursor)
        const end = start + request.count
        return { items: list.slice(start, end), nextPageCursor: end < list.length ? String(end) : null }
      })
  }
  return self
}

/** `item-from` … `item-(to-1)`. */
export const itemRange = (from: number, to: number): Array<string> =>
  Array.from({ length: Math.max(0, to - from) }, (_, i) => `item-${from + i}`)
