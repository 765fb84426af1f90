import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import * as Fiber from "effect/Fiber"
import * as Option from "effect/Option"
import * as Stream from "effect/Stream"
import { TestClock } from "effect/testing"
import * as Observable from "../../../src/core/observable/Observable.ts"
import * as Pager from "../../../src/core/paging/Pager.ts"
import { PagingError } from "../../../src/core/paging/PagingError.ts"
import { itemRange, makeSource, type SourceOptions } from "./source.ts"

const setup = (
  size: number,
  options: Partial<Pager.PagerOptions<string, unknown, string, never>> = {},
  sourceOptions: SourceOptions = {}
) =>
  Effect.gen(function* () {
    const source = makeSource(size, sourceOptions)
    const pager = yield* Pager.make<string, unknown, string>({ pageSize: 2, fetch: source.fetch, ...options })
    return { source, pager }
  })

const start = <A, E>(effect: Effect.Effect<A, E>) => Effect.forkChild(effect, { startImmediately: true })

const pagingError = <A>(effect: Effect.Effect<A, PagingError>) =>
  Effect.map(Effect.flip(effect), (error) => {
    assert.instanceOf(error, PagingError)
    return error
  })

describe("Pager: state and navigation", () => {
  it.effect("classic starts Idle on page 1 with nothing loaded; only first and reload are allowed", () =>
    Effect.gen(function* () {
      const { pager, source } = yield* setup(10)
      const state = pager.current()
      assert.deepStrictEqual(
        [state.status, state.page, state.items, state.cursor, state.cachedCount],
        ["Idle", 1, [], undefined, 0]
      )
      assert.deepStrictEqual(
        [state.canNext, state.canPrevious, state.canFirst, state.canReload],
        [false, false, true, true]
      )
      assert.strictEqual(source.requests.length, 0)
    })
  )

  it.effect("the initialized variant starts Initialized, which is busy: no flag is set before the first page", () =>
    Effect.gen(function* () {
      const { pager } = yield* setup(10, { variant: "initialized" })
      const state = pager.current()
      assert.strictEqual(state.status, "Initialized")
      assert.deepStrictEqual(
        [state.canNext, state.canPrevious, state.canFirst, state.canReload],
        [false, false, false, false]
      )
      assert.deepStrictEqual(yield* pager.first, ["item-0", "item-1"])
      const loaded = pager.current()
      assert.strictEqual(loaded.status, "Idle")
      assert.deepStrictEqual(
        [loaded.canNext, loaded.canPrevious, loaded.canFirst, loaded.canReload],
        [true, false, true, true]
      )
    })
  )

  it.effect("in Initialized, next, previous and reload do nothing; first is the initial load", () =>
    Effect.gen(function* () {
      const { pager, source } = yield* setup(10, { variant: "initialized" })
      assert.deepStrictEqual(yield* pager.next, [])
      assert.deepStrictEqual(yield* pager.previous, [])
      assert.deepStrictEqual(yield* pager.reload, [])
      assert.strictEqual(source.requests.length, 0)
      assert.strictEqual(pager.current().status, "Initialized")
      yield* pager.first
      assert.strictEqual(source.requests.length, 1)
    })
  )

  it.effect("goTo may be the initial load of an Initialized pager", () =>
    Effect.gen(function* () {
      const { pager } = yield* setup(10, { variant: "initialized" })
      assert.deepStrictEqual(yield* pager.goTo(3), ["item-4", "item-5"])
      assert.deepStrictEqual([pager.current().status, pager.current().page], ["Idle", 3])
    })
  )

  it.effect("a failed initial load leaves Initialized for Idle with the error, so first and reload can retry", () =>
    Effect.gen(function* () {
      const { pager } = yield* setup(10, { variant: "initialized" }, { failCall: (call) => call === 1 })
      const error = yield* pagingError(pager.first)
      assert.strictEqual(error.reason, "getItemsFailure")
      const state = pager.current()
      assert.deepStrictEqual(
        [state.status, state.canFirst, state.canReload, state.error?.reason],
        ["Idle", true, true, "getItemsFailure"]
      )
      assert.deepStrictEqual(yield* pager.reload, ["item-0", "item-1"])
    })
  )

  it.effect("first fetches loadSize items with no cursor, the sort order and the parameters", () =>
    Effect.gen(function* () {
      const { pager, source } = yield* setup(10, { loadSize: 6, sortOrder: "Desc", parameters: { userId: 7 } })
      assert.deepStrictEqual(yield* pager.first, ["item-9", "item-8"])
      assert.deepStrictEqual(source.requests, [
        {
          cursor: undefined,
          count: 6,
          sortOrder: "Desc",
          parameters: { userId: 7 }
        }
      ])
      const state = pager.current()
      assert.deepStrictEqual([state.page, state.cursor, state.cachedCount, state.canNext], [1, "6", 6, true])
    })
  )

  it.effect("next serves cached pages, then fetches with the cursor", () =>
    Effect.gen(function* () {
      const { pager, source } = yield* setup(10, { loadSize: 4 })
      yield* pager.first
      assert.deepStrictEqual(yield* pager.next, itemRange(2, 4))
      assert.strictEqual(source.requests.length, 1)
      assert.deepStrictEqual(yield* pager.next, itemRange(4, 6))
      assert.deepStrictEqual(
        source.requests.map((r) => r.cursor),
        [undefined, "4"]
      )
      assert.strictEqual(pager.current().page, 3)
    })
  )

  it.effect("next is allowed with a cursor even when the cache ends at the page; not at the list's end", () =>
    Effect.gen(function* () {
      const { pager, source } = yield* setup(4, { loadSize: 2 })
      yield* pager.first
      assert.deepStrictEqual(
        [pager.current().cachedCount, pager.current().cursor, pager.current().canNext],
        [2, "2", true]
      )
      yield* pager.next
      const end = pager.current()
      assert.deepStrictEqual([end.page, end.cursor, end.canNext], [2, undefined, false])
      assert.deepStrictEqual(yield* pager.next, itemRange(2, 4)) // guarded: stays
      assert.strictEqual(pager.current().page, 2)
      assert.strictEqual(source.requests.length, 2)
    })
  )

  it.effect("previous only when page > 1, from the cache", () =>
    Effect.gen(function* () {
      const { pager, source } = yield* setup(10, { loadSize: 4 })
      yield* pager.first
      assert.deepStrictEqual(yield* pager.previous, itemRange(0, 2)) // guarded at page 1
      assert.strictEqual(pager.current().page, 1)
      yield* pager.next
      assert.isTrue(pager.current().canPrevious)
      assert.deepStrictEqual(yield* pager.previous, itemRange(0, 2))
      assert.strictEqual(pager.current().page, 1)
      assert.strictEqual(source.requests.length, 1)
    })
  )

  it.effect("goTo walks the cursor as far as needed, then answers any cached page by slicing", () =>
    Effect.gen(function* () {
      const { pager, source } = yield* setup(100, { loadSize: 10 })
      assert.deepStrictEqual(yield* pager.goTo(25), itemRange(48, 50))
      assert.strictEqual(source.requests.length, 5)
      assert.deepStrictEqual(yield* pager.goTo(3), itemRange(4, 6))
      assert.deepStrictEqual(yield* pager.first, itemRange(0, 2))
      assert.strictEqual(source.requests.length, 5)
    })
  )

  it.effect("an empty list has an empty page 1, not an error", () =>
    Effect.gen(function* () {
      const { pager } = yield* setup(0)
      assert.deepStrictEqual(yield* pager.first, [])
      assert.deepStrictEqual([pager.current().error, pager.current().canNext], [undefined, false])
    })
  )

  it.effect("a server answering nothing with a cursor does not make the pager loop", () =>
    Effect.gen(function* () {
      let calls = 0
      const pager = yield* Pager.make({
        pageSize: 2,
        fetch: () => Effect.sync(() => ({ items: [] as Array<string>, nextPageCursor: `c${++calls}` }))
      })
      assert.deepStrictEqual(yield* pager.first, [])
      assert.strictEqual(calls, 1)
    })
  )
})

