/**
 * Property test of the pager's window: for any sequence of actions on a pager with `maxPages` (failing fetches and
 * parameter changes included), it never holds more than `maxPages` pages' worth of items, the current page's items
 * are the list's own, a page reached is whole, and walking every page from the first gives the whole list once.
 */
import { describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import fc from "fast-check"
import { expect } from "vitest"
import * as Pager from "../../src/core/paging/Pager.ts"
import { makeSource } from "../core/paging/source.ts"

type Action =
  | { readonly _tag: "first" | "next" | "previous" | "reload" }
  | { readonly _tag: "goTo"; readonly page: number }
  | { readonly _tag: "setParameters"; readonly change: Pager.PagingChange<unknown> }

const actionArb: fc.Arbitrary<Action> = fc.oneof(
  fc.constantFrom<Action>(
    { _tag: "first" },
    { _tag: "next" },
    { _tag: "next" },
    { _tag: "previous" },
    { _tag: "reload" }
  ),
  fc.integer({ min: 1, max: 20 }).map((page): Action => ({ _tag: "goTo", page })),
  fc
    .record({ pageSize: fc.integer({ min: 1, max: 5 }), loadSize: fc.integer({ min: 1, max: 12 }) })
    .map((change): Action => ({ _tag: "setParameters", change }))
)

const caseArb = fc.record({
  size: fc.integer({ min: 0, max: 60 }),
  pageSize: fc.integer({ min: 1, max: 5 }),
  loadSize: fc.integer({ min: 1, max: 12 }),
  maxPages: fc.integer({ min: 1, max: 4 }),
  failing: fc.array(fc.integer({ min: 1, max: 40 }), { maxLength: 4 }),
  actions: fc.array(actionArb, { maxLength: 30 })
})

type Case = typeof caseArb extends fc.Arbitrary<infer T> ? T : never

const run = (pager: Pager.Pager<string, unknown>, action: Action) => {
  switch (action._tag) {
    case "goTo":
      return pager.goTo(action.page)
    case "setParameters":
      return pager.setParameters(action.change)
    default:
      return pager[action._tag]
  }
}

const check = (pager: Pager.Pager<string, unknown>, list: ReadonlyArray<string>, maxPages: number, whole: boolean) => {
  const state = pager.current()
  expect(state.cachedCount).toBeLessThanOrEqual(maxPages * state.pageSize)
  const start = (state.page - 1) * state.pageSize
  expect(state.items).toEqual(list.slice(start, start + state.items.length))
  if (whole) expect(state.items).toEqual(list.slice(start, start + state.pageSize))
}

const property = (c: Case) =>
  Effect.gen(function* () {
    const failing = new Set(c.failing)
    let healthy = false
    const source = makeSource(c.size, { failCall: (call) => !healthy && failing.has(call) })
    const pager = yield* Pager.make<string, unknown, string>({
      pageSize: c.pageSize,
      loadSize: c.loadSize,
      maxPages: c.maxPages,
      fetch: source.fetch
    })
    for (const action of c.actions) {
      const exit = yield* Effect.exit(run(pager, action))
      check(
        pager,
        source.items,
        c.maxPages,
        Exit.isSuccess(exit) && action._tag !== "previous" && action._tag !== "next"
      )
    }
    healthy = true
    const seen: Array<string> = [...(yield* pager.first)]
    while (pager.current().canNext) {
      const before = pager.current().page
      seen.push(...(yield* pager.next))
      expect(pager.current().page).toBe(before + 1)
      check(pager, source.items, c.maxPages, true)
    }
    expect(seen).toEqual(source.items)
  })

describe("Pager window properties", () => {
  it("never more than maxPages pages held; the page shown is the list's; every page walked gives the list once", async () => {
    await fc.assert(
      fc.asyncProperty(caseArb, (c) => Effect.runPromise(property(c))),
      { numRuns: 300 }
    )
  })
})
