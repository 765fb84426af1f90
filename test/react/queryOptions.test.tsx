// @vitest-environment happy-dom
/**
 * useQuery's TanStack options in a component (enabled, select, placeholderData, data after a failure),
 * useInfiniteQuery, useIsFetching and the typed useQueryClient of createPlatformHooks; type-level proofs of the
 * options that did not compile (`enabled`) and of `select`'s typing.
 */
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import { act, useState } from "react"
import { assert, describe, expectTypeOf, it } from "vitest"
import type { PagingWalkError } from "../../src/core/paging/PagingWalkError.ts"
import * as InfiniteQuery from "../../src/core/query/InfiniteQuery.ts"
import * as Query from "../../src/core/query/Query.ts"
import { createPlatformHooks } from "../../src/react/createPlatformHooks.tsx"
import { PlatformProvider } from "../../src/react/PlatformProvider.tsx"
import { useInfiniteQuery } from "../../src/react/useInfiniteQuery.ts"
import { useIsFetching } from "../../src/react/useIsFetching.ts"
import { keepPreviousData, type QueryView, useQuery } from "../../src/react/useQuery.ts"
import { useQueryClient } from "../../src/react/useQueryClient.ts"
import { useDom, until } from "./dom.ts"
import { FriendsQuery, makeFriendsService, names } from "./friendsApp.ts"

const dom = useDom()

const args = (userId: number) => ({ params: { userId }, query: {} })
type Friends = Query.Success<typeof FriendsQuery>

/** `status fetchStatus data-names (placeholder)` of a view. */
const line = (view: QueryView<ReadonlyArray<string> | string | undefined, unknown, unknown>) =>
  [view.status, view.fetchStatus, String(view.data ?? "-"), view.isPlaceholderData ? "placeholder" : ""]
    .join(" ")
    .trim()

const text = () => dom.container.querySelector("p")?.textContent

describe("useQuery options", () => {
  it("enabled: false — no request, pending and idle; enabling it makes one request", async () => {
    const service = makeFriendsService()
    function Page(props: { readonly enabled: boolean }) {
      const view = useQuery(FriendsQuery, args(1), { enabled: props.enabled, select: names })
      return <p>{line(view)}</p>
    }
    const render = (enabled: boolean) =>
      act(() =>
        dom.root.render(
          <PlatformProvider layer={service.layer}>
            <Page enabled={enabled} />
          </PlatformProvider>
        )
      )
    render(false)
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)))
    assert.deepStrictEqual([text(), service.received.length], ["pending idle -", 0])
    render(true)
    await until(() => service.pending() === 1, "the request")
    assert.strictEqual(text(), "pending fetching -")
    await act(async () => service.answerAll())
    await until(() => text() === "success idle ada,bo", "the names")
    assert.strictEqual(service.received.length, 1)
  })

  it("select: the data shown, computed once per value and select function", async () => {
    const service = makeFriendsService()
    let calls = 0
    const select = (friends: Friends) => (calls++, names(friends))
    function Page() {
      const [renders, setRenders] = useState(0)
      const view = useQuery(FriendsQuery, args(1), { select })
      return <p onClick={() => setRenders(renders + 1)}>{`${line(view)} ${renders}`}</p>
    }
    act(() =>
      dom.root.render(
        <PlatformProvider layer={service.layer}>
          <Page />
        </PlatformProvider>
      )
    )
    await until(() => service.pending() === 1, "the request")
    await act(async () => service.answerAll())
    await until(() => text() === "success idle ada,bo 0", "the names")
    act(() => dom.container.querySelector("p")!.click())
    act(() => dom.container.querySelector("p")!.click())
    assert.deepStrictEqual([text(), calls], ["success idle ada,bo 2", 1])
  })

  it("data after a failure: A succeeded, B fails — B's Failure with data undefined; placeholder only while B loads", async () => {
    const service = makeFriendsService()
    function Page(props: { readonly userId: number }) {
      const view = useQuery(FriendsQuery, args(props.userId), { placeholderData: keepPreviousData, select: names })
      return <p>{`${view._tag} ${line(view)}`}</p>
    }
    const render = (userId: number) =>
      act(() =>
        dom.root.render(
          <PlatformProvider layer={service.layer}>
            <Page userId={userId} />
          </PlatformProvider>
        )
      )
    render(1)
    await until(() => service.pending() === 1, "A's request")
    await act(async () => service.answerAll())
    await until(() => text() === "Success success idle ada,bo", "A's names")
    render(404)
    assert.strictEqual(text(), "Success success fetching ada,bo placeholder")
    await until(() => service.pending() === 1, "B's request")
    await act(async () => service.answerAll())
    await until(() => text() === "Failure error idle -", "B's failure, without A's data")
  })

  it("data after a failure of the same key: its last success stays as data, under the Failure", async () => {
    const service = makeFriendsService()
    function Page() {
      const view = useQuery(FriendsQuery, args(2), { select: names })
      return <p onClick={view.refetch}>{`${view._tag} ${line(view)}`}</p>
    }
    act(() =>
      dom.root.render(
        <PlatformProvider layer={service.layer}>
          <Page />
        </PlatformProvider>
      )
    )
    await until(() => service.pending() === 1, "the request")
    await act(async () => service.answerAll())
    await until(() => text() === "Success success idle cy", "the names")
    service.lists.delete(2)
    act(() => dom.container.querySelector("p")!.click())
    await until(() => service.pending() === 1, "the refetch")
    await act(async () => service.answerAll())
    await until(() => text() === "Failure error idle cy", "the failure, with the last success as data")
  })
})