describe("Pager: errors", () => {
  it.effect("a page below 1 (or not a whole number) is invalidPageNumber: 'Invalid page number'", () =>
    Effect.gen(function* () {
      const { pager, source } = yield* setup(10)
      for (const page of [0, -1, 1.5]) {
        const error = yield* pagingError(pager.goTo(page))
        assert.deepStrictEqual(
          [error.reason, error.message, error.page],
          ["invalidPageNumber", "Invalid page number", page]
        )
      }
      assert.strictEqual(source.requests.length, 0)
      assert.strictEqual(pager.current().status, "Idle")
    })
  )

  it.effect("an empty page beyond page 1 is invalidPageNumber; the pager stays where it was", () =>
    Effect.gen(function* () {
      const { pager } = yield* setup(4, { loadSize: 10 })
      yield* pager.first
      const error = yield* pagingError(pager.goTo(3))
      assert.strictEqual(error.reason, "invalidPageNumber")
      const state = pager.current()
      assert.deepStrictEqual([state.page, state.status, state.items], [1, "Idle", itemRange(0, 2)])
      assert.strictEqual(state.error, error)
    })
  )

  it.effect("a failed fetch is getItemsFailure: 'Unable to get items', with the fetch error as cause", () =>
    Effect.gen(function* () {
      const { pager, source } = yield* setup(10, {}, { failCall: (call) => call === 2 })
      yield* pager.first
      const error = yield* pagingError(pager.next)
      assert.deepStrictEqual(
        [error.reason, error.message, error.cause],
        ["getItemsFailure", "Unable to get items", "fetch failed"]
      )
      const state = pager.current()
      assert.deepStrictEqual([state.page, state.status, state.canNext], [1, "Idle", true])
      assert.deepStrictEqual(yield* pager.next, itemRange(2, 4)) // the next try works and clears the error
      assert.strictEqual(pager.current().error, undefined)
      assert.strictEqual(source.requests.length, 3)
    })
  )
})

