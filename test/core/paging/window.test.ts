/**
 * The pager's window (`maxPages`): at most that many pages' worth of items held, by counting `cachedCount`; pages
 * outside it fetched again when visited, with the cursor of the nearest boundary before them (the request log
 * shows which). Without `maxPages` every item stays (the spec's page cache).
 */
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Pager from "../../../src/core/paging/Pager.ts"
import { itemRange, makeSource } from "./source.ts"

const setup = (size: number, options: Partial<Pager.PagerOptions<string, unknown, string, never>>) =>
  Effect.gen(function* () {
    const source = makeSource(size)
    const pager = yield* Pager.make<string, unknown, string>({ pageSize: 2, fetch: source.fetch, ...options })
    return { source, pager, cursors: () => source.requests.map((r) => r.cursor) }
  })

describe("Pager window (maxPages)", () => {
  it.effect("walking forward holds at most maxPages pages: the current one and those before it", () =>
    Effect.gen(function* () {
      const { pager } = yield* setup(1000, { maxPages: 3 })
      yield* pager.first
      const held: Array<number> = [pager.current().cachedCount]
      for (let i = 0; i < 200; i++) {
        yield* pager.next
        held.push(pager.current().cachedCount)
      }
      assert.strictEqual(pager.current().page, 201)
      assert.deepStrictEqual(pager.current().items, itemRange(400, 402))
      assert.strictEqual(Math.max(...held), 6)
      assert.deepStrictEqual(held.slice(0, 4), [2, 4, 6, 6])
    })
  )

  it.effect("a page that left the window is fetched again from the cursor of its position", () =>
    Effect.gen(function* () {
      const { cursors, pager, source } = yield* setup(20, { maxPages: 2 })
      yield* pager.goTo(5) // items 8, 9; holds pages 4 and 5
      assert.deepStrictEqual(cursors(), [undefined, "2", "4", "6", "8"])
      assert.deepStrictEqual(yield* pager.previous, itemRange(6, 8)) // held: no fetch
      assert.strictEqual(source.requests.length, 5)
      assert.deepStrictEqual(yield* pager.goTo(2), itemRange(2, 4)) // not held: fetched from cursor "2"
      assert.deepStrictEqual(cursors().slice(5), ["2"])
      assert.deepStrictEqual(yield* pager.goTo(1), itemRange(0, 2))
      assert.deepStrictEqual(cursors().slice(6), [undefined])
      assert.strictEqual(pager.current().cachedCount, 4) // pages 1 and 2
      assert.deepStrictEqual(yield* pager.goTo(6), itemRange(10, 12)) // known as far as 10: fetched from "10"
      assert.deepStrictEqual(cursors().slice(7), ["10"])
    })
  )

  it.effect("going back keeps the pages in the direction of travel: the page and those before it", () =>
    Effect.gen(function* () {
      const { cursors, pager } = yield* setup(20, { maxPages: 2, loadSize: 6 })
      yield* pager.goTo(7) // items 12, 13: loads from 0, 6, 12; holds pages 6 and 7
      assert.deepStrictEqual(cursors(), [undefined, "6", "12"])
      assert.strictEqual(pager.current().cachedCount, 4)
      assert.deepStrictEqual(yield* pager.goTo(3), itemRange(4, 6)) // from the load at 0
      assert.deepStrictEqual(cursors().slice(3), [undefined])
      assert.deepStrictEqual(yield* pager.previous, itemRange(2, 4)) // held: pages 2 and 3
      assert.strictEqual(cursors().length, 4)
      assert.strictEqual(pager.current().cachedCount, 4)
    })
  )

  it.effect("a load larger than the window keeps the current page and what follows it, up to the bound", () =>
    Effect.gen(function* () {
      const { pager, source } = yield* setup(30, { maxPages: 2, loadSize: 10 })
      yield* pager.first
      assert.strictEqual(pager.current().cachedCount, 4)
      assert.deepStrictEqual(yield* pager.next, itemRange(2, 4)) // held
      assert.deepStrictEqual(yield* pager.next, itemRange(4, 6)) // fetched again from the start (no boundary at 4)
      assert.deepStrictEqual(
        source.requests.map((r) => r.cursor),
        [undefined, undefined]
      )
      assert.strictEqual(pager.current().cachedCount, 4)
    })
  )

  it.effect("the end of the list is remembered: next stops there however far the window moved", () =>
    Effect.gen(function* () {
      const { pager } = yield* setup(7, { maxPages: 1 })
      yield* pager.goTo(4) // item 6, the last
      const state = pager.current()
      // one page's worth of items: the last page's one item and the one before it
      assert.deepStrictEqual(
        [state.items, state.canNext, state.cursor, state.cachedCount],
        [["item-6"], false, undefined, 2]
      )
      assert.deepStrictEqual(yield* pager.goTo(1), itemRange(0, 2))
      assert.isTrue(pager.current().canNext)
    })
  )

  it.effect("without maxPages every item fetched stays", () =>
    Effect.gen(function* () {
      const { pager } = yield* setup(1000, {})
      yield* pager.goTo(100)
      assert.strictEqual(pager.current().cachedCount, 200)
    })
  )

  it.effect("changing the page size keeps the window in pages", () =>
    Effect.gen(function* () {
      const { pager } = yield* setup(100, { maxPages: 2 })
      yield* pager.setParameters({ pageSize: 5 })
      yield* pager.goTo(4)
      assert.strictEqual(pager.current().cachedCount, 10)
    })
  )
})
