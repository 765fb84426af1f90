/** PageWindow's own bookkeeping, by counting: boundaries bounded, items placed by position, the list's end. */
import { assert, describe, it } from "@effect/vitest"
import * as PageWindow from "../../../src/core/paging/PageWindow.ts"

describe("PageWindow", () => {
  it("keeps at most 1,024 boundaries: past that, every other one goes, and a fetch starts from an earlier one", () => {
    const window = PageWindow.make<number>(10)
    for (let at = 0; at < 3000; at++) {
      assert.strictEqual(window.record(at, [at], `c${at + 1}`), undefined)
      window.fit(at, at + 1, "forward")
    }
    assert.isAtMost(window.boundaryCount(), PageWindow.maxBoundaries)
    assert.isAtLeast(window.boundaryCount(), PageWindow.maxBoundaries / 2)
    assert.deepStrictEqual([window.known(), window.cursor(), window.held()], [3000, "c3000", 10])
    const from = window.fetchFrom(1500)!
    assert.isAtMost(from.at, 1500)
    assert.strictEqual(from.cursor, from.at === 0 ? undefined : `c${from.at}`)
    assert.deepStrictEqual(window.fetchFrom(0), { at: 0, cursor: undefined })
  })

  it("a cursor known for another position is reported, and nothing is recorded", () => {
    const window = PageWindow.make<string>()
    window.record(0, ["a", "b"], "x")
    assert.strictEqual(window.record(2, ["c"], "x"), 2)
    assert.deepStrictEqual([window.held(), window.known(), window.cursor()], [2, 2, "x"])
    assert.strictEqual(window.record(0, ["a", "b"], "x"), undefined) // the same place again: no loop
  })

  it("items fetched far from the held ones replace them; next to them, they join", () => {
    const window = PageWindow.make<string>()
    window.record(0, ["a", "b"], "2")
    window.record(2, ["c", "d"], "4")
    assert.deepStrictEqual(window.slice(0, 4), ["a", "b", "c", "d"])
    window.fit(2, 4, "forward")
    window.record(10, ["k"], "11")
    assert.deepStrictEqual([window.offset(), window.held(), window.slice(10, 11)], [10, 1, ["k"]])
    window.record(8, ["i", "j"], "10")
    assert.deepStrictEqual([window.offset(), window.slice(8, 11)], [8, ["i", "j", "k"]])
  })

  it("an answer without a cursor, or without items, ends the list there", () => {
    const window = PageWindow.make<string>()
    window.record(0, ["a"], "1")
    window.record(1, [], "2")
    assert.deepStrictEqual(
      [window.known(), window.cursor(), window.fetchFrom(1), window.slice(0, 5)],
      [1, undefined, undefined, ["a"]]
    )
    window.cutAt(0)
    window.record(0, ["a", "b"], undefined)
    assert.deepStrictEqual([window.known(), window.slice(2, 4)], [2, []])
  })
})