describe("Pager: loading, parameters, reload", () => {
  it.effect("while loading, status is Loading and every action is guarded", () =>
    Effect.gen(function* () {
      const { pager, source } = yield* setup(10, {}, { latencyMs: 100 })
      const loading = yield* start(pager.first)
      const state = pager.current()
      assert.deepStrictEqual(
        [state.status, state.canNext, state.canPrevious, state.canFirst, state.canReload],
        ["Loading", false, false, false, false]
      )
      for (const action of [pager.next, pager.first, pager.reload, pager.goTo(3)]) yield* action
      assert.strictEqual(source.requests.length, 1)
      yield* TestClock.adjust("100 millis")
      assert.deepStrictEqual(yield* Fiber.join(loading), itemRange(0, 2))
      assert.strictEqual(pager.current().status, "Idle")
    })
  )

  it.effect("changing parameters during a load fails it with pagingParametersChanged at once and loads page 1", () =>
    Effect.gen(function* () {
      const { pager, source } = yield* setup(10, {}, { latencyMs: 100 })
      const stale = yield* start(pager.first)
      yield* TestClock.adjust("50 millis")
      const fresh = yield* start(pager.setParameters({ sortOrder: "Desc" }))
      assert.isDefined(stale.pollUnsafe()) // failed at t=50, without waiting for its fetch
      const error = yield* Effect.flip(Fiber.join(stale))
      assert.deepStrictEqual(
        [error.reason, error.message],
        ["pagingParametersChanged", "Paging parameters were changed"]
      )
      assert.strictEqual(pager.current().status, "Loading")
      yield* TestClock.adjust("100 millis")
      assert.deepStrictEqual(yield* Fiber.join(fresh), ["item-9", "item-8"])
      const state = pager.current()
      assert.deepStrictEqual(
        [state.page, state.status, state.sortOrder, state.cachedCount, state.error],
        [1, "Idle", "Desc", 2, undefined]
      )
      assert.deepStrictEqual(
        source.requests.map((r) => r.sortOrder),
        ["Asc", "Desc"]
      )
    })
  )

  it.effect("changing parameters clears the cache and returns to page 1", () =>
    Effect.gen(function* () {
      const { pager, source } = yield* setup(10, { loadSize: 4, parameters: { filter: "a" } })
      yield* pager.goTo(3)
      assert.deepStrictEqual(yield* pager.setParameters({ parameters: { filter: "b" }, pageSize: 3 }), itemRange(0, 3))
      const state = pager.current()
      assert.deepStrictEqual(
        [state.page, state.pageSize, state.cachedCount, state.parameters],
        [
          1,
          3,
          4,
          {
            filter: "b"
          }
        ]
      )
      assert.deepStrictEqual(source.requests.at(-1), {
        cursor: undefined,
        count: 4,
        sortOrder: "Asc",
        parameters: { filter: "b" }
      })
    })
  )

  it.effect("reload rounds the cache down to a multiple of the load size and refetches from that cursor", () =>
    Effect.gen(function* () {
      const { pager, source } = yield* setup(20, { loadSize: 4 })
      yield* pager.goTo(5) // items 8, 9: three loads (cursors -, 4, 8), 12 cached
      yield* pager.previous // page 4: items 6, 7, in the load that started at 4
      source.items[6] = "item-6-renamed"
      assert.deepStrictEqual(yield* pager.reload, ["item-6-renamed", "item-7"])
      assert.deepStrictEqual(
        source.requests.map((r) => r.cursor),
        [undefined, "4", "8", "4"]
      )
      assert.strictEqual(pager.current().cachedCount, 8)
      assert.deepStrictEqual(yield* pager.next, itemRange(8, 10)) // refetched from cursor 8
      assert.deepStrictEqual(source.requests.map((r) => r.cursor).at(-1), "8")
    })
  )

  it.effect("reload after a short load: the cache is rounded down to a multiple of the load size all the same", () =>
    Effect.gen(function* () {
      const source = makeSource(20, { latencyMs: 10 })
      // the first answer is short: 3 of the 4 items asked, then the list goes on at 3
      const shortFirst = (request: Pager.PageRequest<unknown>) =>
        request.cursor !== undefined
          ? source.fetch(request)
          : Effect.map(source.fetch(request), (answer) => ({
              items: answer.items.slice(0, 3),
              nextPageCursor: "3"
            }))
      const pager = yield* Pager.make<string, unknown, string>({ pageSize: 2, loadSize: 4, fetch: shortFirst })
      const go = yield* start(pager.goTo(3)) // items 4, 5: loads from 0 (items 0-2) and from 3 (items 3-6)
      yield* TestClock.adjust("20 millis")
      yield* Fiber.join(go)
      assert.deepStrictEqual(
        source.requests.map((r) => r.cursor),
        [undefined, "3"]
      )
      source.items[4] = "item-4-renamed"
      const reload = yield* start(pager.reload)
      // 4 items: the page's first item (4) rounded down to a multiple of 4, not 3 where its load began
      assert.deepStrictEqual([pager.current().status, pager.current().cachedCount], ["Loading", 4])
      yield* TestClock.adjust("10 millis")
      assert.deepStrictEqual(yield* Fiber.join(reload), ["item-4-renamed", "item-5"])
      // no cursor names position 4: fetched again from the boundary before it
      assert.deepStrictEqual(
        source.requests.map((r) => r.cursor),
        [undefined, "3", "3"]
      )
      assert.deepStrictEqual([pager.current().cachedCount, pager.current().cursor], [7, "7"])
    })
  )

  it.effect("reload of page 1 fetches from the start", () =>
    Effect.gen(function* () {
      const { pager, source } = yield* setup(10, { loadSize: 4 })
      yield* pager.first
      yield* pager.reload
      assert.deepStrictEqual(
        source.requests.map((r) => r.cursor),
        [undefined, undefined]
      )
      assert.strictEqual(pager.current().cachedCount, 4)
    })
  )

  it.effect("a failed reload keeps the page it had", () =>
    Effect.gen(function* () {
      const { pager } = yield* setup(10, { loadSize: 4 }, { failCall: (call) => call === 3 })
      yield* pager.goTo(3)
      const error = yield* pagingError(pager.reload)
      assert.strictEqual(error.reason, "getItemsFailure")
      const state = pager.current()
      assert.deepStrictEqual([state.page, state.items, state.cachedCount, state.cursor], [3, itemRange(4, 6), 8, "8"])
    })
  )

  it.effect("an interrupted load returns the pager to Idle", () =>
    Effect.gen(function* () {
      const { pager } = yield* setup(10, {}, { latencyMs: 100 })
      const fiber = yield* start(pager.first)
      yield* Fiber.interrupt(fiber)
      assert.strictEqual(pager.current().status, "Idle")
      assert.strictEqual(pager.current().error, undefined)
    })
  )

  it.effect("the state is observable: Loading while fetching; a cached page is published once, without Loading", () =>
    Effect.gen(function* () {
      const { pager } = yield* setup(10, { variant: "initialized" }, { latencyMs: 10 })
      const seen = yield* start(
        Observable.changes(pager.state).pipe(
          Stream.map((s) => `${s.status}:${s.page}:${s.items.length}`),
          Stream.take(6),
          Stream.runCollect
        )
      )
      yield* start(pager.first)
      yield* TestClock.adjust("10 millis")
      yield* start(pager.next)
      yield* TestClock.adjust("10 millis")
      yield* pager.previous
      assert.deepStrictEqual(yield* Fiber.join(seen), [
        "Initialized:1:0",
        "Loading:1:0",
        "Idle:1:2",
        "Loading:1:2",
        "Idle:2:2",
        "Idle:1:2"
      ])
    })
  )

  it.effect("exits carry the spec's error kinds only", () =>
    Effect.gen(function* () {
      const { pager } = yield* setup(1)
      const exit = yield* Effect.exit(pager.goTo(0))
      assert.isTrue(Exit.isFailure(exit))
      const error = Option.getOrThrow(Exit.findErrorOption(exit))
      assert.strictEqual(error._tag, "PagingError")
    })
  )
})
