/**
 * Property tests of the pager: for any sequence of actions (with failing fetches, parameter changes and, in the
 * second property, actions overlapping in virtual time) the state invariants hold: page ≥ 1, the status returns
 * to idle, the current page is the right slice of the list, and walking every page gives the whole list once.
 */
import { describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import * as Fiber from "effect/Fiber"
import { TestClock } from "effect/testing"
import fc from "fast-check"
import { expect } from "vitest"
import * as Pager from "../../src/core/paging/Pager.ts"
import { PagingError } from "../../src/core/paging/PagingError.ts"
import { makeSource } from "../core/paging/source.ts"

type Action =
  | { readonly _tag: "first" | "next" | "previous" | "reload" }
  | { readonly _tag: "goTo"; readonly page: number }
  | { readonly _tag: "setParameters"; readonly change: Pager.PagingChange<unknown> }
  | { readonly _tag: "wait"; readonly ms: number }

const actionArb: fc.Arbitrary<Action> = fc.oneof(
  fc.constantFrom<Action>({ _tag: "first" }, { _tag: "next" }, { _tag: "previous" }, { _tag: "reload" }),
  fc.integer({ min: -1, max: 12 }).map((page): Action => ({ _tag: "goTo", page })),
  fc
    .record({
      pageSize: fc.option(fc.integer({ min: 1, max: 6 }), { nil: undefined }),
      loadSize: fc.option(fc.integer({ min: 1, max: 12 }), { nil: undefined }),
      sortOrder: fc.option(fc.constantFrom<Pager.SortOrder>("Asc", "Desc"), { nil: undefined })
    })
    .map((change): Action => ({
      _tag: "setParameters",
      change: Object.fromEntries(Object.entries(change).filter(([, v]) => v !== undefined))
    })),
  fc.integer({ min: 0, max: 30 }).map((ms): Action => ({ _tag: "wait", ms }))
)

const caseArb = fc.record({
  size: fc.integer({ min: 0, max: 40 }),
  pageSize: fc.integer({ min: 1, max: 6 }),
  loadSize: fc.integer({ min: 1, max: 12 }),
  variant: fc.constantFrom<Pager.PagerVariant>("classic", "initialized"),
  failing: fc.array(fc.integer({ min: 1, max: 30 }), { maxLength: 4 }),
  actions: fc.array(actionArb, { maxLength: 25 })
})

type Case = typeof caseArb extends fc.Arbitrary<infer T> ? T : never

const run = (pager: Pager.Pager<string, unknown>, action: Action): Effect.Effect<unknown, PagingError> => {
  switch (action._tag) {
    case "goTo":
      return pager.goTo(action.page)
    case "setParameters":
      return pager.setParameters(action.change)
    case "wait":
      return TestClock.adjust(action.ms)
    default:
      return pager[action._tag]
  }
}

const spec = new Set(["pagingParametersChanged", "getItemsFailure", "invalidPageNumber"])

/** The invariants of a pager at rest. */
const checkAtRest = (pager: Pager.Pager<string, unknown>, list: ReadonlyArray<string>, status: Pager.PagerStatus) => {
  const state = pager.current()
  expect(Number.isInteger(state.page) && state.page >= 1).toBe(true)
  expect(state.status).toBe(status)
  const expected = state.sortOrder === "Desc" ? [...list].reverse() : list
  const start = (state.page - 1) * state.pageSize
  // The cache is a prefix of the list, so the page is the list's slice as far as it is cached.
  expect(state.items).toEqual(expected.slice(start, Math.min(start + state.pageSize, state.cachedCount)))
  // busy unless idle: Initialized sets no flag
  const idle = state.status === "Idle"
  expect(state.canNext).toBe(idle && (state.cachedCount > state.page * state.pageSize || state.cursor !== undefined))
  expect(state.canPrevious).toBe(idle && state.page > 1)
  expect(state.canFirst).toBe(idle)
  expect(state.canReload).toBe(idle)
  if (state.error !== undefined) expect(spec.has(state.error.reason)).toBe(true)
  return expected
}

/** Walk every page from the first: the pages concatenate to the whole list, each item once. */
const walkAll = (pager: Pager.Pager<string, unknown>) =>
  Effect.gen(function* () {
    const seen: Array<string> = [...(yield* pager.first)]
    while (pager.current().canNext) {
      const before = pager.current().page
      const items = yield* Effect.catch(pager.next, (e) =>
        e.reason === "invalidPageNumber" ? Effect.succeed([] as ReadonlyArray<string>) : Effect.fail(e)
      )
      if (pager.current().page === before) break // an empty last page beyond the cache
      seen.push(...items)
    }
    return seen
  })

const property = (c: Case, concurrent: boolean) =>
  Effect.gen(function* () {
    const failing = new Set(c.failing)
    let healthy = false
    const source = makeSource(c.size, {
      ...(concurrent ? { latencyMs: 10 } : {}),
      failCall: (call) => !healthy && failing.has(call)
    })
    const pager = yield* Pager.make<string, unknown, string>({
      pageSize: c.pageSize,
      loadSize: c.loadSize,
      fetch: source.fetch,
      variant: c.variant
    })
    // At rest the pager is Idle, or still Initialized when it never fetched (a load always fetches first; next,
    // previous and reload do nothing in Initialized).
    const restStatus = (): Pager.PagerStatus =>
      c.variant === "initialized" && source.requests.length === 0 ? "Initialized" : "Idle"
    const fibers: Array<Fiber.Fiber<unknown, PagingError>> = []
    for (const action of c.actions) {
      if (concurrent) {
        fibers.push(yield* Effect.forkChild(run(pager, action), { startImmediately: true }))
      } else {
        yield* Effect.exit(run(pager, action))
        checkAtRest(pager, source.items, restStatus())
      }
    }
    yield* TestClock.adjust(10_000)
    for (const fiber of fibers) {
      const exit = yield* Fiber.await(fiber)
      if (Exit.isFailure(exit)) {
        const error = Exit.findErrorOption(exit)
        expect(error._tag === "Some" && error.value instanceof PagingError && spec.has(error.value.reason)).toBe(true)
      }
    }
    const expected = checkAtRest(pager, source.items, restStatus())
    healthy = true
    const walk = yield* Effect.forkChild(walkAll(pager))
    yield* TestClock.adjust(1_000_000)
    expect(yield* Fiber.join(walk)).toEqual(expected)
    expect(pager.current().status).toBe("Idle")
  }).pipe(Effect.provide(TestClock.layer()))

describe("Pager properties", () => {
  it("sequential actions: page ≥ 1, idle at rest, right slice, no item lost or duplicated", async () => {
    await fc.assert(
      fc.asyncProperty(caseArb, (c) => Effect.runPromise(property(c, false))),
      { numRuns: 300 }
    )
  })

  it("overlapping actions and parameter changes in virtual time: the same invariants once settled", async () => {
    await fc.assert(
      fc.asyncProperty(caseArb, (c) => Effect.runPromise(property(c, true))),
      { numRuns: 200 }
    )
  })
})
