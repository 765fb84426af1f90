/**
 * Infinite queries: the first page on read, fetchNextPage adding pages with their params, hasNext from
 * getNextPageParam, maxPages dropping the first pages, a refetch walking the pages held from the first, and the
 * Pager's rules: a repeated cursor and a walk past the bound fail with PagingWalkError.
 */
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as AsyncResult from "effect/reactivity/AsyncResult"
import { defaultMaxFetchesPerLoad } from "../../../src/core/paging/Pager.ts"
import type { PagingWalkError } from "../../../src/core/paging/PagingWalkError.ts"
import * as InfiniteQuery from "../../../src/core/query/InfiniteQuery.ts"
import * as QueryClient from "../../../src/core/query/QueryClient.ts"

interface Page {
  readonly items: ReadonlyArray<number>
  readonly next: string | null
}

/** A list of `total` items, 2 a page; cursors `c2`, `c4`, …; `loopAt`: the page at that cursor answers `c2` again. */
const makeList = (total: number, loopAt?: string) => {
  const asked: Array<string | undefined> = []
  const page = (cursor: string | undefined): Page => {
    asked.push(cursor)
    const from = cursor === undefined ? 0 : Number(cursor.slice(1))
    const items = Array.from({ length: Math.max(0, Math.min(2, total - from)) }, (_, i) => from + i)
    const next = cursor !== undefined && cursor === loopAt ? "c2" : from + 2 < total ? `c${from + 2}` : null
    return { items, next }
  }
  return { asked, page }
}

const pagesQuery = (list: ReturnType<typeof makeList>, maxPages?: number) =>
  InfiniteQuery.make({
    name: "list",
    run: (_filter: string, cursor: string | undefined) => Effect.sync(() => list.page(cursor)),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last: Page) => last.next,
    maxPages
  })

/** The pages held: the success's, or the last success before a failure. */
const dataOf = <A>(result: AsyncResult.AsyncResult<A, unknown>): A | undefined => {
  if (AsyncResult.isSuccess(result)) return result.value
  return AsyncResult.isFailure(result) && result.previousSuccess._tag === "Some"
    ? result.previousSuccess.value.value
    : undefined
}

describe("InfiniteQuery", () => {
  it.effect("the first page on read; fetchNextPage adds the next ones until none follows", () =>
    Effect.gen(function* () {
      const list = makeList(5)
      const query = pagesQuery(list)
      const client = yield* QueryClient.makeEffect()
      const reader = client.observe(query, "all")
      const stop = reader.subscribe(() => {})
      assert.deepStrictEqual(dataOf(reader.get()), { pages: [{ items: [0, 1], next: "c2" }], pageParams: [undefined] })
      client.fetchNextPage(query, "all")
      client.fetchNextPage(query, "all")
      const data = dataOf(reader.get())!
      assert.deepStrictEqual(
        [data.pages.flatMap((p) => p.items), data.pageParams],
        [
          [0, 1, 2, 3, 4],
          [undefined, "c2", "c4"]
        ]
      )
      assert.strictEqual(InfiniteQuery.nextPageParam(query.paging, data), undefined)
      client.fetchNextPage(query, "all")
      assert.deepStrictEqual(list.asked, [undefined, "c2", "c4"])
      stop()
    })
  )

  it.effect(
    "maxPages: one more page drops the first one held; a refetch walks the held pages from the first held",
    () =>
      Effect.gen(function* () {
        const list = makeList(10)
        const query = pagesQuery(list, 2)
        const client = yield* QueryClient.makeEffect()
        const reader = client.observe(query, "all")
        const stop = reader.subscribe(() => {})
        client.fetchNextPage(query, "all")
        client.fetchNextPage(query, "all")
        assert.deepStrictEqual(dataOf(reader.get())!.pageParams, ["c2", "c4"])
        list.asked.length = 0
        client.refetchQueries(query, "all")
        assert.deepStrictEqual(list.asked, ["c2", "c4"])
        assert.deepStrictEqual(
          dataOf(reader.get())!.pages.flatMap((p) => p.items),
          [2, 3, 4, 5]
        )
        stop()
      })
  )

  it.effect("a cursor the list gave already stops it: PagingWalkError cursorRepeated, the pages held kept", () =>
    Effect.gen(function* () {
      const list = makeList(10, "c4")
      const query = pagesQuery(list)
      const client = yield* QueryClient.makeEffect()
      const reader = client.observe(query, "all")
      const stop = reader.subscribe(() => {})
      client.fetchNextPage(query, "all")
      client.fetchNextPage(query, "all")
      client.fetchNextPage(query, "all")
      const result = reader.get()
      assert.strictEqual(result._tag, "Failure")
      const error = (result as AsyncResult.Failure<unknown, PagingWalkError>).cause.reasons[0] as any
      assert.deepStrictEqual([error.error._tag, error.error.reason], ["PagingWalkError", "cursorRepeated"])
      assert.deepStrictEqual(dataOf(result)!.pageParams, [undefined, "c2", "c4"])
      assert.deepStrictEqual(list.asked, [undefined, "c2", "c4"])
      stop()
    })
  )

  it.effect("maxPages above the Pager's bound: a refetch of the 101 pages held walks all of them, one fetch each", () =>
    Effect.gen(function* () {
      const list = makeList(1000)
      const query = pagesQuery(list, 1000)
      const client = yield* QueryClient.makeEffect()
      const reader = client.observe(query, "all")
      const stop = reader.subscribe(() => {})
      for (let i = 0; i < defaultMaxFetchesPerLoad; i++) client.fetchNextPage(query, "all")
      assert.strictEqual(dataOf(reader.get())!.pages.length, defaultMaxFetchesPerLoad + 1)
      list.asked.length = 0
      client.refetchQueries(query, "all")
      const result = reader.get()
      assert.isTrue(AsyncResult.isSuccess(result))
      assert.strictEqual(dataOf(result)!.pages.length, defaultMaxFetchesPerLoad + 1)
      assert.deepStrictEqual(list.asked.length, defaultMaxFetchesPerLoad + 1)
      assert.deepStrictEqual(list.asked.slice(0, 3), [undefined, "c2", "c4"])
      stop()
    })
  )
})
