// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider, useMutation, useQuery } from "@tanstack/react-query"
import * as Effect from "effect/Effect"
import * as ManagedRuntime from "effect/ManagedRuntime"
import { act } from "react"
import { assert, describe, it } from "vitest"
import { Query } from "platform-web-client/query"
import { mutationOptions, queryOptions } from "platform-web-client/react/tanstack"
import { useDom, until } from "./dom.ts"
import { Follow, FriendsQuery, makeFriendsService, names } from "./friendsApp.ts"

const dom = useDom()

/** A query over a union of literals. */
const SortedQuery = Query.make({
  name: "sorted",
  run: (sort: "Alphabetical" | "StatusFrequents") => Effect.succeed(sort)
})

/** Type-level proof: a literal argument is checked against the query's type, not widened to `string`. */
export const literalArguments = (runtime: ManagedRuntime.ManagedRuntime<never, never>) => [
  queryOptions(runtime, SortedQuery, "StatusFrequents"),
  // @ts-expect-error "Newest" is not one of the query's sort orders
  queryOptions(runtime, SortedQuery, "Newest")
]

const setup = () => {
  const service = makeFriendsService()
  const runtime = ManagedRuntime.make(service.layer)
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  return { service, runtime, client }
}

describe("TanStack Query helpers", () => {
  it("queryOptions: the value, and the typed error as TanStack's error", async () => {
    const { client, runtime, service } = setup()
    function Friends(props: { readonly userId: number }) {
      const query = useQuery(queryOptions(runtime, FriendsQuery, { params: { userId: props.userId }, query: {} }))
      const error = query.error
      const text =
        query.data !== undefined
          ? names(query.data)
          : error === null
            ? "loading"
            : error._tag === "ResponseError"
              ? `status ${error.status}`
              : error._tag
      return <p className="friends">{text}</p>
    }
    act(() =>
      dom.root.render(
        <QueryClientProvider client={client}>
          <Friends userId={1} />
          <Friends userId={404} />
        </QueryClientProvider>
      )
    )
    await until(() => service.pending() === 2, "the requests")
    await act(async () => service.answerAll())
    const texts = () => [...dom.container.querySelectorAll(".friends")].map((p) => p.textContent)
    await until(() => !texts().includes("loading"), "the outcomes")
    assert.deepStrictEqual(texts(), ["ada,bo", "status 404"])
    await runtime.dispose()
  })

  it("queryOptions: a query TanStack cancels interrupts the fiber, which aborts the request", async () => {
    const { client, runtime, service } = setup()
    function Friends() {
      const query = useQuery(queryOptions(runtime, FriendsQuery, { params: { userId: 1 }, query: {} }))
      return <p>{query.status}</p>
    }
    act(() =>
      dom.root.render(
        <QueryClientProvider client={client}>
          <Friends />
        </QueryClientProvider>
      )
    )
    await until(() => service.pending() === 1, "the request")
    await act(() => client.cancelQueries({ queryKey: [FriendsQuery.name] }))
    await until(() => service.received[0]!.signal?.aborted === true, "the abort")
    await runtime.dispose()
  })

  it("mutationOptions: runs the write once and gives its typed error", async () => {
    const { client, runtime, service } = setup()
    function Follower() {
      const follow = useMutation(mutationOptions(runtime, Follow))
      const error = follow.error
      return (
        <button onClick={() => follow.mutate(404)}>
          {error === null ? follow.status : error._tag === "ResponseError" ? `status ${error.status}` : error._tag}
        </button>
      )
    }
    act(() =>
      dom.root.render(
        <QueryClientProvider client={client}>
          <Follower />
        </QueryClientProvider>
      )
    )
    act(() => dom.container.querySelector("button")!.click())
    await until(() => service.pending() === 1, "the POST")
    await act(async () => service.answerAll())
    await until(() => dom.container.textContent === "status 403", "the failure")
    assert.deepStrictEqual(service.paths(), ["POST /v1/users/404/follow"])
    await runtime.dispose()
  })
})
