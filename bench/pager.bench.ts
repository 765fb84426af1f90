/**
 * Pager: once the pages are cached, moving to page k costs the same for k = 10 and k = 10,000 (a slice of the
 * cache and one state publication, whatever k is).
 */
import * as Effect from "effect/Effect"
import * as Pager from "../src/core/paging/Pager.ts"
import { type Benchmark, fmt, ratio, sideBySide } from "./lib.ts"

const PAGE_SIZE = 10
const PAGES = 10_000
const items = Array.from({ length: PAGE_SIZE * PAGES + PAGE_SIZE }, (_, i) => i)

const benchmark: Benchmark = {
  name: "Pager: moving to a cached page",
  async run() {
    let fetches = 0
    const pager = await Effect.runPromise(
      Pager.make({
        pageSize: PAGE_SIZE,
        loadSize: 1000,
        fetch: ({ count, cursor }) =>
          Effect.sync(() => {
            fetches++
            const start = cursor === undefined ? 0 : Number(cursor)
            const end = start + count
            return { items: items.slice(start, end), nextPageCursor: end < items.length ? String(end) : null }
          })
      })
    )
    await Effect.runPromise(pager.goTo(PAGES)) // fills the cache up to page 10,000
    const loaded = fetches
    const goTo = (page: number) => () => {
      const got = Effect.runSync(pager.goTo(page))
      if (got[0] !== (page - 1) * PAGE_SIZE) throw new Error("wrong page")
    }
    const floor = () => items.slice(PAGES * PAGE_SIZE - PAGE_SIZE, PAGES * PAGE_SIZE)
    const micros = await sideBySide(
      [
        { name: "goTo(10)", op: goTo(10) },
        { name: "goTo(10,000)", op: goTo(PAGES) },
        { name: "array slice of one page (floor)", op: floor }
      ],
      { rounds: 41, batch: 2000, warmup: 5000 }
    )
    const near = micros.get("goTo(10)")!
    const far = micros.get("goTo(10,000)")!
    return {
      title: `Pager: moving to a cached page (page size ${PAGE_SIZE}, ${PAGES.toLocaleString("en")} pages cached)`,
      rows: [...micros].map(([name, us]) => ({ name, value: us * 1000, unit: "ns/move" })),
      ratios: [`goTo(10,000) / goTo(10) = ${ratio(far, near)}`],
      notes: [
        `Target: the same cost for k = 10 and k = 10,000 once cached: ${
          Math.abs(far / near - 1) <= 0.15 ? "met" : "missed"
        } (${ratio(far, near)}; within ±15% counts as the same).`,
        `Filling the cache took ${loaded} fetches of 1000 items; no fetch happened while measuring (${
          fetches - loaded
        }).`,
        `A cached move publishes the state once on its Observable (no Loading); ${fmt(near * 1000)} ns is mostly that.`
      ]
    }
  }
}

export default benchmark