/** A cursor list of 5 items, 2 a page, answered when the test says so. */
const makePages = () => {
  const waiting: Array<() => void> = []
  const asked: Array<number> = []
  const query = InfiniteQuery.make({
    name: "numbers",
    run: (_list: string, from: number) =>
      Effect.promise(() => new Promise<void>((resolve) => (asked.push(from), waiting.push(resolve)))).pipe(
        Effect.as({ items: [from, from + 1].filter((n) => n < 5), next: from + 2 < 5 ? from + 2 : null })
      ),
    initialPageParam: 0,
    getNextPageParam: (last) => last.next
  })
  return { query, asked, pending: () => waiting.length, answerAll: () => waiting.splice(0).forEach((f) => f()) }
}

describe("useInfiniteQuery and useIsFetching", () => {
  it("pages, fetchNextPage, hasNextPage, isFetchingNextPage; useIsFetching counts the request in flight", async () => {
    const pages = makePages()
    function Page() {
      const view = useInfiniteQuery(pages.query, "all")
      const fetching = useIsFetching()
      const items = view.data?.pages.flatMap((p) => p.items).join(",") ?? "-"
      const flags = `${view.hasNextPage ? "more" : "end"} ${view.isFetchingNextPage ? "next…" : ""} ${fetching}`
      return <p onClick={view.fetchNextPage}>{`${items} ${flags}`}</p>
    }
    act(() =>
      dom.root.render(
        <PlatformProvider layer={Layer.empty}>
          <Page />
        </PlatformProvider>
      )
    )
    await until(() => pages.pending() === 1 && text() === "- end  1", "the first page's request")
    await act(async () => pages.answerAll())
    await until(() => text() === "0,1 more  0", "the first page")
    act(() => dom.container.querySelector("p")!.click())
    await until(() => text() === "0,1 more next… 1", "the next page loading")
    await act(async () => pages.answerAll())
    await until(() => text() === "0,1,2,3 more  0", "two pages")
    act(() => dom.container.querySelector("p")!.click())
    await until(() => pages.pending() === 1, "the third page")
    await act(async () => pages.answerAll())
    await until(() => text() === "0,1,2,3,4 end  0", "the end")
    act(() => dom.container.querySelector("p")!.click())
    assert.deepStrictEqual(pages.asked, [0, 2, 4])
  })
})

describe("createPlatformHooks: useQueryClient, useInfiniteQuery, useIsFetching", () => {
  const service = makeFriendsService()
  const app = createPlatformHooks(service.layer)

  it("useQueryClient is the provider's client, typed by the layer: setQueryData shows at once without a request", async () => {
    function Page() {
      const client = app.useQueryClient()
      const view = app.useQuery(FriendsQuery, args(7), { enabled: false, select: names })
      return (
        <p onClick={() => client.setQueryData(FriendsQuery, args(7), { data: [{ id: 1, name: "set" }] })}>
          {line(view)}
        </p>
      )
    }
    act(() =>
      dom.root.render(
        <app.Provider>
          <Page />
        </app.Provider>
      )
    )
    assert.strictEqual(text(), "pending idle -")
    act(() => dom.container.querySelector("p")!.click())
    await until(() => text() === "success idle set", "the value set")
    assert.strictEqual(service.received.length, 0)
  })
})

/** A service the app's layer does not provide. */
class Wallet extends Context.Service<Wallet, { readonly balance: Effect.Effect<number> }>()(
  "test/queryOptions/Wallet"
) {}
const BalanceQuery = Query.make({ name: "balance", run: () => Wallet.use((w) => w.balance) })
const BalancePages = InfiniteQuery.make({
  name: "balancePages",
  run: (_: undefined, page: number) => Wallet.use((w) => Effect.as(w.balance, page)),
  initialPageParam: 0,
  getNextPageParam: () => undefined
})

/** Type-level proofs: tsc fails on an unused `@ts-expect-error`, so each marked line MUST be a type error. */
export function TypeProofs() {
  const app = createPlatformHooks(makeFriendsService().layer)
  // `enabled` (and the other TanStack options) are accepted per call
  app.useQuery(FriendsQuery, args(1), { enabled: false, staleTime: "1 minute", retry: 2, refetchInterval: 1000 })
  // select: the data's type is select's result
  const selected = app.useQuery(FriendsQuery, args(1), { select: (friends) => friends.data.length })
  expectTypeOf(selected.data).toEqualTypeOf<number | undefined>()
  // without select: the query's value
  expectTypeOf(app.useQuery(FriendsQuery, args(1)).data).toEqualTypeOf<Friends | undefined>()
  // @ts-expect-error select gets the query's value: it has no `items`
  app.useQuery(FriendsQuery, args(1), { select: (friends) => friends.items })
  // @ts-expect-error `enabled` is a boolean
  app.useQuery(FriendsQuery, args(1), { enabled: "no" })
  // the typed client takes only queries whose services the layer provides
  const client = app.useQueryClient()
  client.getQueryData(FriendsQuery, args(1))
  // @ts-expect-error Wallet is not provided by the app's layer
  client.getQueryData(BalanceQuery, undefined)
  // @ts-expect-error Wallet is not provided by the app's layer
  app.useInfiniteQuery(BalancePages)
  // @ts-expect-error Wallet is not provided by the app's layer
  app.useIsFetching(BalanceQuery)
  // an infinite query's error includes the Pager's walk error
  const infinite = useInfiniteQuery(BalancePages)
  if (infinite._tag === "Failure") expectTypeOf(infinite.error).toEqualTypeOf<PagingWalkError>()
  useQueryClient()
  return null
}
