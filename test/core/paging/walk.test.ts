/**
 * Bounded walks: a cursor the list already gave for another place stops a load, and so does the load's limit of
 * fetches; both are `getItemsFailure` with a {@link PagingWalkError} as the cause. Against a server that answers the
 * same cursor forever, the longest walk is 2 fetches.
 */
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Pager from "../../../src/core/paging/Pager.ts"
import { PagingError } from "../../../src/core/paging/PagingError.ts"
import { PagingWalkError } from "../../../src/core/paging/PagingWalkError.ts"
import { itemRange, makeSource } from "./source.ts"

/** A server whose answers are `items` items each, with the cursor `cursorOf(call)`; it records the cursors asked. */
const server = (cursorOf: (call: number) => string | null, items = 2) => {
  const asked: Array<string | undefined> = []
  const fetch = (request: Pager.PageRequest<undefined>) =>
    Effect.sync(() => {
      asked.push(request.cursor)
      const n = asked.length
      return { items: Array.from({ length: items }, (_, i) => `${n}.${i}`), nextPageCursor: cursorOf(n) }
    })
  return { asked, fetch }
}

const stopped = <A>(effect: Effect.Effect<A, PagingError>) =>
  Effect.map(Effect.flip(effect), (error) => {
    assert.instanceOf(error, PagingError)
    assert.strictEqual(error.reason, "getItemsFailure")
    assert.instanceOf(error.cause, PagingWalkError)
    return error.cause as PagingWalkError
  })

describe("Pager walks: a repeated cursor ends them", () => {
  it.effect("a server answering the same cursor forever: the walk ends after 2 fetches", () =>
    Effect.gen(function* () {
      const { asked, fetch } = server(() => "same")
      const pager = yield* Pager.make({ pageSize: 2, fetch })
      const walk = yield* stopped(pager.goTo(1_000_000))
      assert.deepStrictEqual([walk.reason, walk.fetches, walk.position], ["cursorRepeated", 2, 4])
      assert.deepStrictEqual(asked, [undefined, "same"])
      assert.strictEqual(
        walk.message,
        "The list answered a cursor it had given for another place in it (after 2 fetch(es)); the walk was stopped"
      )
      const state = pager.current()
      assert.deepStrictEqual([state.status, state.page, state.error?.reason], ["Idle", 1, "getItemsFailure"])
    })
  )

  it.effect("page by page, the same: the second next stops", () =>
    Effect.gen(function* () {
      const { asked, fetch } = server(() => "same")
      const pager = yield* Pager.make({ pageSize: 2, fetch })
      yield* pager.first
      const walk = yield* stopped(pager.next)
      assert.deepStrictEqual([walk.reason, walk.fetches], ["cursorRepeated", 1])
      assert.deepStrictEqual(asked, [undefined, "same"])
      assert.strictEqual(pager.current().page, 1)
    })
  )

  it.effect("a cycle of cursors (a, b, a, …) ends when the first comes back", () =>
    Effect.gen(function* () {
      const { asked, fetch } = server((call) => (call % 2 === 1 ? "a" : "b"))
      const pager = yield* Pager.make({ pageSize: 2, fetch })
      const walk = yield* stopped(pager.goTo(50))
      assert.deepStrictEqual([walk.reason, walk.fetches], ["cursorRepeated", 3])
      assert.deepStrictEqual(asked, [undefined, "a", "b"])
    })
  )

  it.effect("a cursor answered again for its own place is no loop (a page fetched again outside the window)", () =>
    Effect.gen(function* () {
      const source = makeSource(20)
      const pager = yield* Pager.make<string, unknown, string>({ pageSize: 2, fetch: source.fetch, maxPages: 1 })
      yield* pager.goTo(3)
      assert.deepStrictEqual(yield* pager.goTo(1), itemRange(0, 2)) // answers cursor "2" for position 2 again
      assert.deepStrictEqual(yield* pager.goTo(2), itemRange(2, 4)) // answers "4" for position 4 again
      assert.deepStrictEqual(
        source.requests.map((r) => r.cursor),
        [undefined, "2", "4", undefined, "2"]
      )
    })
  )
})

describe("Pager walks: at most maxFetchesPerLoad fetches", () => {
  it.effect("a list without end: a far page stops at 100 fetches; what they fetched stays", () =>
    Effect.gen(function* () {
      const { asked, fetch } = server((call) => `c${call}`)
      const pager = yield* Pager.make({ pageSize: 2, fetch })
      assert.strictEqual(Pager.defaultMaxFetchesPerLoad, 100)
      const walk = yield* stopped(pager.goTo(1_000))
      assert.deepStrictEqual([walk.reason, walk.fetches, walk.position], ["fetchLimitReached", 100, 200])
      assert.strictEqual(asked.length, 100)
      assert.strictEqual(walk.message, "The walk reached its limit of 100 fetch(es) before the items it wanted")
      assert.strictEqual(pager.current().cachedCount, 200)
      yield* stopped(pager.goTo(1_000)) // the next load goes on from there
      assert.deepStrictEqual([asked.length, asked[100]], [200, "c100"])
      assert.deepStrictEqual(yield* pager.goTo(300), ["300.0", "300.1"]) // the 300th fetch: 100 more
    })
  )

  it.effect("maxFetchesPerLoad sets the limit", () =>
    Effect.gen(function* () {
      const { asked, fetch } = server((call) => `c${call}`)
      const pager = yield* Pager.make({ pageSize: 2, fetch, maxFetchesPerLoad: 3 })
      const walk = yield* stopped(pager.goTo(10))
      assert.deepStrictEqual([walk.reason, walk.fetches, asked.length], ["fetchLimitReached", 3, 3])
      assert.deepStrictEqual(yield* pager.goTo(2), ["2.0", "2.1"])
    })
  )
})
